// The estimate's references from Balise (issue 47, decision 0234) in workerd with real D1: the signed-in runner is
// offered their own finished results and recent runs, and only theirs; another account's result or activity id is
// refused with a French message and shows nothing of it; a DNF, a walk, an old run cannot be picked. The page also
// draws the aid stations on the profile. Needs `npx remix vite:build` (the pages are fetched through the Worker).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { upsertActivity } from "~/db/activities.server";
import { DEMO_USERS } from "~/db/demo-data";
import { DEMO_RESULTS } from "~/db/demo-results";
import type { ActivitySummary } from "~/domain/activity";
import { EstimateReferenceError } from "~/domain/estimate-references";
import * as paths from "~/domain/paths";
import { fixedClock } from "~/providers/clock";
import { ActivityNotFoundError } from "~/services/activities.server";
import { estimateReferenceChoices, pickedReference } from "~/services/estimate-references.server";
import { loadDemoData } from "./helpers";
import { get, sessionCookie } from "./organiser-helpers";
import { testContext } from "./payments-helpers";
import { makePremium, newPremiumRunner } from "./premium-helpers";

// Trail des Aiguilles Rouges — Balcons 28 km (GPX; aid stations "Lac Blanc (km 9) ; Flégère (km 17), …").
const BALCONS = "f0000000-0000-4000-8000-000000000102";
const RUNNER = DEMO_USERS.coureur.id;

async function premiumRunner(): Promise<string> {
  return (await newPremiumRunner("estimation")).id;
}

function run(over: Partial<ActivitySummary> = {}): ActivitySummary {
  return {
    startedAt: new Date(Date.now() - 10 * 86_400_000).toISOString(),
    name: "Sortie trail du dimanche",
    sport: "trail",
    distanceM: 14_200,
    elevationGainM: 820,
    movingTimeSec: 6300,
    source: "gpx",
    ...over,
  };
}

const addActivity = (userId: string, summary: ActivitySummary) =>
  upsertActivity(testContext().db, { id: crypto.randomUUID(), userId, sourceId: crypto.randomUUID(), summary });

let ownResult: string;
let dnfResult: string;

beforeAll(async () => {
  await loadDemoData();
  await makePremium(RUNNER);
  const mine = await env.DB.prepare(
    "SELECT r.id FROM resultats r JOIN inscriptions i ON i.id = r.inscription_id WHERE i.coureur_id = ?",
  )
    .bind(RUNNER)
    .first<{ id: number }>();
  ownResult = String(mine?.id);
  const dnf = await env.DB.prepare("SELECT id FROM resultats WHERE statut = 'dnf'").first<{ id: number }>();
  dnfResult = String(dnf?.id);
  expect(mine?.id).toBeTypeOf("number");
  expect(dnf?.id).toBeTypeOf("number");
});

