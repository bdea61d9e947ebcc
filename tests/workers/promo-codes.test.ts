// Promo codes on a real D1 (ADR 0214): a use is taken in the same statement as the place's hold, so 50 registrations
// at once on a 10-use code give exactly 10 discounts; a hold that expires or a checkout abandoned gives its use back;
// the per-runner limit; a discounted payment's ledger (commission on what was paid) and its refund balance.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerBalances, platformFee, DEFAULT_COMMISSION_PERCENT } from "~/domain/money";
import { parseRegistration, type RegistrationValues } from "~/domain/registration";
import { HOLD_MINUTES } from "~/domain/registration-rules";
import { PromoError, parsePromoCodeForm } from "~/domain/promo-code";
import { quoteRefund } from "~/domain/refund";
import { cancelInscription } from "~/services/cancel.server";
import { onCheckoutCompleted } from "~/services/payment-received.server";
import { createPromoCode, deactivateEventPromoCode, eventPromoCodes } from "~/services/promo-codes.server";
import { abandonRegistration, retryPayment, startRegistration } from "~/services/register.server";
import { loadRegistrationPage } from "~/services/registration-page.server";
import { asPerson, loadDemoData, registrationValues } from "./helpers";
import { get, ORG2, post, sessionCookie } from "./organiser-helpers";
import {
  enableOrganiserAccount,
  fixedClock,
  ORGANISER_ID,
  paiementOf,
  silentLocalProvider,
  testContext,
} from "./payments-helpers";

let n = 0;
/** A fresh online event of the demo organiser with two formats (no cap unless given). */
async function freshEvent(opts: { cap?: number | null; prix?: number } = {}) {
  n += 1;
  const courseId = crypto.randomUUID();
  const [formatId, otherFormatId] = [crypto.randomUUID(), crypto.randomUUID()];
  const format = (id: string, nom: string) =>
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, distance_km, denivele_dplus, prix_cents, stock_repas, prix_repas_cents, nb_max_coureurs) VALUES (?, ?, ?, '2027-06-12', '08:30', 21, 1100, ?, 0, 0, ?)",
    ).bind(id, courseId, nom, opts.prix ?? 2500, opts.cap ?? null);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, ?, 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, `Course promo ${n}`, ORGANISER_ID, `course-promo-${n}-${courseId.slice(0, 8)}`),
    format(formatId, `Promo ${n} A`),
    format(otherFormatId, `Promo ${n} B`),
  ]);
  return { courseId, formatId, otherFormatId };
}

async function runners(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await env.DB.batch(
    ids.map((id) =>
      env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(id, `p-${id}@balise.test`),
    ),
  );
  return ids;
}

