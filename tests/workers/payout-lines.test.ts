// Issue 40: the organiser's 'Mes versements' and the admin's 'Versement' column tell what the ledger says. One
// payment goes through pay, partial refund, deposit (acompte), a reversal by the provider, the J+1 payout and a
// refund that takes back the J+1 transfer and part of the deposit; after each step, both pages' data (what their
// loaders return) and their rendered lines show what was sent, what was taken back and what is still due, equal to
// the payment's row and its transfers in D1.
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../app/db/demo-data";
import { fixedClock } from "../../app/providers/clock";
import { isLocalPaymentProvider } from "../../app/providers/payments-local.server";
import { adminPaymentsPage, organiserPayouts } from "../../app/services/admin.server";
import { createCheckoutForInscription } from "../../app/services/checkout.server";
import { refundInscription } from "../../app/services/refunds.server";
import { releaseFunds, runDuePayouts } from "../../app/services/payouts.server";
import { formatEuros } from "../../app/domain/format";
import { loadDemoData } from "./helpers";
import { sessionCookie } from "./organiser-helpers";
import {
  enableOrganiserAccount,
  eventPayload,
  ORGANISER_ID,
  signedPost,
  testContext,
  type LedgerRow,
} from "./payments-helpers";

const FORMAT_DATE = "2027-11-20";
const J1 = "2027-11-21";
const COURSE = "Course des versements";

interface TransferRow {
  id: string;
  amount_cents: number;
  reversed_cents: number;
  status: string;
  provider_transfer_id: string | null;
  created_by: string;
}

async function ledger(paiementId: string): Promise<LedgerRow & { status: string }> {
  return (await env.DB.prepare("SELECT * FROM paiements WHERE id = ?").bind(paiementId).first<LedgerRow>())!;
}

async function transfers(paiementId: string): Promise<TransferRow[]> {
  return (
    await env.DB.prepare("SELECT * FROM transferts WHERE paiement_id = ? ORDER BY created_at")
      .bind(paiementId)
      .all<TransferRow>()
  ).results;
}

/** What the ledger says of the payout, read straight from D1 (not through the code under test). */
async function fromLedger(paiementId: string) {
  const p = await ledger(paiementId);
  const ts = await transfers(paiementId);
  const left = ts.filter((t) => t.status !== "failed");
  const sent = left.reduce((n, t) => n + t.amount_cents, 0);
  const back = left.reduce((n, t) => n + t.reversed_cents, 0);
  // The books: what the organiser holds is what left minus what came back.
  expect(sent - back, "transferts vs paiements.transferred_total_cents").toBe(p.transferred_total_cents);
  expect(p.amount_total_cents).toBe(
    p.refunded_cents + p.fee_total_cents + p.platform_fee_cents + p.transferred_total_cents + p.net_remaining_cents,
  );
  const collected = p.status === "succeeded" || p.status === "refunded";
  return {
    sentCents: sent,
    takenBackCents: back,
    heldCents: p.transferred_total_cents,
    dueCents: collected ? Math.max(0, p.net_remaining_cents) : 0,
  };
}

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&nbsp;/g, "\u00a0");

/** The cells' texts of the table row around `marker` in a page. */
function rowCells(html: string, marker: string): string[] {
  const at = html.indexOf(marker);
  expect(at, `row with ${marker}`).toBeGreaterThan(-1);
  const row = html.slice(html.lastIndexOf("<tr", at), html.indexOf("</tr>", at));
  return row
    .split(/<td\b/)
    .slice(1)
    .map((cell) =>
      decode(
        cell
          .replace(/^[^>]*>/, "")
          .replace(/<br\s*\/?>/g, " ")
          .replace(/<[^>]+>/g, " "),
      )
        .replace(/[ \t\r\n]+/g, " ")
        .trim(),
    );
}

let admin: string;
let organiser: string;
let paiementId: string;
let inscriptionId: string;

beforeAll(async () => {
  await loadDemoData();
  admin = await sessionCookie(DEMO_USERS.admin.id);
  organiser = await sessionCookie(ORGANISER_ID);
});

/** Both pages' line for the payment, from their loaders' data and from their HTML, against the ledger. */
async function expectLines(label: string, reason?: string) {
  const want = await fromLedger(paiementId);
  const adminData = await adminPaymentsPage(
    testContext(),
    new URL(`http://localhost/admin/payouts?q=${encodeURIComponent(COURSE)}`),
  );
  const adminRow = adminData.rows.find((r) => r.id === paiementId);
  const orgRow = (await organiserPayouts(testContext(), ORGANISER_ID)).find((r) => r.id === paiementId);
  for (const [who, line] of [
    ["admin", adminRow?.payout],
    ["organisateur", orgRow?.payout],
  ] as const) {
    expect(line, who).toMatchObject({ ...want, label });
    expect(line?.failureReason ?? undefined, who).toBe(reason);
  }
  expect(orgRow?.payout).toEqual(adminRow?.payout);

  // The pages as rendered.
  const adminPage = await (
    await SELF.fetch(`http://localhost/admin/payouts?q=${encodeURIComponent(COURSE)}`, { headers: { cookie: admin } })
  ).text();
  const a = rowCells(adminPage, `value="${paiementId}"`);
  expect(a[8], "admin: Transféré").toBe(formatEuros(want.heldCents));
  expect(a[11], "admin: Versement").toBe(
    `${label}${reason ? ` ${reason}` : ""} Versé ${formatEuros(want.sentCents)} Repris ${formatEuros(want.takenBackCents)} À verser ${formatEuros(want.dueCents)}`,
  );
  const orgPage = await (
    await SELF.fetch("http://localhost/monprofilorganisateur", { headers: { cookie: organiser } })
  ).text();
  const versements = orgPage.slice(orgPage.indexOf('id="versements"'));
  const o = rowCells(versements, COURSE);
  expect(o.slice(2), "organisateur: Versé, Repris, Reste à verser, État").toEqual([
    formatEuros(want.sentCents),
    formatEuros(want.takenBackCents),
    formatEuros(want.dueCents),
    `${label}${reason ? ` ${reason}` : ""}`,
  ]);
  return want;
}

