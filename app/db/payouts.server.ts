// Payout reads: each payment's transfers as the payout line reads them (app/domain/payout-line.ts), the organiser's
// payments with their transfers ('Mes versements'), and the J+1 payouts' list (/admin/payouts). Read only.
// docs/decisions/0193-payout-lines-from-the-ledger.md
import { sql, type SQL } from "drizzle-orm";
import type { PayoutTransfer } from "~/domain/payouts";
import type { Db } from "./client.server";

/**
 * A payment's transfers as one JSON array (a correlated subquery through transferts_paiement_idx): the rows of a
 * list keep one round trip whatever the number of transfers. `paymentId` is the payment's id column.
 */
export function transfersJson(paymentId: SQL): SQL {
  return sql`(SELECT json_group_array(json_object('amount_cents', t.amount_cents, 'reversed_cents', t.reversed_cents,
      'status', t.status, 'failure_reason', t.failure_reason, 'created_at', t.created_at))
    FROM transferts t WHERE t.paiement_id = ${paymentId})`;
}

/** The transfers of a `transfersJson` column. */
export function parseTransfers(json: string | null): PayoutTransfer[] {
  if (!json) return [];
  return (JSON.parse(json) as PayoutTransfer[]).map((t) => ({
    amount_cents: Number(t.amount_cents),
    reversed_cents: Number(t.reversed_cents),
    status: String(t.status),
    failure_reason: t.failure_reason == null ? null : String(t.failure_reason),
    created_at: String(t.created_at),
  }));
}

/** One of an organiser's payments, with what the payout line needs. */
export interface OrganiserPaymentPayout {
  id: string;
  created_at: string;
  status: string;
  net_remaining_cents: number;
  transferred_total_cents: number;
  payout_due_on: string | null;
  course_id: string;
  course_nom: string;
  format_nom: string | null;
  coureur_prenom: string | null;
  coureur_nom: string | null;
  transfers: PayoutTransfer[];
}

/**
 * An organiser's collected payments (succeeded, or refunded in part or in full), newest first, each with its
 * transfers: what they were sent, what was taken back, what is still due (one round trip, through
 * paiements_organisateur_idx).
 */
export async function listOrganiserPaymentPayouts(
  db: Db,
  organisateurId: string,
  limit = 50,
): Promise<OrganiserPaymentPayout[]> {
  const rows = await db.all<Omit<OrganiserPaymentPayout, "transfers"> & { transfers_json: string | null }>(sql`
    SELECT p.id, p.created_at, p.status, p.net_remaining_cents, p.transferred_total_cents, p.payout_due_on,
      c.id AS course_id, c.nom AS course_nom, f.nom AS format_nom, i.prenom AS coureur_prenom, i.nom AS coureur_nom,
      ${transfersJson(sql.raw("p.id"))} AS transfers_json
    FROM paiements p JOIN courses c ON c.id = p.course_id LEFT JOIN formats f ON f.id = p.format_id
    JOIN inscriptions i ON i.id = p.inscription_id
    WHERE p.organisateur_id = ${organisateurId} AND +p.status IN ('succeeded', 'refunded')
    ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`);
  return rows.map(({ transfers_json, ...r }) => ({
    ...r,
    net_remaining_cents: Number(r.net_remaining_cents),
    transferred_total_cents: Number(r.transferred_total_cents),
    transfers: parseTransfers(transfers_json),
  }));
}

export interface AutoPayoutRow {
  id: string;
  created_at: string;
  amount_cents: number;
  reversed_cents: number;
  status: string;
  failure_reason: string | null;
  kind: string;
  course_id: string;
  course_nom: string;
  organisateur_id: string | null;
  organisateur: string | null;
}

/** The automatic J+1 payouts, newest first (the transfers' created_by index). */
export async function listAutoPayouts(db: Db, actor: string, limit = 50): Promise<AutoPayoutRow[]> {
  return db.all<AutoPayoutRow>(sql`
    SELECT t.id, t.created_at, t.amount_cents, t.reversed_cents, t.status, t.failure_reason, t.kind, c.id AS course_id,
      c.nom AS course_nom, p.organisateur_id,
      coalesce(nullif(trim(o.organisation_nom), ''), nullif(trim(coalesce(o.prenom, '') || ' ' || coalesce(o.nom, '')), ''), o.email) AS organisateur
    FROM transferts t JOIN paiements p ON p.id = t.paiement_id JOIN courses c ON c.id = p.course_id
    LEFT JOIN profils_utilisateurs o ON o.user_id = p.organisateur_id
    WHERE t.created_by = ${actor}
    ORDER BY t.created_at DESC LIMIT ${limit}`);
}
