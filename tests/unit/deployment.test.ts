// The README's "Mise en production" is the operator's path to a working site: it must stay in step with the code it
// describes (the webhook events handled, the secrets required, the names in wrangler.jsonc, the deploy script, the
// log events).
import { readFileSync } from "node:fs";
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { STRIPE_API_VERSION } from "~/providers/payments-stripe.server";
import { CONNECT_EVENT_TYPES, HANDLED_EVENT_TYPES } from "~/services/payments-webhook.server";
import { LOG_EVENT_NAMES } from "~/utils/log.server";
import { STRAVA_VARIABLES } from "../../app/utils/env.server";
import { REQUIRED_SECRETS } from "../../scripts/deploy.mjs";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const readme = read("README.md");
const configPath = new URL("../../wrangler.jsonc", import.meta.url).pathname;
const prod = unstable_readConfig({ config: configPath });
const staging = unstable_readConfig({ config: configPath, env: "staging" });

/** The text of a `## title` section, up to the next `## `. */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) return "";
  const next = markdown.indexOf("\n## ", start + 4);
  return markdown.slice(start, next < 0 ? undefined : next);
}
const mep = section(readme, "Mise en production");

/** Table rows whose first cell is a backquoted name: name → the other cells. */
function tableRows(text: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const m of text.matchAll(/^[ \t]*\|\s*`([a-z_.]+)`\s*\|(.*)\|\s*$/gm))
    rows.set(
      m[1],
      m[2].split("|").map((c) => c.trim()),
    );
  return rows;
}
const webhookTable = tableRows(mep.slice(mep.indexOf("### 4."), mep.indexOf("### 5.")));
const logTable = tableRows(mep.slice(mep.indexOf("### 9."), mep.indexOf("### 10.")));

describe("README, 'Mise en production'", () => {
  it("exists, in French, with numbered steps", () => {
    expect(mep).not.toBe("");
    expect(mep.match(/^### \d+\. /gm)?.length).toBeGreaterThanOrEqual(10);
  });

  it("lists exactly the webhook events the handler acts on (HANDLED_EVENT_TYPES), each with its destination", () => {
    expect([...webhookTable.keys()].sort()).toEqual([...HANDLED_EVENT_TYPES].sort());
    for (const [type, [destination]] of webhookTable) {
      expect(destination, type).toBe(
        CONNECT_EVENT_TYPES.includes(type as (typeof HANDLED_EVENT_TYPES)[number])
          ? "Comptes connectés"
          : "Votre compte",
      );
    }
  });

  it("gives the webhook URL of the route that receives them and the API version the code pins", () => {
    expect(read("app/routes/webhooks.stripe.tsx")).toContain("export async function action");
    expect(mep).toContain("APP_URL/webhooks/stripe");
    expect(mep).toContain(`version d'API \`${STRIPE_API_VERSION}\``);
  });

  it("sets every required secret with wrangler secret put, and no other than the optional Strava ones", () => {
    for (const name of REQUIRED_SECRETS) expect(mep).toMatch(new RegExp(`npx wrangler secret put ${name}\\b`));
    const put = [...mep.matchAll(/wrangler secret put ([A-Z_]+)/g)].map((m) => m[1]);
    expect([...new Set(put)].sort()).toEqual([...REQUIRED_SECRETS, ...STRAVA_VARIABLES].sort());
  });

  it("creates the D1 databases and R2 buckets that wrangler.jsonc names, for production and staging", () => {
    for (const c of [prod, staging]) {
      expect(mep).toContain(`npx wrangler d1 create ${c.d1_databases[0].database_name} `);
      expect(mep).toContain(`npx wrangler r2 bucket create ${c.r2_buckets[0].bucket_name} `);
    }
  });

  it("deploys with npm run deploy, which builds, migrates the remote database, then deploys, in that order", () => {
    expect(mep).toContain("npm run deploy ");
    expect(mep).toContain("npm run deploy:staging");
    const pkg = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
    expect(pkg.scripts.deploy).toBe("node scripts/deploy.mjs");
    expect(pkg.scripts["deploy:staging"]).toBe("node scripts/deploy.mjs --env staging");
    const script = read("scripts/deploy.mjs");
    const steps = [
      'run("remix", ["vite:build"])',
      'run("wrangler", ["d1", "migrations", "apply", "DB", "--remote"',
      'run("wrangler", ["deploy"',
    ].map((s) => script.indexOf(s));
    expect(steps.every((i) => i > 0)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  });

  it("names the cron the configuration deploys", () => {
    for (const cron of prod.triggers.crons ?? []) expect(mep).toContain(`\`${cron}\``);
  });

  it("covers the custom domain, logs, rollback and the database's restore", () => {
    expect(mep).toContain('"custom_domain": true');
    expect(mep).toContain("npx wrangler tail");
    expect(mep).toContain("npx wrangler rollback");
    expect(mep).toMatch(/npx wrangler d1 time-travel restore balise /);
    expect(mep).toMatch(/npx wrangler d1 export balise --remote/);
  });

  it("documents every structured log event (LOG_EVENT_NAMES), and no other", () => {
    expect([...logTable.keys()].sort()).toEqual([...LOG_EVENT_NAMES].sort());
  });

  it("tells to replace the example addresses that npm run deploy refuses", () => {
    expect(String(prod.vars.APP_URL)).toContain(".example");
    expect(mep).toContain("`APP_URL`");
    expect(mep).toContain("`MAIL_FROM`");
  });
});