describe("the estimate page offers the runner's own results and runs", () => {
  it("lists the demo runner's finish, picks it by id and estimates from it", async () => {
    const cookie = await sessionCookie(RUNNER);
    const page = await (await get(paths.premiumEstimate(BALCONS), cookie)).text();
    expect(page).toContain("Vos résultats sur Balise");
    expect(page).toContain(DEMO_RESULTS.formatNom);
    expect(page).toContain(`name="resultat" value="${ownResult}"`);

    const res = await get(paths.premiumEstimate(BALCONS, { resultat: ownResult }), cookie);
    expect(res.status).toBe(200);
    const picked = await res.text();
    expect(picked).toContain('data-testid="race-estimate"');
    expect(picked.replace(/<!-- -->/g, "")).toContain("Référence\u00a0: votre résultat au Trail de la Sainte-Victoire");
    // The form is filled with the result: 24 km, 1 400 m, the time of bib 12 (7030 + 12 × 60 + 12² × 3 s).
    expect(picked).toMatch(/name="distance"[^>]*value="24"/);
    expect(picked).toMatch(/name="dplus"[^>]*value="1400"/);
    expect(picked).toMatch(/name="temps"[^>]*value="2:16:22"/);
  });

  it("refuses another account's result id with a French message and shows nothing of it", async () => {
    const other = await premiumRunner();
    const cookie = await sessionCookie(other);
    const page = await (await get(paths.premiumEstimate(BALCONS), cookie)).text();
    expect(page).not.toContain("Vos résultats sur Balise");
    expect(page).toContain("apparaîtront ici");

    for (const id of [ownResult, "999999", "abc", ""]) {
      const res = await get(paths.premiumEstimate(BALCONS, { resultat: id }), cookie);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("Ce résultat n&#x27;existe pas ou n&#x27;est pas le vôtre");
      expect(html).not.toContain('data-testid="race-estimate"');
      expect(html).not.toContain("Sainte-Victoire");
      expect(html).not.toMatch(/name="temps"[^>]*value="2:16:22"/);
    }
  });

  it("draws the aid stations on the elevation profile, named with their kilometre", async () => {
    const html = await (await get(paths.premiumEstimate(BALCONS), await sessionCookie(RUNNER))).text();
    expect(html).toMatch(/aria-label="Profil altimétrique[^"]*ravitaillements[^"]*1, Lac Blanc \(km.9\)/);
    expect(html).toContain('class="profile-marker"');
    expect(html).toMatch(/<li value="1">Lac Blanc \(km.9\)<\/li>/);
  });
});

describe("the references' rules, read for the signed-in account only", () => {
  it("lists only this account's qualifying runs, newest first", async () => {
    const a = await premiumRunner();
    const b = await premiumRunner();
    const recent = await addActivity(a, run({ startedAt: new Date(Date.now() - 2 * 86_400_000).toISOString() }));
    const older = await addActivity(a, run({ name: "Sortie longue" }));
    await addActivity(a, run({ name: "Marche", sport: "marche" }));
    await addActivity(a, run({ name: "Footing court", distanceM: 4000, movingTimeSec: 1400 }));
    await addActivity(a, run({ name: "Ancienne", startedAt: new Date(Date.now() - 200 * 86_400_000).toISOString() }));
    const others = await addActivity(b, run({ name: "Sortie de B" }));

    const choices = await estimateReferenceChoices(testContext(), a);
    expect(choices.results).toEqual([]);
    expect(choices.activities.map((c) => c.id)).toEqual([recent, older]);
    expect(choices.activities[0].reference).toEqual({ kind: "course", distanceKm: 14.2, dplus: 820, seconds: 6300 });

    // Picking B's run as A: not found, nothing of it returned.
    await expect(pickedReference(testContext(), a, { source: "activite", id: others })).rejects.toBeInstanceOf(
      ActivityNotFoundError,
    );
    await expect(pickedReference(testContext(), a, { source: "activite", id: recent })).resolves.toMatchObject({
      source: "activite",
      id: recent,
      index: choices.activities[0].index,
    });
  });

  it("refuses a walk, an old run and a DNF with the reason", async () => {
    const a = await premiumRunner();
    const walk = await addActivity(a, run({ sport: "marche" }));
    const old = await addActivity(a, run({ startedAt: "2020-01-01T07:00:00.000Z" }));
    const ctx = testContext();
    await expect(pickedReference(ctx, a, { source: "activite", id: walk })).rejects.toThrow(/marche/);
    await expect(pickedReference(ctx, a, { source: "activite", id: old })).rejects.toThrow(/trop ancienne/);

    // The demo's DNF made this account's: still refused, as a DNF.
    await env.DB.prepare(
      "UPDATE inscriptions SET coureur_id = ? WHERE id = (SELECT inscription_id FROM resultats WHERE id = ?)",
    )
      .bind(a, Number(dnfResult))
      .run();
    const refusal = pickedReference(ctx, a, { source: "resultat", id: dnfResult });
    await expect(refusal).rejects.toBeInstanceOf(EstimateReferenceError);
    await expect(refusal).rejects.toThrow(/abandon/);
  });

  it("reads results as of the clock: a finish more than 3 years old is no longer offered", async () => {
    const later = fixedClock("2099-01-01T12:00:00.000Z");
    expect((await estimateReferenceChoices(testContext(later), RUNNER)).results).toEqual([]);
    expect((await estimateReferenceChoices(testContext(), RUNNER)).results.map((r) => r.id)).toEqual([ownResult]);
  });
});
