import { env } from "cloudflare:test";

/** Loads the demo data into the test D1 and R2, the same statements `npm run dev` loads. */
export async function loadDemoData(): Promise<void> {
  const { DEMO_STATEMENTS, DEMO_FILES } = env as Cloudflare.Env & TestBindings;
  const stmts = DEMO_STATEMENTS.map((s) => env.DB.prepare(s));
  for (let i = 0; i < stmts.length; i += 50) await env.DB.batch(stmts.slice(i, i + 50));
  for (const f of DEMO_FILES) await env.FILES.put(f.key, f.body, { httpMetadata: { contentType: f.contentType } });
}
