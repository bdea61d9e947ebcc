// /mon-inscription/{id} and its cancellation inside workerd, with real D1 and the local payment provider.
// Needs `npm run build` (the Worker serves the built app).
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PAID_REGISTRATIONS, DEMO_USERS } from "../../app/db/demo-data";
import { CancelError } from "../../app/domain/cancellation";
import { depositAmount, ledgerBalances, localProviderFee, openLedger, type Ledger } from "../../app/domain/money";
import { cancelInscription } from "../../app/services/cancel.server";
import { setCommission, transferToOrganiser } from "../../app/services/payouts.server";
import { createCheckoutForInscription } from "../../app/services/checkout.server";
import { onCheckoutCompleted } from "../../app/services/payment-received.server";
import { createSession } from "../../app/utils/session.server";
import { loadDemoData } from "./helpers";
import {
  enableOrganiserAccount,
  fixedClock,
  paiementOf,
  pendingInscription,
  silentLocalProvider,
  testContext,
} from "./payments-helpers";

const RUNNER = DEMO_USERS.coureur.id;
const OTHER = DEMO_USERS.organisateur2.id; // another logged-in user, not the owner
const ORGANISER = DEMO_USERS.organisateur.id;

let runnerCookie: string;
let otherCookie: string;

async function cookieFor(userId: string): Promise<string> {
  return (await createSession(testContext(), userId, "vitest")).split(";")[0];
}

const one = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
const count = async (sql: string, ...binds: unknown[]) => (await one<{ n: number }>(sql, ...binds))!.n;

/** A registration paid through the real flow: checkout session, local card payment, fulfilment. */
async function paidInscription(price = 3800): Promise<string> {
  const context = testContext();
  await enableOrganiserAccount(context);
  const id = await pendingInscription(price);
  const { url } = await createCheckoutForInscription(context, id);
  const sessionId = url.split("/").pop()!;
  await silentLocalProvider(context).paySession(sessionId);
  const r = await onCheckoutCompleted(context, sessionId);
  expect(r.state).toBe("validated");
  return id;
}

async function eventDateOf(inscriptionId: string): Promise<string> {
  return (await one<{ date: string }>(
    "SELECT f.date FROM inscriptions i JOIN formats f ON f.id = i.format_id WHERE i.id = ?",
    inscriptionId,
  ))!.date;
}

/** A clock at 11:00 Paris time, `days` calendar days before the registration's event. */
async function clockDaysBefore(inscriptionId: string, days: number) {
  const [y, m, d] = (await eventDateOf(inscriptionId)).split("-").map(Number);
  return fixedClock(new Date(Date.UTC(y, m - 1, d - days, 10)).toISOString());
}

const statut = async (id: string) =>
  (await one<{ statut: string }>("SELECT statut FROM inscriptions WHERE id = ?", id))!.statut;
const refundsOf = (id: string) =>
  count("SELECT count(*) AS n FROM remboursements WHERE inscription_id = ? AND status = 'succeeded'", id);

async function chargeOf(inscriptionId: string) {
  const p = await paiementOf(inscriptionId);
  const row = await one<{ charge_id: string }>("SELECT charge_id FROM paiements WHERE id = ?", p!.id);
  const obj = await one<{ data: string }>(
    "SELECT data FROM local_payment_objects WHERE id = ? AND kind = 'charge'",
    row!.charge_id,
  );
  return JSON.parse(obj!.data) as { amount: number; amount_refunded: number };
}

const ledger = (p: NonNullable<Awaited<ReturnType<typeof paiementOf>>>): Ledger => ({
  amount_total_cents: p.amount_total_cents,
  fee_total_cents: p.fee_total_cents,
  platform_fee_cents: p.platform_fee_cents,
  transferred_total_cents: p.transferred_total_cents,
  refunded_cents: p.refunded_cents,
  net_remaining_cents: p.net_remaining_cents,
  compensation_cents: p.compensation_cents,
});

const expected90 = (p: Ledger) =>
  Math.floor(((p.amount_total_cents - p.fee_total_cents - p.platform_fee_cents) * 90) / 100);