async function input(courseId: string, formatId: string, over: Partial<RegistrationValues> = {}) {
  const page = await loadRegistrationPage(testContext(), courseId);
  const parsed = parseRegistration(registrationValues(formatId, over), page!.formats, "2026-11-21");
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

async function newCode(courseId: string, form: Record<string, unknown>) {
  const parsed = parsePromoCodeForm({
    type_remise: "montant",
    valeur: "5",
    format_ids: [],
    utilisations_max: "",
    utilisations_max_par_coureur: "",
    valide_du: "",
    valide_au: "",
    emails: "",
    club: "",
    ...form,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  await createPromoCode(testContext(), { id: ORGANISER_ID }, courseId, parsed.data);
  const codes = (await eventPromoCodes(testContext(), { id: ORGANISER_ID }, courseId)).codes;
  return codes.find((c) => c.code === parsed.data.code)!;
}

async function discounted(formatId: string, codeId: string, nowIso = new Date().toISOString()) {
  const r = await env.DB.prepare(
    `SELECT count(*) AS n FROM inscriptions WHERE format_id = ? AND code_promo_id = ? AND remise_cents > 0
      AND (statut = 'validee' OR (statut = 'en_attente' AND hold_expires_at > ?))`,
  )
    .bind(formatId, codeId, nowIso)
    .first<{ n: number }>();
  return r!.n;
}

const row = async (id: string) =>
  (await env.DB.prepare("SELECT * FROM inscriptions WHERE id = ?").bind(id).first<Record<string, unknown>>())!;

const promoCode = (r: PromiseSettledResult<unknown>) =>
  r.status === "rejected" && r.reason instanceof PromoError ? r.reason.code : null;

describe("promo codes", () => {
  beforeAll(async () => {
    await loadDemoData();
    await enableOrganiserAccount(testContext());
  });

  it("50 registrations at once on a 10-use code: exactly 10 discounts, the others told the code is used up", async () => {
    const { courseId, formatId } = await freshEvent();
    const code = await newCode(courseId, { code: "DIX", utilisations_max: "10" });
    const ids = await runners(50);
    const data = await input(courseId, formatId);
    const results = await Promise.allSettled(
      ids.map((id) => startRegistration(testContext(), id, courseId, asPerson(data, id), null, "dix")),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(results.map(promoCode).filter((c) => c === "code_epuise")).toHaveLength(40);
    expect(await discounted(formatId, code.id)).toBe(10);
    const rows = await env.DB.prepare(
      "SELECT prix_total_coureur_cents AS paid, remise_cents AS remise, code_promo FROM inscriptions WHERE format_id = ?",
    )
      .bind(formatId)
      .all<{ paid: number; remise: number; code_promo: string }>();
    expect(rows.results).toHaveLength(10);
    for (const r of rows.results) expect(r).toEqual({ paid: 2000, remise: 500, code_promo: "DIX" });
    expect((await eventPromoCodes(testContext(), { id: ORGANISER_ID }, courseId)).codes[0].uses).toBe(10);
  });

  it("a hold that expires and a checkout abandoned give their use back", async () => {
    const { courseId, formatId } = await freshEvent();
    const code = await newCode(courseId, { code: "UNSEUL", utilisations_max: "1" });
    const [a, b, c] = await runners(3);
    const data = await input(courseId, formatId);
    const first = await startRegistration(testContext(), a, courseId, asPerson(data, a), null, "UNSEUL");
    await expect(
      startRegistration(testContext(), b, courseId, asPerson(data, b), null, "UNSEUL"),
    ).rejects.toMatchObject({ code: "code_epuise", field: "code_promo" });
    // Abandoned: the use comes back at once.
    expect(await abandonRegistration(testContext(), a, first.inscriptionId)).toBe(true);
    const second = await startRegistration(testContext(), b, courseId, asPerson(data, b), null, "UNSEUL");
    expect(await row(second.inscriptionId)).toMatchObject({ code_promo: "UNSEUL", remise_cents: 500 });
    // The hold runs out unpaid: once it has expired, the use is back for another runner.
    const later = new Date(Date.now() + (HOLD_MINUTES + 31) * 60_000).toISOString();
    expect(await discounted(formatId, code.id)).toBe(1);
    expect(await discounted(formatId, code.id, later)).toBe(0);
    const third = await startRegistration(
      testContext(fixedClock(later)),
      c,
      courseId,
      asPerson(data, c),
      null,
      "unseul",
    );
    expect(await row(third.inscriptionId)).toMatchObject({ code_promo: "UNSEUL", prix_total_coureur_cents: 2000 });
    // The runner whose hold expired cannot take it again with the discount: the use is someone else's now.
    await expect(retryPayment(testContext(fixedClock(later)), b, second.inscriptionId)).rejects.toMatchObject({
      code: "code_epuise",
    });
  });

  it("the per-runner limit, the window, the formats and the deactivation", async () => {
    const { courseId, formatId, otherFormatId } = await freshEvent();
    await newCode(courseId, {
      code: "PARCOUREUR",
      utilisations_max_par_coureur: "1",
      type_remise: "pourcentage",
      valeur: "10",
    });
    const [a] = await runners(1);
    const first = await startRegistration(
      testContext(),
      a,
      courseId,
      await input(courseId, formatId),
      null,
      "PARCOUREUR",
    );
    expect(await row(first.inscriptionId)).toMatchObject({ remise_cents: 250, prix_total_coureur_cents: 2250 });
    // The same submit again reuses the hold (its own use is not counted against the runner).
    const again = await startRegistration(
      testContext(),
      a,
      courseId,
      await input(courseId, formatId),
      null,
      "PARCOUREUR",
    );
    expect(again).toMatchObject({ inscriptionId: first.inscriptionId, reused: true });
    await expect(
      startRegistration(testContext(), a, courseId, await input(courseId, otherFormatId), null, "PARCOUREUR"),
    ).rejects.toMatchObject({ code: "code_limite_coureur" });

    const [b] = await runners(1);
    const onlyB = await newCode(courseId, { code: "FORMATB", format_ids: [otherFormatId] });
    await expect(
      startRegistration(testContext(), b, courseId, asPerson(await input(courseId, formatId), b), null, "FORMATB"),
    ).rejects.toMatchObject({ code: "code_format" });
    await newCode(courseId, { code: "PLUSTARD", valide_du: "2030-01-01" });
    await expect(
      startRegistration(testContext(), b, courseId, asPerson(await input(courseId, formatId), b), null, "PLUSTARD"),
    ).rejects.toMatchObject({ code: "code_pas_encore_valable" });
    await expect(
      startRegistration(testContext(), b, courseId, asPerson(await input(courseId, formatId), b), null, "NIMPORTE"),
    ).rejects.toMatchObject({ code: "code_inconnu", message: "Ce code promo n'existe pas." });
    await deactivateEventPromoCode(testContext(), { id: ORGANISER_ID }, courseId, onlyB.id);
    await expect(
      startRegistration(testContext(), b, courseId, asPerson(await input(courseId, otherFormatId), b), null, "FORMATB"),
    ).rejects.toMatchObject({ code: "code_inactif" });
    // Nothing was held by the refusals.
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM inscriptions WHERE coureur_id = ?")
        .bind(b)
        .first<{ n: number }>())!.n,
    ).toBe(0);
    // Both actions are in the event's journal.
    const journal = await env.DB.prepare("SELECT action, objet FROM journal_actions WHERE course_id = ? ORDER BY id")
      .bind(courseId)
      .all<{ action: string; objet: string }>();
    expect(journal.results.map((r) => r.action)).toEqual([
      "code_promo.cree",
      "code_promo.cree",
      "code_promo.cree",
      "code_promo.desactive",
    ]);
    expect(journal.results[3].objet).toBe("FORMATB");
  });

  it("a discounted payment: commission on what was paid, refund on what was paid, the books balance", async () => {
    const { courseId, formatId } = await freshEvent({ prix: 4000 });
    await newCode(courseId, { code: "MOINS15", type_remise: "montant", valeur: "15" });
    const [a] = await runners(1);
    const started = await startRegistration(
      testContext(),
      a,
      courseId,
      await input(courseId, formatId),
      null,
      "MOINS15",
    );
    const sessionId = started.url.split("/").pop()!;
    const session = await silentLocalProvider(testContext()).getSession(sessionId);
    expect(session!.amount_total).toBe(2500);
    await silentLocalProvider(testContext()).paySession(sessionId);
    expect((await onCheckoutCompleted(testContext(), sessionId)).state).toBe("validated");
    const p = (await paiementOf(started.inscriptionId))!;
    expect(p.amount_total_cents).toBe(2500);
    expect(p.platform_fee_cents).toBe(platformFee(2500, DEFAULT_COMMISSION_PERCENT));
    expect(ledgerBalances(p)).toBe(true);

    const outcome = await cancelInscription(testContext(), {
      inscriptionId: started.inscriptionId,
      actor: { role: "coureur", userId: a },
    });
    const expected = quoteRefund({
      amountTotalCents: 2500,
      providerFeeCents: p.fee_total_cents,
      platformFeeCents: p.platform_fee_cents,
      eventDate: "2027-06-12",
      now: new Date(),
    });
    expect(outcome.refundCents).toBe(expected.refund_cents);
    expect(outcome.refundCents).toBeGreaterThan(0);
    const after = (await paiementOf(started.inscriptionId))!;
    expect(after.refunded_cents).toBe(expected.refund_cents);
    expect(ledgerBalances(after)).toBe(true);
    // The registration keeps its code and discount (the views and CSV show them).
    expect(await row(started.inscriptionId)).toMatchObject({ code_promo: "MOINS15", remise_cents: 1500 });
  });

  it("the organiser's page: the owner creates (errors beside the fields, a taken code refused), deactivates; another organiser finds nothing", async () => {
    const { courseId } = await freshEvent();
    const owner = await sessionCookie(ORGANISER_ID);
    const page = await get(`/organisateur/codes-promo/${courseId}`, owner);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Aucun code promo pour cette épreuve.");
    const form = {
      intent: "creer",
      code: "été",
      type_remise: "pourcentage",
      valeur: "150",
      utilisations_max: "",
      utilisations_max_par_coureur: "",
      valide_du: "",
      valide_au: "",
      emails: "",
      club: "",
    };
    const bad = await post(`/organisateur/codes-promo/${courseId}`, form, owner);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Le code ne contient que des lettres, des chiffres, - et _.");
    expect(html).toContain("Un pourcentage entier entre 1 et 100.");
    expect(html).toContain('value="été"');
    const ok = await post(`/organisateur/codes-promo/${courseId}`, { ...form, code: "ete26", valeur: "20" }, owner);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`/organisateur/codes-promo/${courseId}?notice=cree&code=ETE26`);
    const again = await post(`/organisateur/codes-promo/${courseId}`, { ...form, code: "ETE26", valeur: "20" }, owner);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Ce code existe déjà pour cette épreuve.");

    // Another organiser: the page and both actions answer as for a missing event, and nothing changes.
    const other = await sessionCookie(ORG2.id);
    expect((await get(`/organisateur/codes-promo/${courseId}`, other)).status).toBe(404);
    expect(
      (await post(`/organisateur/codes-promo/${courseId}`, { ...form, code: "VOLE", valeur: "50" }, other)).status,
    ).toBe(404);
    const [code] = (await eventPromoCodes(testContext(), { id: ORGANISER_ID }, courseId)).codes;
    const stolen = await post(
      `/organisateur/codes-promo/${courseId}`,
      { intent: "desactiver", code_id: code.id },
      other,
    );
    expect(stolen.status).toBe(404);
    expect(
      (await eventPromoCodes(testContext(), { id: ORGANISER_ID }, courseId)).codes.map((c) => [c.code, c.actif]),
    ).toEqual([["ETE26", true]]);
    const off = await post(`/organisateur/codes-promo/${courseId}`, { intent: "desactiver", code_id: code.id }, owner);
    expect(off.status).toBe(302);
    expect((await eventPromoCodes(testContext(), { id: ORGANISER_ID }, courseId)).codes[0].actif).toBe(false);
  });
});
