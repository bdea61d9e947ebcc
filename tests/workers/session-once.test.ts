// One session look-up per request: the root loader and the page's own loader (requireUser…) share it, on documents
// and on single-fetch data requests, and a request that runs an action reads it again after the action.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../server";
import { loadDemoData } from "./helpers";
import { ORG1, sessionCookie } from "./organiser-helpers";

/**
 * The Worker's bindings with a D1 that records the SQL of every statement prepared through it, or through the D1
 * sessions it opens (each request reads through one: decision 0161).
 */
function recording(): { bindings: Env; sql: string[] } {
  const sql: string[] = [];
  const record = <T extends object>(db: T): T =>
    new Proxy(db, {
      get(target, prop) {
        if (prop === "prepare")
          return (query: string) => {
            sql.push(query);
            return (target as unknown as D1Database).prepare(query);
          };
        if (prop === "withSession")
          return (start?: string) => record((target as unknown as D1Database).withSession(start));
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return { bindings: { ...env, DB: record(env.DB) } as Env, sql };
}

async function sessionReads(
  path: string,
  cookie: string,
  init: RequestInit = {},
): Promise<{ status: number; reads: number }> {
  const { bindings, sql } = recording();
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`http://localhost${path}`, {
      ...init,
      headers: { cookie, ...(init.headers ?? {}) },
      redirect: "manual",
    }),
    bindings,
    ctx,
  );
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { status: res.status, reads: sql.filter((q) => /from "sessions"/i.test(q)).length };
}

describe("session look-ups per request", () => {
  let cookie = "";
  beforeAll(async () => {
    await loadDemoData();
    cookie = await sessionCookie(ORG1.id);
  });

  it.each(["/mesinscriptions", "/organisateur/mon-espace", "/monprofil", "/courses"])(
    "GET %s reads the session once",
    async (path) => {
      expect(await sessionReads(path, cookie)).toEqual({ status: 200, reads: 1 });
    },
  );

  it.each(["/mesinscriptions.data", "/organisateur/mon-espace.data"])("single fetch %s reads it once", async (path) => {
    expect(await sessionReads(path, cookie)).toEqual({ status: 200, reads: 1 });
  });

  it("an anonymous page with no session cookie reads nothing", async () => {
    expect(await sessionReads("/courses", "")).toEqual({ status: 200, reads: 0 });
  });
});
