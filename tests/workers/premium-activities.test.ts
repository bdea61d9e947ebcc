// « Mes activités » in workerd with real D1 and R2 (issue 47, decisions 0231, 0232): a file imported twice is one
// row; the local Strava stand-in's webhook event replayed ×10 in parallel is one activity; forged events are
// ignored; the subscription check echoes the challenge only with our verify token; deleting is for the owner only;
// an expired token is refreshed before the activity is re-read; tokens are sealed at rest, and a link whose tokens no
// longer open is removed; the whole consent flow links the account.
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createLocalActivitySync, LOCAL_VERIFY_TOKEN } from "../../app/providers/activity-sync-local.server";
import { storeConnection } from "../../app/services/activity-sync.server";
import { sealToken } from "../../app/utils/token-cipher.server";
import { loadDemoData } from "./helpers";
import { get, post, row, rows, sessionCookie } from "./organiser-helpers";
import { testContext } from "./payments-helpers";
import { newPremiumRunner } from "./premium-helpers";

const GPX = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Sortie du matin</name><type>running</type><trkseg>
<trkpt lat="45.9200" lon="6.8600"><ele>1035</ele><time>2026-11-20T07:00:00Z</time></trkpt>
<trkpt lat="45.9290" lon="6.8600"><ele>1060</ele><time>2026-11-20T07:05:00Z</time></trkpt>
<trkpt lat="45.9380" lon="6.8600"><ele>1100</ele><time>2026-11-20T07:10:00Z</time></trkpt>
</trkseg></trk></gpx>`;

async function premiumRunner(): Promise<{ id: string; cookie: string }> {
  const { id } = await newPremiumRunner("activites");
  return { id, cookie: await sessionCookie(id) };
}

function gpxForm(text = GPX, name = "sortie.gpx"): FormData {
  const fd = new FormData();
  fd.append("intent", "importer");
  fd.append("fichier", new File([text], name, { type: "application/gpx+xml" }));
  return fd;
}

const activitiesOf = (userId: string) =>
  rows<{ id: string; source: string; source_id: string; name: string }>(
    "SELECT id, source, source_id, name FROM activites WHERE user_id = ?",
    userId,
  );

function athleteId(): string {
  return String(100_000_000 + Math.floor(Math.random() * 899_999_999));
}

/** Links `userId` to a new local athlete, with tokens valid (or expired) now. */
async function linkLocal(userId: string, expired = false): Promise<string> {
  const athlete = athleteId();
  const exp = Math.floor(Date.now() / 1000) + (expired ? -3600 : 6 * 3600);
  await storeConnection(testContext(), {
    userId,
    provider: "strava",
    athleteId: athlete,
    accessToken: `dev-access.${athlete}.${exp}`,
    refreshToken: `dev-refresh.${athlete}`,
    expiresAt: new Date(exp * 1000).toISOString(),
    scope: "read,activity:read_all",
  });
  return athlete;
}

function recordAt(athlete: string): Promise<string> {
  const ctx = testContext();
  return createLocalActivitySync({ storage: ctx.storage, clock: ctx.clock }).record(athlete, {
    startedAt: "2026-11-21T08:00:00.000Z",
    name: "Sortie trail (simulée)",
    sport: "trail",
    distanceM: 12_400,
    elevationGainM: 650,
    movingTimeSec: 3900,
  });
}

function webhook(event: Record<string, unknown>) {
  return SELF.fetch("http://localhost/api/strava/webhook", {
    method: "POST",
    body: JSON.stringify({ event_time: Math.floor(Date.now() / 1000), subscription_id: 1, updates: {}, ...event }),
    headers: { "content-type": "application/json" },
  });
}

const createEvent = (athlete: string, activity: string) => ({
  object_type: "activity",
  aspect_type: "create",
  object_id: Number(activity),
  owner_id: Number(athlete),
});

describe("Mes activités", () => {
  beforeAll(loadDemoData);

  it("a file imported twice is one activity, listed on the page", async () => {
    const runner = await premiumRunner();
    const first = await post("/premium/activites", gpxForm(), runner.cookie);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toContain("ok=importee");
    const again = await post("/premium/activites", gpxForm(), runner.cookie);
    expect(again.status).toBe(302);
    const stored = await activitiesOf(runner.id);
    expect(stored).toHaveLength(1);
    expect(stored[0].source).toBe("gpx");
    const page = await get("/premium/activites", runner.cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sortie du matin");
  });

  it("an unreadable file is refused with a French message, nothing stored", async () => {
    const runner = await premiumRunner();
    const res = await post("/premium/activites", gpxForm("pas un gpx", "sortie.gpx"), runner.cookie);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await res.text()).toMatch(/fichier/i);
    expect(await activitiesOf(runner.id)).toHaveLength(0);
  });

  it("a webhook event replayed ×10 in parallel gives one activity", async () => {
    const runner = await premiumRunner();
    const athlete = await linkLocal(runner.id);
    const activity = await recordAt(athlete);
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(createEvent(athlete, activity))));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const stored = await activitiesOf(runner.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ source: "local", source_id: activity, name: "Sortie trail (simulée)" });
  });

  it("forged events are ignored: an unknown athlete, another athlete's activity", async () => {
    const runner = await premiumRunner();
    const other = await premiumRunner();
    const athlete = await linkLocal(runner.id);
    const otherAthlete = await linkLocal(other.id);
    const othersActivity = await recordAt(otherAthlete);
    const unknown = await webhook(createEvent(athleteId(), othersActivity));
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ ignored: "athlete" });
    const stolen = await webhook(createEvent(athlete, othersActivity));
    expect(stolen.status).toBe(200);
    expect(await activitiesOf(runner.id)).toHaveLength(0);
    expect(await activitiesOf(other.id)).toHaveLength(0);
    const notActivity = await webhook({ object_type: "athlete", aspect_type: "update", object_id: 1, owner_id: 1 });
    expect(await notActivity.json()).toEqual({ ignored: "evenement" });
  });

  it("a delete event removes the activity once the provider no longer has it", async () => {
    const runner = await premiumRunner();
    const athlete = await linkLocal(runner.id);
    const activity = await recordAt(athlete);
    await webhook(createEvent(athlete, activity));
    expect(await activitiesOf(runner.id)).toHaveLength(1);
    // A forged delete while the provider still has it changes nothing.
    await webhook({ ...createEvent(athlete, activity), aspect_type: "delete" });
    expect(await activitiesOf(runner.id)).toHaveLength(1);
    const ctx = testContext();
    await createLocalActivitySync({ storage: ctx.storage, clock: ctx.clock }).remove(athlete, activity);
    await webhook({ ...createEvent(athlete, activity), aspect_type: "delete" });
    expect(await activitiesOf(runner.id)).toHaveLength(0);
  });

  it("the subscription check echoes the challenge only with our verify token", async () => {
    const ok = await get(
      `/api/strava/webhook?hub.mode=subscribe&hub.verify_token=${LOCAL_VERIFY_TOKEN}&hub.challenge=defi-123`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ "hub.challenge": "defi-123" });
    const wrong = await get("/api/strava/webhook?hub.mode=subscribe&hub.verify_token=faux&hub.challenge=defi-123");
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain("defi-123");
  });

  it("deleting another runner's activity does nothing; the owner can", async () => {
    const owner = await premiumRunner();
    const intruder = await premiumRunner();
    await post("/premium/activites", gpxForm(), owner.cookie);
    const [activity] = await activitiesOf(owner.id);
    const refused = await post("/premium/activites", { intent: "supprimer", id: activity.id }, intruder.cookie);
    expect(refused.status).toBe(404);
    expect(await activitiesOf(owner.id)).toHaveLength(1);
    const done = await post("/premium/activites", { intent: "supprimer", id: activity.id }, owner.cookie);
    expect(done.status).toBe(302);
    expect(await activitiesOf(owner.id)).toHaveLength(0);
  });

  it("keeps the tokens sealed in D1; a link whose tokens no longer open is removed, the event ignored", async () => {
    const runner = await premiumRunner();
    const athlete = await linkLocal(runner.id);
    const stored = await row<{ access_token: string; refresh_token: string }>(
      "SELECT access_token, refresh_token FROM connexions_activite WHERE user_id = ?",
      runner.id,
    );
    for (const token of [stored!.access_token, stored!.refresh_token]) {
      expect(token.startsWith("v1.")).toBe(true);
      expect(token).not.toContain(athlete);
    }
    // The server's secret changed since: the tokens no longer open.
    const other = await sealToken("un-autre-secret-de-session", `dev-access.${athlete}.9999999999`);
    await env.DB.prepare("UPDATE connexions_activite SET access_token = ?, refresh_token = ? WHERE user_id = ?")
      .bind(other, other, runner.id)
      .run();
    const res = await webhook(createEvent(athlete, await recordAt(athlete)));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ignored: "acces_revoque" });
    expect(await activitiesOf(runner.id)).toHaveLength(0);
    expect(await row("SELECT user_id FROM connexions_activite WHERE user_id = ?", runner.id)).toBeNull();
  });

  it("an expired access token is refreshed (and stored) before the activity is re-read", async () => {
    const runner = await premiumRunner();
    const athlete = await linkLocal(runner.id, true);
    const before = await row<{ access_token: string; expires_at: string }>(
      "SELECT access_token, expires_at FROM connexions_activite WHERE user_id = ?",
      runner.id,
    );
    const activity = await recordAt(athlete);
    const res = await webhook(createEvent(athlete, activity));
    expect(res.status).toBe(200);
    expect(await activitiesOf(runner.id)).toHaveLength(1);
    const after = await row<{ access_token: string; expires_at: string }>(
      "SELECT access_token, expires_at FROM connexions_activite WHERE user_id = ?",
      runner.id,
    );
    expect(after!.access_token).not.toBe(before!.access_token);
    expect(Date.parse(after!.expires_at)).toBeGreaterThan(Date.now());
  });

  it("the consent flow links the account; a state from another account is refused; disconnecting unlinks", async () => {
    const runner = await premiumRunner();
    const start = await post("/premium/activites/strava", {}, runner.cookie);
    expect(start.status).toBe(302);
    const consent = new URL(start.headers.get("location")!, "http://localhost");
    expect(consent.pathname).toBe("/dev/strava");
    const stateCookie = start.headers.get("set-cookie")!.split(";")[0];
    const state = consent.searchParams.get("state")!;
    const back = await post("/dev/strava", { intent: "autoriser", state }, runner.cookie);
    expect(back.status).toBe(302);
    const callback = back.headers.get("location")!;
    // Another account replaying this return is refused (the state is bound to the account).
    const intruder = await premiumRunner();
    const stolen = await get(callback, `${intruder.cookie}; ${stateCookie}`);
    expect(stolen.headers.get("location") ?? "").toContain("strava=etat_invalide");
    expect(await row("SELECT user_id FROM connexions_activite WHERE user_id = ?", intruder.id)).toBeNull();
    const done = await get(callback, `${runner.cookie}; ${stateCookie}`);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toContain("ok=connecte");
    expect(await row("SELECT user_id FROM connexions_activite WHERE user_id = ?", runner.id)).not.toBeNull();
    const recorded = await post("/dev/strava", { intent: "nouvelle_activite" }, runner.cookie);
    expect(recorded.headers.get("location")).toContain("ok=nouvelle");
    expect(await activitiesOf(runner.id)).toHaveLength(1);
    const off = await post("/premium/activites", { intent: "deconnecter" }, runner.cookie);
    expect(off.headers.get("location")).toContain("ok=deconnecte");
    expect(await row("SELECT user_id FROM connexions_activite WHERE user_id = ?", runner.id)).toBeNull();
  });
});
