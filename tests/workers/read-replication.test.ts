// D1 read replication through the Sessions API (decision 0161): where each request's session starts, the bookmark
// a writing request hands back, the next request reading its own write, and the catalogue's round trips unchanged.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { isBookmark } from "~/domain/read-consistency";
import { searchCourses } from "~/services/catalogue.server";
import { parseCourseFilters } from "~/domain/filters";
import worker from "../../server";
import { getLoadContext } from "../../load-context";
import { cookiesOf, get, login } from "./accounts-helpers";
import { loadDemoData } from "./helpers";

const ctx = { waitUntil() {} };
const contextFor = (path: string, init: RequestInit = {}) =>
  getLoadContext({ request: new Request(`http://localhost${path}`, init), env, ctx, nonce: "" });

/** The bookmark cookie a response sets, if any. */
function bookmarkOf(res: Response): string | null {
  const c = (res.headers.getSetCookie?.() ?? []).find((v) => v.startsWith("balise_d1="));
  return c ? c.slice("balise_d1=".length).split(";")[0] : null;
}

describe("read replication (D1 Sessions API)", () => {
  beforeAll(loadDemoData);

  it("the local D1 binding has the Sessions API (no adapter needed)", () => {
    expect(typeof env.DB.withSession).toBe("function");
  });

  it("anonymous catalogue reads start unconstrained; writes and the registration, payment, refund and payout paths start on the primary; the cron job too", () => {
    expect(contextFor("/courses").d1Session.start).toBe("first-unconstrained");
    expect(contextFor("/").d1Session.start).toBe("first-unconstrained");
    expect(contextFor("/courses/trail-du-canigou").d1Session.start).toBe("first-unconstrained");
    expect(contextFor("/courses", { method: "POST" }).d1Session.start).toBe("first-primary");
    for (const p of [
      "/inscription/c1",
      "/merci?i=1",
      "/mon-inscription/i1/annuler",
      "/admin/payouts",
      "/webhooks/stripe",
    ])
      expect(contextFor(p).d1Session.start, p).toBe("first-primary");
    const cron = getLoadContext({
      request: new Request("http://localhost/"),
      env,
      ctx,
      nonce: "",
      readFrom: "first-primary",
    });
    expect(cron.d1Session.start).toBe("first-primary");
  });

  it("the organiser's money pages (profile with 'Mes versements', space, events) start on the primary, even with a bookmark", async () => {
    const res = await login("organisateur@balise.test", "balise-demo");
    const bookmark = bookmarkOf(res);
    expect(bookmark !== null && isBookmark(bookmark)).toBe(true);
    const cookie = cookiesOf(res);
    for (const p of [
      "/monprofilorganisateur",
      "/monprofilorganisateur/compte-paiement",
      "/organisateur/mon-espace",
      "/mon-espace-organisateur",
      "/organisateur/liste-epreuves",
    ]) {
      expect(contextFor(p).d1Session.start, p).toBe("first-primary");
      expect(contextFor(p, { headers: { cookie } }).d1Session.start, `${p} with a bookmark`).toBe("first-primary");
      // The pages themselves answer, and a GET hands back no bookmark.
      const page = await get(p, cookie);
      expect(page.status, p).toBe(200);
      expect(bookmarkOf(page), p).toBeNull();
    }
    // A page without money keeps reading from the visitor's bookmark.
    expect(contextFor("/monprofil", { headers: { cookie } }).d1Session.start).toEqual({ bookmark });
  });

  it("a write hands back its bookmark; the next request starts from it, reads the write, and never goes back in time", async () => {
    // The write: logging in creates the session row the next page reads.
    const res = await login("organisateur@balise.test", "balise-demo");
    expect(res.status).toBe(302);
    const bookmark = bookmarkOf(res);
    expect(bookmark !== null && isBookmark(bookmark)).toBe(true);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("balise_d1="))).toMatch(/HttpOnly; SameSite=Lax/);
    const cookie = cookiesOf(res);
    expect(cookie).toContain("balise_d1=");

    // The next request, with the cookie: it sees the new session (the organiser's own space, not the login form).
    const next = await get("/monprofil", cookie);
    expect(next.status).toBe(200);
    expect(await next.text()).toContain("organisateur@balise.test");
    expect(bookmarkOf(next)).toBeNull(); // a GET writes nothing and sets no bookmark

    // Its session started from the bookmark, and what it read is at least that recent.
    const context = contextFor("/monprofil", { headers: { cookie } });
    expect(context.d1Session.start).toEqual({ bookmark });
    await context.db.$client.prepare("SELECT 1").all();
    expect(context.d1Session.bookmark()! >= bookmark!).toBe(true);
  });

  it("a catalogue page still costs one D1 round trip, through the request's session", async () => {
    const counted = { ...env, BENCH_QUERY_COUNT: "1" } as typeof env;
    for (const path of [
      "/",
      "/courses",
      "/courses?q=trail",
      "/courses?page=2&taille=6",
      "/formats",
      "/courses/trail-du-canigou",
    ]) {
      const c = createExecutionContext();
      const res = await worker.fetch(new Request(`http://localhost${path}`), counted, c);
      await waitOnExecutionContext(c);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("X-Round-Trips"), path).toBe("1");
      expect(bookmarkOf(res), path).toBeNull();
    }
    // The service reads through the session as well (no second binding, no extra query).
    const context = contextFor("/courses");
    const today = new Date().toISOString().slice(0, 10);
    const result = await searchCourses(context, parseCourseFilters(new URLSearchParams(""), today).filters);
    expect(result.rows.length).toBeGreaterThan(0);
    expect(context.d1Session.bookmark()).not.toBeNull();
  });
});
