// The deployed configuration is production (docs/decisions/0101-production-by-default.md): what `wrangler deploy`
// ships, at the top level and for each named environment, carries no development value and no secret.
import { readFileSync } from "node:fs";
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/utils/env.server";
import { exampleVars, isExampleUrl, REQUIRED_SECRETS } from "../../scripts/deploy.mjs";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const configPath = new URL("../../wrangler.jsonc", import.meta.url).pathname;
const config = (env?: string) => unstable_readConfig({ config: configPath, env });
const raw = unstable_readConfig({ config: configPath });

/** KEY=value lines of a .dev.vars-style file (comments and blank lines skipped). */
function dotVars(text: string): Record<string, string> {
  return Object.fromEntries(
    text.split("\n").flatMap((l) => {
      const m = l.match(/^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/);
      return m ? [[m[1], m[2].trim()]] : [];
    }),
  );
}
const devVars = dotVars(read(".dev.vars.example"));

/** Plausible production values of the secrets (shapes the environment schema accepts). */
const SAMPLE_SECRETS: Record<string, string> = {
  SESSION_SECRET: "f3b1c9e07a5d4e2b8c6a1f0e9d8c7b6a5f4e3d2c1b0a9f8e",
  STRIPE_SECRET_KEY: "sk_live_0123456789abcdefghijklmnop",
  STRIPE_WEBHOOK_SECRET: "whsec_0123456789abcdefghijklmnop",
  MAIL_API_URL: "https://api.mail-provider.invalid/v1/send",
  MAIL_API_KEY: "key-0123456789abcdef",
};

const DEPLOYED = [
  ["production (top level)", undefined],
  ["staging (env.staging)", "staging"],
] as const;

describe.each(DEPLOYED)("wrangler.jsonc, %s", (_label, env) => {
  const c = config(env);
  const vars = c.vars as Record<string, string>;

  it("runs with APP_ENV=production at a public https address", () => {
    expect(vars.APP_ENV).toBe("production");
    expect(new URL(vars.APP_URL).protocol).toBe("https:");
    expect(vars.APP_URL).not.toMatch(/localhost|127\.0\.0\.1|\[::1\]/);
  });

  it("carries no secret and no development value in its vars", () => {
    for (const [key, value] of Object.entries(vars)) {
      expect(key, `${key} is a secret: wrangler secret put`).not.toMatch(/SECRET|KEY|TOKEN|PASSWORD/i);
      expect(REQUIRED_SECRETS).not.toContain(key);
      expect(String(value)).not.toMatch(/dev-only|localhost|127\.0\.0\.1|whsec_|sk_(test|live)_/);
      if (key !== "MAP_TILE_URL")
        expect(Object.values(devVars), `${key} holds a value of .dev.vars.example`).not.toContain(String(value));
    }
  });

  it("starts only with the secrets: its vars alone are refused, its vars plus the README's secrets are a production environment", () => {
    expect(() => parseEnv(vars)).toThrow(/SESSION_SECRET/);
    const parsed = parseEnv({ ...vars, ...SAMPLE_SECRETS });
    expect(parsed.APP_ENV).toBe("production");
  });

  it("keeps Workers Logs on (every request and every structured log line)", () => {
    expect(c.observability?.enabled).toBe(true);
    expect(c.observability?.head_sampling_rate ?? 1).toBe(1);
  });

  it("runs the maintenance cron", () => {
    expect(c.triggers.crons?.length).toBeGreaterThan(0);
  });

  it("binds Cloudflare Images (IMAGES), which makes the event images' sizes (decision 0223)", () => {
    expect(c.images?.binding).toBe("IMAGES");
  });

  it("binds D1 (DB) with its migrations and R2 (FILES), found by name: no placeholder id", () => {
    const db = c.d1_databases.find((d: { binding: string }) => d.binding === "DB");
    expect(db?.database_name).toBeTruthy();
    expect(db?.migrations_dir).toBe("migrations");
    expect(db?.database_id ?? "").not.toMatch(/^0{8}-/);
    expect(c.r2_buckets.find((b: { binding: string }) => b.binding === "FILES")?.bucket_name).toBeTruthy();
    expect(c.durable_objects.bindings.map((b: { name: string }) => b.name)).toContain("ChatRoom");
  });
});

describe("staging is its own deployment", () => {
  const prod = config();
  const staging = config("staging");
  it("has its own Worker, database, bucket and address", () => {
    expect(staging.name).not.toBe(prod.name);
    expect(staging.d1_databases[0].database_name).not.toBe(prod.d1_databases[0].database_name);
    expect(staging.r2_buckets[0].bucket_name).not.toBe(prod.r2_buckets[0].bucket_name);
    expect(staging.vars.APP_URL).not.toBe(prod.vars.APP_URL);
  });
});

describe("the secrets list (scripts/deploy.mjs)", () => {
  it("has a sample for each secret (this test's own list)", () => {
    expect(Object.keys(SAMPLE_SECRETS).sort()).toEqual([...REQUIRED_SECRETS].sort());
  });

  it.each(REQUIRED_SECRETS.map((n) => [n]))("without %s, the production vars are refused, naming it", (name) => {
    const secrets: Record<string, string> = { ...SAMPLE_SECRETS };
    delete secrets[name];
    expect(() => parseEnv({ ...(raw.vars as Record<string, string>), ...secrets })).toThrow(new RegExp(name));
  });

  it("names only variables the environment schema reads", () => {
    const parsed = parseEnv({ ...(raw.vars as Record<string, string>), ...SAMPLE_SECRETS });
    for (const name of REQUIRED_SECRETS) expect(parsed[name as keyof typeof parsed], name).toBe(SAMPLE_SECRETS[name]);
  });
});

describe("isExampleUrl: deploy refuses the committed example address", () => {
  it.each([
    ["https://balise.example", true],
    ["https://staging.balise.example", true],
    ["https://balise.example/", true],
    ["not a url", true],
    ["https://balise.fr", false],
    ["https://balise.my-account.workers.dev", false],
    ["https://example.org", false],
  ])("%s → %s", (url, expected) => {
    expect(isExampleUrl(url)).toBe(expected);
  });

  it("names APP_URL and MAIL_FROM while they hold the example addresses", () => {
    expect(exampleVars(config().vars)).toEqual(["APP_URL", "MAIL_FROM"]);
    expect(exampleVars(config("staging").vars)).toEqual(["APP_URL", "MAIL_FROM"]);
    expect(exampleVars({ APP_URL: "https://balise.fr", MAIL_FROM: "Balise <no-reply@balise.fr>" })).toEqual([]);
    expect(exampleVars({ APP_URL: "https://balise.fr", MAIL_FROM: "Balise <no-reply@balise.example>" })).toEqual([
      "MAIL_FROM",
    ]);
  });
});

describe("local development values", () => {
  it(".dev.vars.example is development, with the local session secret; .dev.vars itself is never committed", () => {
    expect(devVars.APP_ENV).toBe("development");
    expect(devVars.SESSION_SECRET).toMatch(/^dev-only/);
    expect(devVars.APP_URL).toMatch(/^http:\/\/localhost:/);
    expect(read(".gitignore").split("\n")).toContain(".dev.vars");
  });

  it("npm run dev writes .dev.vars from the example when it is missing", () => {
    const dev = read("scripts/dev.mjs");
    expect(dev).toMatch(/copyFileSync\("\.dev\.vars\.example", "\.dev\.vars"\)/);
  });
});
