// Issue 40, items 6, 7 and 9: an organiser's cancellation of a paid runner refunds in full with a reason, and what it
// costs beyond the organiser's share (the payment's fees) is the organiser's, covered by their next payouts, never
// the platform's; an admin's release without the form's token moves no money. docs/decisions/0184-organiser-debts.md
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../app/db/demo-data";
import { ledgerBalances } from "../../app/domain/money";
import { cancelInscription } from "../../app/services/cancel.server";
import { releaseFunds, runDuePayouts } from "../../app/services/payouts.server";
import { loadDemoData } from "./helpers";
import { post, sessionCookie } from "./organiser-helpers";
import {
  account,
  enableOrganiserAccount,
  ORGANISER_ID,
  paidRegistration,
  paiementOf,
  testContext,
} from "./payments-helpers";

const ADMIN = DEMO_USERS.admin.id;

/** An event of the demo organiser with a format raced `date` (YYYY-MM-DD). */
async function format(date: string) {
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Dettes', 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, ORGANISER_ID, `dettes-${courseId}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, stock_repas, prix_repas_cents) VALUES (?, ?, 'Format dettes', ?, '08:30', 4200, 10, 1200)",
    ).bind(formatId, courseId, date),
  ]);
  return { courseId, formatId };
}

async function paid(date: string) {
  const f = await format(date);
  const runner = await account("dette");
  const id = await paidRegistration(f.courseId, f.formatId, runner);
  return { ...f, id, paiement: (await paiementOf(id))! };
}

/** The organiser's payments: each balances; their compensations sum to zero; the rows of `compensations` match. */
async function expectBooks(ids: string[]) {
  let sum = 0;
  for (const id of ids) {
    const p = (await paiementOf(id))!;
    expect(ledgerBalances(p), id).toBe(true);
    sum += p.compensation_cents;
    const moved = await env.DB.prepare(
      "SELECT coalesce(sum(CASE WHEN from_paiement_id = ?1 THEN amount_cents ELSE -amount_cents END), 0) AS n FROM compensations WHERE from_paiement_id = ?1 OR to_paiement_id = ?1",
    )
      .bind(p.id)
      .first<{ n: number }>();
    expect(Number(moved?.n), `compensations of ${id}`).toBe(p.compensation_cents);
  }
  expect(sum).toBe(0);
}

const yesterday = () => new Date(Date.now() - 86_400_000 * 2).toISOString().slice(0, 10);

beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
});

describe("the organiser's cancellation is theirs to pay", () => {
  it("a full refund with the reason; the platform keeps its commission; the fees are owed, then covered by the J+1 payout of another payment", async () => {
    // Another organiser's debt left over from another test must not be taken here: a fresh debt and creditor.
    const a = await paid("2027-10-10");
    const b = await paid(yesterday());
    const out = await cancelInscription(testContext(), {
      inscriptionId: a.id,
      actor: { role: "organisateur", userId: ORGANISER_ID },
      reason: "Épreuve annulée par la préfecture",
    });
    expect(out.refundCents).toBe(5400);
    const debtor = (await paiementOf(a.id))!;
    expect(debtor).toMatchObject({
      refunded_cents: 5400,
      platform_fee_cents: a.paiement.platform_fee_cents,
      net_remaining_cents: -(a.paiement.fee_total_cents + a.paiement.platform_fee_cents),
    });
    const owed = -debtor.net_remaining_cents;

    // The J+1 payout of the organiser's other payment covers the debt first, then sends the rest.
    const report = await runDuePayouts(testContext());
    expect(report.failed).toBe(0);
    const creditor = (await paiementOf(b.id))!;
    const covered = Math.min(owed, b.paiement.net_remaining_cents);
    expect(creditor).toMatchObject({
      compensation_cents: covered,
      transferred_total_cents: b.paiement.net_remaining_cents - covered,
      net_remaining_cents: 0,
    });
    expect((await paiementOf(a.id))!).toMatchObject({
      net_remaining_cents: covered - owed,
      compensation_cents: -covered,
    });
    await expectBooks([a.id, b.id]);
    // Nothing is ever covered twice: a second run finds nothing to do.
    await runDuePayouts(testContext());
    expect((await paiementOf(b.id))!.compensation_cents).toBe(covered);
  });

  it("parallel releases of several payments cover one debt once", async () => {
    const a = await paid("2027-10-11");
    const creditors = await Promise.all([paid("2027-10-12"), paid("2027-10-13"), paid("2027-10-14")]);
    await cancelInscription(testContext(), {
      inscriptionId: a.id,
      actor: { role: "organisateur", userId: ORGANISER_ID },
      reason: "Épreuve annulée par la préfecture",
    });
    const owed = -(await paiementOf(a.id))!.net_remaining_cents;
    const reports = await Promise.all(
      creditors.map((c) =>
        releaseFunds(testContext(), {
          paiementIds: [c.paiement.id],
          mode: "tout",
          adminId: ADMIN,
          token: crypto.randomUUID(),
        }),
      ),
    );
    expect(reports.reduce((n, r) => n + r.failed, 0)).toBe(0);
    const after = await Promise.all(creditors.map(async (c) => (await paiementOf(c.id))!));
    expect(after.reduce((n, p) => n + p.compensation_cents, 0)).toBe(owed);
    expect((await paiementOf(a.id))!.net_remaining_cents).toBe(0);
    await expectBooks([a.id, ...creditors.map((c) => c.id)]);
  });
});

describe("an admin's release needs the form's token (item 9)", () => {
  it("without it, nothing moves: the service refuses, the page says so in French", async () => {
    const b = await paid("2027-10-15");
    await expect(
      releaseFunds(testContext(), { paiementIds: [b.paiement.id], mode: "tout", adminId: ADMIN, token: "" }),
    ).rejects.toMatchObject({ code: "formulaire_expire" });
    const fd = new FormData();
    fd.append("intent", "tout");
    fd.append("ids", b.paiement.id);
    const res = await post("/admin/payouts", fd, await sessionCookie(ADMIN));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Ce formulaire a expiré");
    const transfers = await env.DB.prepare("SELECT count(*) AS n FROM transferts WHERE paiement_id = ?")
      .bind(b.paiement.id)
      .first<{ n: number }>();
    expect(Number(transfers?.n)).toBe(0);
    // The same form sent twice with its token transfers once.
    const token = crypto.randomUUID();
    fd.append("jeton", token);
    const cookie = await sessionCookie(ADMIN);
    const twice = await Promise.all([post("/admin/payouts", fd, cookie), post("/admin/payouts", fd, cookie)]);
    expect(twice.map((r) => r.status)).toEqual([302, 302]);
    expect((await paiementOf(b.id))!.transferred_total_cents).toBe(b.paiement.net_remaining_cents);
  });
});