describe("payout lines follow the ledger through pay, partial refund, deposit, reversal, J+1 and a refund", () => {
  it("the organiser's and the admin's lines show sent, taken back and still due, as the ledger has them", {
    timeout: 60_000,
  }, async () => {
    const context = testContext();
    await enableOrganiserAccount(context);
    const courseId = crypto.randomUUID();
    const formatId = crypto.randomUUID();
    inscriptionId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, ?, 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
      ).bind(courseId, COURSE, ORGANISER_ID, `course-des-versements-${courseId.slice(0, 8)}`),
      env.DB.prepare(
        "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents) VALUES (?, ?, '42 km', ?, '09:00', 8600)",
      ).bind(formatId, courseId, FORMAT_DATE),
      env.DB.prepare(
        `INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom, email, prix_total_coureur_cents, hold_expires_at)
         VALUES (?, ?, ?, ?, 'en_attente', ?, 'Bernard', 'Camille', 'coureur@balise.test', 8600, ?)`,
      ).bind(
        inscriptionId,
        courseId,
        formatId,
        DEMO_USERS.coureur.id,
        `trace-${inscriptionId}`,
        new Date(Date.now() + 30 * 60_000).toISOString(),
      ),
    ]);

    // 1. Paid: everything still due, the day after the race.
    const { url } = await createCheckoutForInscription(context, inscriptionId);
    if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
    await context.payments.paySession(url.split("/").pop()!);
    paiementId = (await env.DB.prepare("SELECT id FROM paiements WHERE inscription_id = ?")
      .bind(inscriptionId)
      .first<{ id: string }>())!.id;
    let line = await expectLines("À verser le 21/11/2027");
    expect(line.dueCents).toBeGreaterThan(0);

    // 2. A partial refund: the payment is 'refunded', yet what it leaves is still the organiser's (the J+1 job pays it).
    await refundInscription(testContext(), {
      inscriptionId,
      amountCents: 1500,
      idempotencyKey: `versements-partiel-${inscriptionId}`,
    });
    expect((await ledger(paiementId)).status).toBe("refunded");
    line = await expectLines("À verser le 21/11/2027");
    expect(line.dueCents).toBeGreaterThan(0);

    // 3. A deposit (acompte) of 50 %.
    await releaseFunds(testContext(), {
      paiementIds: [paiementId],
      mode: "acompte",
      depositPercent: 50,
      adminId: DEMO_USERS.admin.id,
      token: crypto.randomUUID(),
    });
    line = await expectLines("Versé en partie, reste à verser le 21/11/2027");
    expect(line.sentCents).toBeGreaterThan(0);

    // 4. The provider takes back part of the deposit on its own (transfer.reversed): owed again.
    const [deposit] = await transfers(paiementId);
    const res = await signedPost(
      eventPayload("transfer.reversed", { id: deposit.provider_transfer_id, object: "transfer", amount_reversed: 517 }),
    );
    expect(res.status).toBe(200);
    line = await expectLines("Versé en partie, reste à verser le 21/11/2027");
    expect(line.takenBackCents).toBe(517);

    // 5. J+1: exactly what the lines said was still due is sent.
    const due = line.dueCents;
    await runDuePayouts(testContext(fixedClock(`${J1}T06:00:00.000Z`)));
    const j1 = (await transfers(paiementId)).find((t) => t.created_by === "j1");
    expect(j1?.amount_cents).toBe(due);
    line = await expectLines("Versé, repris en partie");
    expect(line.dueCents).toBe(0);

    // 6. A refund that takes back the whole J+1 transfer and part of the deposit: the newest transfer is 'reversed',
    // but the deposit's rest is still with the organiser.
    await refundInscription(testContext(), {
      inscriptionId,
      amountCents: due + 400,
      idempotencyKey: `versements-reprise-${inscriptionId}`,
    });
    const after = await transfers(paiementId);
    expect(after.find((t) => t.created_by === "j1")?.status).toBe("reversed");
    line = await expectLines("Versé, repris en partie");
    expect(line.heldCents).toBeGreaterThan(0);
    expect(line.takenBackCents).toBe(517 + due + 400);
  });
});