function post(path: string, cookie: string | null, fields: Record<string, string>) {
  return SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
}
const get = (path: string, cookie: string | null) =>
  SELF.fetch(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

const editFields = {
  nom: "Bernard",
  prenom: "Camille",
  genre: "Femme",
  date_naissance: "1991-04-12",
  nationalite: "Française",
  email: "coureur@balise.test",
  telephone: "06 12 34 56 78",
  adresse: "3 place Bellecour",
  adresse_complement: "",
  code_postal: "69002",
  ville: "Lyon",
  pays: "France",
  club: "Lyon Trail Club",
  justificatif_type: "licence",
  numero_licence: "7654321",
  pps_identifier: "",
  contact_urgence_nom: "Julien Bernard",
  contact_urgence_telephone: "06 98 76 54 32",
};

beforeAll(async () => {
  await loadDemoData();
  runnerCookie = await cookieFor(RUNNER);
  otherCookie = await cookieFor(OTHER);
});

describe("the demo's paid registrations", () => {
  it("carry the ledger openLedger gives, and a local charge the provider can refund", async () => {
    for (const reg of DEMO_PAID_REGISTRATIONS) {
      const p = (await paiementOf(reg.id))!;
      expect(ledger(p)).toEqual(
        openLedger({
          amountTotalCents: p.amount_total_cents,
          providerFeeCents: localProviderFee(p.amount_total_cents),
        }),
      );
      expect(await statut(reg.id)).toBe("validee");
      expect((await chargeOf(reg.id)).amount).toBe(p.amount_total_cents);
    }
  });
});

describe("/mon-inscription/{id}: the owner only", () => {
  it("shows the owner the badge, the scale and the estimated refund; anonymous users go to /login", async () => {
    const id = await paidInscription();
    const res = await get(`/mon-inscription/${id}`, runnerCookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(">Active<");
    expect(html).toContain("Plus de 30 jours avant l&#x27;épreuve");
    const p = ledger((await paiementOf(id))!);
    const euros = (expected90(p) / 100).toFixed(2).replace(".", ",");
    expect(html).toContain(`Annuler mon inscription — remboursement estimé\u00a0: <!-- -->${euros}`);
    const anon = await get(`/mon-inscription/${id}`, null);
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/mon-inscription/${id}`)}`);
  });

  it("gives another runner 404 on every screen and action, and changes nothing", async () => {
    const id = await paidInscription();
    const before = await one<Record<string, unknown>>("SELECT * FROM inscriptions WHERE id = ?", id);
    const paiementBefore = await paiementOf(id);
    for (const path of [`/mon-inscription/${id}`, `/mon-inscription/${id}/annuler`]) {
      const r = await get(path, otherCookie);
      expect(r.status).toBe(404);
      expect(await r.text()).not.toContain("Camille");
    }
    expect((await post(`/mon-inscription/${id}`, otherCookie, { ...editFields, nom: "Pirate" })).status).toBe(404);
    expect((await post(`/mon-inscription/${id}/annuler`, otherCookie, { accept_policy: "on" })).status).toBe(404);
    expect((await post(`/mon-inscription/${id}/annuler`, otherCookie, {})).status).toBe(404); // even with an invalid form
    await expect(
      cancelInscription(testContext(), { inscriptionId: id, actor: { role: "coureur", userId: OTHER } }),
    ).rejects.toMatchObject({ code: "inscription_introuvable" });
    expect(await one("SELECT * FROM inscriptions WHERE id = ?", id)).toEqual(before);
    expect(await paiementOf(id)).toEqual(paiementBefore);
    expect(await count("SELECT count(*) AS n FROM annulations WHERE inscription_id = ?", id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM remboursements WHERE inscription_id = ?", id)).toBe(0);
  });

  it("a missing id is 404 too", async () => {
    expect((await get("/mon-inscription/00000000-0000-0000-0000-000000000000", runnerCookie)).status).toBe(404);
  });
});

describe("runner self-edit", () => {
  it("saves the allowed fields and ignores crafted ones", async () => {
    const id = await paidInscription();
    const before = (await one<Record<string, unknown>>("SELECT * FROM inscriptions WHERE id = ?", id))!;
    const res = await post(`/mon-inscription/${id}`, runnerCookie, {
      ...editFields,
      statut: "remboursee_totalement",
      coureur_id: OTHER,
      prix_total_coureur_cents: "1",
      dossard: "99",
      format_id: "x",
      paiement_trace_id: "t",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/mon-inscription/${id}?enregistre=1`);
    const after = (await one<Record<string, unknown>>("SELECT * FROM inscriptions WHERE id = ?", id))!;
    expect(after).toMatchObject({
      adresse: "3 place Bellecour",
      code_postal: "69002",
      numero_licence: "7654321",
      apparaitre_resultats: 0,
    });
    for (const k of [
      "statut",
      "coureur_id",
      "prix_total_coureur_cents",
      "dossard",
      "format_id",
      "paiement_trace_id",
      "course_id",
    ])
      expect(after[k]).toEqual(before[k]);
    const page = await (await get(`/mon-inscription/${id}?enregistre=1`, runnerCookie)).text();
    expect(page).toContain("Modifications enregistrées ✅");
  });

  it("answers bad input with a French message next to the field and keeps what was typed", async () => {
    const id = await paidInscription();
    const res = await post(`/mon-inscription/${id}`, runnerCookie, {
      ...editFields,
      email: "pas-un-email",
      ville: "Villeurbanne",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('id="f-email-error" class="field-error">Email invalide.');
    expect(html).toContain('value="Villeurbanne"');
    expect(html).toContain('value="pas-un-email"');
    expect((await one<{ ville: string }>("SELECT ville FROM inscriptions WHERE id = ?", id))!.ville).toBeNull();
  });
});

describe("cancellation with the tiered refund", () => {
  it("refunds 90\u00a0% of the base ~62 days before, frees the place, balances the ledger and e-mails the runner", async () => {
    const id = await paidInscription(3800);
    const p0 = ledger((await paiementOf(id))!);
    const refund = expected90(p0);
    const page = await (await get(`/mon-inscription/${id}/annuler`, runnerCookie)).text();
    expect(page).toContain("Annuler mon inscription");
    expect(page).toContain("Frais non remboursables");
    expect(page).toContain("/legal/remboursements");

    const res = await post(`/mon-inscription/${id}/annuler`, runnerCookie, { accept_policy: "on", reason: "Blessure" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/mon-inscription/${id}?annulation=ok`);
    expect(await statut(id)).toBe("remboursee_partiellement");
    const p1 = (await paiementOf(id))!;
    expect(p1.refunded_cents).toBe(refund);
    expect(ledgerBalances(ledger(p1))).toBe(true);
    expect((await chargeOf(id)).amount_refunded).toBe(refund);
    const r = await one<{ amount_cents: number; percent: number; reason: string }>(
      "SELECT amount_cents, percent, reason FROM remboursements WHERE inscription_id = ?",
      id,
    );
    expect(r).toEqual({ amount_cents: refund, percent: 90, reason: "Blessure" });
    const mail = await one<{ subject: string; text: string; to_email: string }>(
      "SELECT subject, text, to_email FROM mail_outbox WHERE dedupe_key = ?",
      `annulation:${id}`,
    );
    expect(mail!.to_email).toBe("coureur@balise.test");
    expect(mail!.subject).toContain("Annulation confirmée");
    expect(mail!.text).toContain(`Remboursement : ${(refund / 100).toFixed(2).replace(".", ",")}\u00a0€, soit 90 %`);
    // The place is free: the registration no longer counts among place-holding statuses.
    expect(
      await count("SELECT count(*) AS n FROM inscriptions WHERE id = ? AND statut IN ('validee','en_attente')", id),
    ).toBe(0);

    // Read-only now: message, disabled form; a replayed confirm and an edit change nothing.
    const after = await (await get(`/mon-inscription/${id}`, runnerCookie)).text();
    expect(after).toContain("Cette inscription est déjà remboursée partiellement.");
    expect(after).toContain(">Remboursée partiellement<");
    const replay = await post(`/mon-inscription/${id}/annuler`, runnerCookie, { accept_policy: "on" });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe(`/mon-inscription/${id}`);
    expect(await refundsOf(id)).toBe(1);
    const edit = await post(`/mon-inscription/${id}`, runnerCookie, { ...editFields, ville: "Paris" });
    expect(edit.status).toBe(409);
    expect((await one<{ ville: string | null }>("SELECT ville FROM inscriptions WHERE id = ?", id))!.ville).toBeNull();
    expect(await count("SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = ?", `annulation:${id}`)).toBe(1);
  });

  it("refuses without the policy box, with the message next to it, and changes nothing", async () => {
    const id = await paidInscription();
    const res = await post(`/mon-inscription/${id}/annuler`, runnerCookie, { reason: "Autre" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Vous devez accepter la politique de remboursement pour confirmer l&#x27;annulation.");
    expect(html).toMatch(/<option value="Autre" selected="">/);
    expect(await statut(id)).toBe("validee");
    expect(await count("SELECT count(*) AS n FROM annulations WHERE inscription_id = ?", id)).toBe(0);
  });

  it("two concurrent confirms refund once (service and HTTP)", async () => {
    const a = await paidInscription();
    const outcomes = await Promise.allSettled([
      cancelInscription(testContext(), { inscriptionId: a, actor: { role: "coureur", userId: RUNNER } }),
      cancelInscription(testContext(), { inscriptionId: a, actor: { role: "coureur", userId: RUNNER } }),
    ]);
    const done = outcomes.filter((o) => o.status === "fulfilled" && o.value.state === "annulee");
    expect(done).toHaveLength(1);
    for (const o of outcomes) {
      if (o.status === "rejected") expect(o.reason).toBeInstanceOf(CancelError);
    }
    const pa = ledger((await paiementOf(a))!);
    expect(await refundsOf(a)).toBe(1);
    expect(pa.refunded_cents).toBe(expected90({ ...pa, refunded_cents: 0 }));
    expect((await chargeOf(a)).amount_refunded).toBe(pa.refunded_cents);
    expect(ledgerBalances(pa)).toBe(true);

    const b = await paidInscription();
    const [r1, r2] = await Promise.all([
      post(`/mon-inscription/${b}/annuler`, runnerCookie, { accept_policy: "on" }),
      post(`/mon-inscription/${b}/annuler`, runnerCookie, { accept_policy: "on" }),
    ]);
    expect([r1.status, r2.status]).toEqual([302, 302]);
    expect(await refundsOf(b)).toBe(1);
    const pb = ledger((await paiementOf(b))!);
    expect((await chargeOf(b)).amount_refunded).toBe(pb.refunded_cents);
    expect(ledgerBalances(pb)).toBe(true);
  });

  it("after an acompte transfer, reverses exactly the organiser's share and the ledger still balances", async () => {
    const id = await paidInscription(4200);
    const context = testContext();
    const p0 = (await paiementOf(id))!;
    const acompte = depositAmount(p0.net_remaining_cents);
    const t = await transferToOrganiser(context, {
      paiementId: p0.id,
      amountCents: acompte,
      kind: "acompte",
      createdBy: ORGANISER,
    });
    expect(t.state).toBe("paid");
    const p1 = ledger((await paiementOf(id))!);
    expect(p1.transferred_total_cents).toBe(acompte);
    const refund = expected90(p1);
    const mustReverse = refund - p1.net_remaining_cents; // the net left with the platform goes first
    expect(mustReverse).toBeGreaterThan(0);

    const out = await cancelInscription(testContext(), {
      inscriptionId: id,
      actor: { role: "coureur", userId: RUNNER },
      reason: "Indisponibilité",
    });
    expect(out).toMatchObject({ state: "annulee", statut: "remboursee_partiellement", refundCents: refund });
    const p2 = ledger((await paiementOf(id))!);
    expect(p2).toEqual({
      ...p1,
      refunded_cents: refund,
      net_remaining_cents: 0,
      transferred_total_cents: acompte - mustReverse,
    });
    expect(ledgerBalances(p2)).toBe(true);
    const tr = await one<{ reversed_cents: number; provider_transfer_id: string }>(
      "SELECT reversed_cents, provider_transfer_id FROM transferts WHERE paiement_id = ?",
      p0.id,
    );
    expect(tr!.reversed_cents).toBe(mustReverse);
    const local = await one<{ data: string }>(
      "SELECT data FROM local_payment_objects WHERE id = ?",
      tr!.provider_transfer_id,
    );
    expect(JSON.parse(local!.data).amount_reversed).toBe(mustReverse);
    expect((await chargeOf(id)).amount_refunded).toBe(refund);
    const rb = await one<{ transfer_reversal_cents: number }>(
      "SELECT transfer_reversal_cents FROM remboursements WHERE inscription_id = ?",
      id,
    );
    expect(rb!.transfer_reversal_cents).toBe(mustReverse);
  });

  it.each([
    [31, 90],
    [30, 50],
    [15, 50],
    [14, 25],
    [7, 25],
  ])("%i days before the event: %i percent of the base", async (days, percent) => {
    const id = await paidInscription(3800);
    const p0 = ledger((await paiementOf(id))!);
    const base = p0.amount_total_cents - p0.fee_total_cents - p0.platform_fee_cents;
    const out = await cancelInscription(testContext(await clockDaysBefore(id, days)), {
      inscriptionId: id,
      actor: { role: "coureur", userId: RUNNER },
    });
    expect(out.quote).toMatchObject({
      days_before: days,
      percent,
      base_cents: base,
      refund_cents: Math.floor((base * percent) / 100),
    });
    const p1 = ledger((await paiementOf(id))!);
    expect(p1.refunded_cents).toBe(Math.floor((base * percent) / 100));
    expect(ledgerBalances(p1)).toBe(true);
    const a = await one<{ status: string; percent: number; days_before: number }>(
      "SELECT status, percent, days_before FROM annulations WHERE inscription_id = ?",
      id,
    );
    expect(a).toEqual({ status: "terminee", percent, days_before: days });
  });

  it("a commission the admin changes after the payment does not move the runner's refund (issue 40)", async () => {
    const id = await paidInscription(3800);
    const p0 = ledger((await paiementOf(id))!);
    const base = p0.amount_total_cents - p0.fee_total_cents - p0.platform_fee_cents;
    await setCommission(testContext(), (await paiementOf(id))!.id, 20);
    const raised = ledger((await paiementOf(id))!);
    expect(raised.platform_fee_cents).toBeGreaterThan(p0.platform_fee_cents);
    const out = await cancelInscription(testContext(await clockDaysBefore(id, 31)), {
      inscriptionId: id,
      actor: { role: "coureur", userId: RUNNER },
    });
    expect(out.quote).toMatchObject({ base_cents: base, refund_cents: Math.floor((base * 90) / 100) });
    const p1 = ledger((await paiementOf(id))!);
    expect(p1.refunded_cents).toBe(Math.floor((base * 90) / 100));
    expect(ledgerBalances(p1)).toBe(true);
  });

  it("at zero refund the runner may still free the place, for nothing (issue 42); the organiser's cancellation refunds everything (issue 40)", async () => {
    const mine = await paidInscription();
    const out0 = await cancelInscription(testContext(await clockDaysBefore(mine, 6)), {
      inscriptionId: mine,
      actor: { role: "coureur", userId: RUNNER },
    });
    expect(out0).toMatchObject({ state: "annulee", statut: "annulee", refundCents: 0 });
    expect(await refundsOf(mine)).toBe(0);
    const p0 = ledger((await paiementOf(mine))!);
    expect(p0.refunded_cents).toBe(0);
    expect(ledgerBalances(p0)).toBe(true);
    const id = await paidInscription();
    const late = await clockDaysBefore(id, 6);
    // Not the event's organiser: not found.
    await expect(
      cancelInscription(testContext(late), { inscriptionId: id, actor: { role: "organisateur", userId: OTHER } }),
    ).rejects.toMatchObject({ code: "inscription_introuvable" });
    // The organiser cannot take the place back for nothing and sell it again: the runner gets everything back.
    const out = await cancelInscription(testContext(late), {
      inscriptionId: id,
      actor: { role: "organisateur", userId: ORGANISER },
      reason: "Épreuve annulée",
    });
    expect(out).toMatchObject({ state: "annulee", statut: "remboursee_totalement", refundCents: 3800 });
    expect(await statut(id)).toBe("remboursee_totalement");
    const p = ledger((await paiementOf(id))!);
    expect(p.refunded_cents).toBe(3800);
    expect(ledgerBalances(p)).toBe(true);
    const mail = await one<{ text: string }>("SELECT text FROM mail_outbox WHERE dedupe_key = ?", `annulation:${id}`);
    expect(mail!.text).toContain("L'organisateur a annulé votre inscription");
    expect(mail!.text).toContain("Motif donné par l'organisateur : Épreuve annulée");
    const page = await (await get(`/mon-inscription/${id}`, runnerCookie)).text();
    expect(page).toContain("Cette inscription est déjà remboursée totalement.");
  });

  it("an unpaid registration shows nothing to refund and cannot be cancelled by its runner", async () => {
    const id = await pendingInscription(2500);
    const page = await (await get(`/mon-inscription/${id}/annuler`, runnerCookie)).text();
    expect(page).toContain("Le paiement de cette inscription n&#x27;est pas finalisé");
    const res = await post(`/mon-inscription/${id}/annuler`, runnerCookie, { accept_policy: "on" });
    expect(res.status).toBe(409);
    expect(await statut(id)).toBe("en_attente");
  });
});
