import { z } from "zod";

/** The Worker's environment, parsed once per request. A bad value fails loudly. */
export const EnvSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]).default("production"),
    APP_URL: z.string().url(),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET doit faire au moins 32 caractères"),
    MAP_TILE_URL: z.string().default("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"),
    STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_HOST: z.string().optional(),
    STRIPE_API_PORT: z.string().optional(),
    STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
    LOCAL_WEBHOOK_SECRET: z.string().default("whsec_local_balise_dev_secret"),
    MAIL_API_KEY: z.string().optional(),
    MAIL_API_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default("Balise <no-reply@balise.test>"),
    GEOCODER: z.enum(["local", "ban"]).default("local"),
    GEOCODER_URL: z.string().url().optional(),
  })
  .passthrough();

export type AppEnv = z.infer<typeof EnvSchema>;

// The bindings object a Worker receives is the same for every request of an isolate: it is parsed once per
// object (a bad configuration is never remembered: it throws again on every request).
const parsedByBindings = new WeakMap<object, AppEnv>();

/** parseEnv, remembered per bindings object. */
export function envFromBindings(bindings: object): AppEnv {
  let env = parsedByBindings.get(bindings);
  if (!env) {
    env = parseEnv(bindings as Record<string, unknown>);
    parsedByBindings.set(bindings, env);
  }
  return env;
}

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const vars: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (typeof v === "string" && v !== "") vars[k] = v;
  const parsed = EnvSchema.safeParse(vars);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Configuration invalide de l'environnement : ${issues}`);
  }
  if (parsed.data.APP_ENV === "production" && parsed.data.SESSION_SECRET.startsWith("dev-only")) {
    throw new Error("Configuration invalide de l'environnement : SESSION_SECRET de développement en production");
  }
  return parsed.data;
}
