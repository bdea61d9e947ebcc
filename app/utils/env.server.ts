import { z } from "zod";
import { MAX_PAGE_CACHE_SECONDS } from "./page-cache";

/**
 * The Worker's environment, parsed once per bindings object. A bad value fails loudly, naming the variables.
 * Only development and test may run the local stand-ins (payment provider, outbox at /dev/mail, /dev/* pages):
 * a production Worker without its real payment and mail configuration refuses every request (docs/decisions/0007).
 */
export const EnvSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]).default("production"),
    // The site's address without a trailing slash (the one place that trims it): absoluteUrl (app/domain/paths.ts) joins it to a path.
    APP_URL: z
      .string()
      .url()
      .transform((u) => u.replace(/\/+$/, "")),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET doit faire au moins 32 caractères"),
    MAP_TILE_URL: z.string().default("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"),
    STRIPE_SECRET_KEY: z
      .string()
      .refine(
        (v) => /^(sk|rk)_(live|test)_/.test(v),
        "STRIPE_SECRET_KEY doit commencer par sk_live_, sk_test_, rk_live_ ou rk_test_",
      )
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .startsWith("whsec_", "STRIPE_WEBHOOK_SECRET doit commencer par whsec_")
      .optional(),
    // A fake Stripe API on loopback (tests of the Stripe adapter only).
    STRIPE_API_HOST: z.string().optional(),
    STRIPE_API_PORT: z.string().optional(),
    STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
    LOCAL_WEBHOOK_SECRET: z.string().default("whsec_local_balise_dev_secret"),
    MAIL_API_KEY: z.string().optional(),
    MAIL_API_URL: z.string().url().optional(),
    MAIL_FROM: z.string().optional(),
    // Strava activity sync (decision 0232): optional everywhere; all three or none. Without them production says the
    // sync is unavailable, development and test use the local stand-in.
    STRAVA_CLIENT_ID: z
      .string()
      .regex(/^\d+$/, "STRAVA_CLIENT_ID doit être l'identifiant numérique de l'application Strava")
      .optional(),
    STRAVA_CLIENT_SECRET: z.string().min(20, "STRAVA_CLIENT_SECRET doit faire au moins 20 caractères").optional(),
    STRAVA_VERIFY_TOKEN: z.string().min(16, "STRAVA_VERIFY_TOKEN doit faire au moins 16 caractères").optional(),
    GEOCODER: z.enum(["local", "ban"]).default("local"),
    GEOCODER_URL: z.string().url().optional(),
    // Seconds the anonymous catalogue lists are kept by the data centre (docs/decisions/0178): 30 in production,
    // none in development and test, unless set.
    PAGE_CACHE_SECONDS: z.coerce
      .number({ invalid_type_error: "PAGE_CACHE_SECONDS doit être un nombre de secondes" })
      .int("PAGE_CACHE_SECONDS doit être un nombre entier de secondes")
      .min(0, "PAGE_CACHE_SECONDS ne peut pas être négatif")
      .max(MAX_PAGE_CACHE_SECONDS, `PAGE_CACHE_SECONDS ne peut pas dépasser ${MAX_PAGE_CACHE_SECONDS}`)
      .optional(),
  })
  .passthrough();

export type AppEnv = z.infer<typeof EnvSchema>;

/** Development and test only: local payment provider, local outbox, /dev/* pages, on-screen error log. */
export function allowsLocalStandIns(env: Pick<AppEnv, "APP_ENV">): boolean {
  return env.APP_ENV === "development" || env.APP_ENV === "test";
}

/** What production must have: a real payment provider, a real mailer, a session secret of its own. */
export const PRODUCTION_REQUIRED = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "MAIL_API_URL",
  "MAIL_API_KEY",
  "MAIL_FROM",
] as const;
/**
 * The ones set with `wrangler secret put` (never in wrangler.jsonc); MAIL_FROM and APP_URL are plain vars there.
 * scripts/deploy.mjs refuses to deploy while one is missing.
 */
export const PRODUCTION_SECRETS = [
  "SESSION_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "MAIL_API_URL",
  "MAIL_API_KEY",
] as const;
/** Strava's application (decision 0232): optional in production (the sync then says it is unavailable), all or none. */
export const STRAVA_VARIABLES = ["STRAVA_CLIENT_ID", "STRAVA_CLIENT_SECRET", "STRAVA_VERIFY_TOKEN"] as const;
/** Only for tests of the Stripe adapter against a fake API: never in production. */
const PRODUCTION_FORBIDDEN = ["STRIPE_API_HOST", "STRIPE_API_PORT", "STRIPE_API_PROTOCOL"] as const;

const DEFAULT_MAIL_FROM = "Balise <no-reply@balise.test>";

/** The sender address: production names its own (required above); development and test use a .test address. */
export function mailFrom(env: AppEnv): string {
  return env.MAIL_FROM ?? DEFAULT_MAIL_FROM;
}

/** Problems that stop a production Worker, each naming its variable; empty outside production. */
export function productionProblems(env: AppEnv): string[] {
  if (env.APP_ENV !== "production") return [];
  const problems: string[] = [];
  const missing = PRODUCTION_REQUIRED.filter((k) => !env[k]);
  if (missing.length) problems.push(`variables manquantes en production : ${missing.join(", ")}`);
  const forbidden = PRODUCTION_FORBIDDEN.filter((k) => env[k]);
  if (forbidden.length)
    problems.push(`variables réservées aux tests, interdites en production : ${forbidden.join(", ")}`);
  const strava = STRAVA_VARIABLES.filter((k) => env[k]);
  if (strava.length > 0 && strava.length < STRAVA_VARIABLES.length)
    problems.push(
      `Strava à moitié configuré : ${STRAVA_VARIABLES.filter((k) => !env[k]).join(", ")} manquant (toutes ou aucune)`,
    );
  if (env.SESSION_SECRET.startsWith("dev-only")) problems.push("SESSION_SECRET de développement en production");
  if (env.MAIL_FROM && /\.(test|invalid|localhost)>?\s*$/i.test(env.MAIL_FROM))
    problems.push("MAIL_FROM : adresse de développement en production");
  if (!env.APP_URL.startsWith("https://")) problems.push("APP_URL doit commencer par https:// en production");
  return problems;
}

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
  const problems = productionProblems(parsed.data);
  if (problems.length) throw new Error(`Configuration invalide de l'environnement : ${problems.join("; ")}`);
  return parsed.data;
}
