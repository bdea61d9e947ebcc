// The organiser's debts (decision 0184): what an organiser's own decision to refund cost beyond their share of a
// payment (its provider fee and the platform's commission) leaves that payment's net negative. Before another of their
// payments' money leaves for them (an admin's release, the J+1 payout), it covers those debts first, oldest first;
// each move is recorded (`compensations`, append-only) and both ledgers keep balancing to the cent.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, lt, ne, sql } from "drizzle-orm";
import { batchAll } from "~/db/batch.server";
import { paiements } from "~/db/schema";
import { applyCompensation, compensationAmount } from "~/domain/money";
import { logEvent } from "~/utils/log.server";
import { ledgerOf, loadPaiement, type PaiementRow, sameLedger } from "./ledger.server";

type Ctx = AppLoadContext;

/** Debts covered per call at most (each is one D1 batch); what is left waits for the next payout. */
const MAX_MOVES = 20;

/**
 * Covers the debts of the organiser of payment `paiementId` with that payment's net, oldest debt first. Returns the
 * payment as it is afterwards (its net possibly lower, or zero). A move that finds either ledger changed meanwhile is
 * read again and tried once more; nothing is moved half.
 */
export async function coverOrganiserDebts(context: Ctx, paiementId: string): Promise<PaiementRow> {
  let creditor = await loadPaiement(context, paiementId);
  for (let moves = 0; moves < MAX_MOVES && creditor.net_remaining_cents > 0 && creditor.organisateur_id; moves++) {
    const [debtor] = await context.db
      .select()
      .from(paiements)
      .where(
        and(
          eq(paiements.organisateur_id, creditor.organisateur_id),
          lt(paiements.net_remaining_cents, 0),
          ne(paiements.id, creditor.id),
        ),
      )
      .orderBy(asc(paiements.created_at))
      .limit(1);
    if (!debtor) break;
    const from = { creditor: ledgerOf(creditor), debtor: ledgerOf(debtor) };
    const amount = compensationAmount(from.creditor, from.debtor);
    if (amount <= 0) break;
    const to = applyCompensation(from.creditor, from.debtor, amount);
    const id = crypto.randomUUID();
    const nowIso = context.clock.now().toISOString();
    // One transaction: the creditor moves only while the debtor is as read, the debtor only once the creditor moved,
    // the record only once both did.
    const [c, d, r] = await batchAll<[{ id: string }[], { id: string }[], { id: string }[]]>(context.db, [
      sql`UPDATE paiements SET net_remaining_cents = ${to.creditor.net_remaining_cents},
          compensation_cents = ${to.creditor.compensation_cents}, updated_at = ${nowIso}
        WHERE ${sameLedger(creditor.id, from.creditor)}
          AND EXISTS (SELECT 1 FROM paiements WHERE ${sameLedger(debtor.id, from.debtor)}) RETURNING id`,
      sql`UPDATE paiements SET net_remaining_cents = ${to.debtor.net_remaining_cents},
          compensation_cents = ${to.debtor.compensation_cents}, updated_at = ${nowIso}
        WHERE ${sameLedger(debtor.id, from.debtor)}
          AND EXISTS (SELECT 1 FROM paiements WHERE ${sameLedger(creditor.id, to.creditor)}) RETURNING id`,
      sql`INSERT INTO compensations (id, organisateur_id, from_paiement_id, to_paiement_id, amount_cents, created_at)
        SELECT ${id}, ${creditor.organisateur_id}, ${creditor.id}, ${debtor.id}, ${amount}, ${nowIso}
        WHERE EXISTS (SELECT 1 FROM paiements WHERE ${sameLedger(creditor.id, to.creditor)})
          AND EXISTS (SELECT 1 FROM paiements WHERE ${sameLedger(debtor.id, to.debtor)}) RETURNING id`,
    ]);
    if (c.length === 1 && d.length === 1 && r.length === 1)
      logEvent("debt.covered", { paiement_id: debtor.id, object_id: creditor.id, amount_cents: amount });
    creditor = await loadPaiement(context, paiementId);
  }
  return creditor;
}
