// The Premium tools' home (issue 47) in workerd with real D1: a runner's coming races with a GPX are those of their
// registrations holding a place; another runner's, a cancelled one's, a past one's and a format without GPX are not.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../app/providers/clock";
import { premiumRaces } from "../../app/services/premium-tools.server";
import { loadDemoData } from "./helpers";
import { testContext } from "./payments-helpers";

async function newRunner(): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, 'x', '2026-01-01T00:00:00.000Z')",
  )
    .bind(id, `outils-${id.slice(0, 8)}@balise.test`)
    .run();
  return id;
}

async function register(runner: string, formatId: string, statut: string) {
  await env.DB.prepare(
    "INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom) SELECT ?, course_id, id, ?, ?, ?, 'Outil', 'Test' FROM formats WHERE id = ?",
  )
    .bind(crypto.randomUUID(), runner, statut, crypto.randomUUID(), formatId)
    .run();
}

describe("premiumRaces", () => {
  let withGpx: { id: string; date: string }[] = [];
  let withoutGpx: { id: string }[] = [];
  beforeAll(async () => {
    await loadDemoData();
    withGpx = (
      await env.DB.prepare(
        "SELECT id, date FROM formats WHERE gpx_url IS NOT NULL AND date IS NOT NULL ORDER BY date LIMIT 3",
      ).all<{ id: string; date: string }>()
    ).results;
    withoutGpx = (await env.DB.prepare("SELECT id FROM formats WHERE gpx_url IS NULL LIMIT 1").all<{ id: string }>())
      .results;
    expect(withGpx.length).toBeGreaterThanOrEqual(2);
    expect(withoutGpx.length).toBe(1);
  });

  it("lists the formats of the runner's places with a GPX, not yet run, soonest first", async () => {
    const runner = await newRunner();
    const other = await newRunner();
    await register(runner, withGpx[1].id, "validee");
    await register(runner, withGpx[0].id, "validee");
    await register(runner, withoutGpx[0].id, "validee");
    await register(runner, withGpx[2]?.id ?? withGpx[1].id, "annulee");
    await register(other, withGpx[2]?.id ?? withGpx[0].id, "validee");
    const races = await premiumRaces(testContext(fixedClock(`${withGpx[0].date}T06:00:00.000Z`)), runner);
    expect(new Set(races.map((r) => r.formatId))).toEqual(new Set([withGpx[0].id, withGpx[1].id]));
    expect(races.map((r) => r.date)).toEqual(races.map((r) => r.date).sort());
    expect(races[0].courseNom).toBeTruthy();
  });

  it("leaves out a race already run", async () => {
    const runner = await newRunner();
    await register(runner, withGpx[0].id, "validee");
    const after = new Date(`${withGpx[0].date}T00:00:00Z`);
    after.setUTCDate(after.getUTCDate() + 2);
    expect(await premiumRaces(testContext(fixedClock(after.toISOString())), runner)).toEqual([]);
  });
});
