// Bib transfer, the reads (issue 22): the transfer block of a runner's registration page (the organiser's rules, the
// running or last offer, what the seller would get back) and the organiser's list of a format's transfers.
// docs/decisions/0170-bib-transfer.md
import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc, eq, sql } from "drizzle-orm";
import { cessions, users } from "~/db/schema";
import {
  canOfferTransfer,
  TransferError,
  transferSplit,
  transferRulesSentence,
  type OrganiserTransfer,
} from "~/domain/transfer";
import { formatDateLong } from "~/domain/format";
import { collectedPayment } from "~/db/payments.server";
import { loadOwned, openOffer, settingsOf } from "./transfer.server";

type Ctx = AppLoadContext;

export interface TransferPanel {
  /** The organiser's rules in one sentence (null: transfers not allowed on this format). */
  rules: string | null;
  /** An offer running: to whom, until when. */
  open: { email: string | null; toWaitlist: boolean; expiresAt: string } | null;
  /** The last offer that ended (paid, withdrawn, expired), for the runner's page. */
  last: { statut: string; email: string | null; toWaitlist: boolean; remboursementCents: number | null } | null;
  /** May the runner offer it now (null), or why not (a French sentence). */
  refusal: string | null;
  /** Runners waiting on the format's list who could be offered the place (the seller excepted). */
  waiting: number;
  /** What the seller would get back, and what the buyer would pay for the place. */
  split: { sellerRefundCents: number; organiserFeeCents: number; providerFeeCents: number; buyerPriceCents: number };
}

/** The transfer block of /mon-inscription/{id}, for its owner (null when not theirs). */
export async function loadTransferPanel(
  context: Ctx,
  userId: string,
  inscriptionId: string,
): Promise<TransferPanel | null> {
  const row = await loadOwned(context, userId, inscriptionId);
  if (!row) return null;
  const [p, open, last, waiting] = await Promise.all([
    collectedPayment(context.db, inscriptionId),
    openOffer(context, inscriptionId),
    context.db
      .select()
      .from(cessions)
      .where(eq(cessions.inscription_id, inscriptionId))
      .orderBy(desc(cessions.created_at))
      .limit(1),
    context.db.all<{ n: number }>(sql`
      SELECT count(*) AS n FROM liste_attente
      WHERE format_id = ${row.i.format_id} AND statut = 'en_liste' AND coureur_id <> ${userId}`),
  ]);
  const settings = settingsOf(row.f);
  const can = canOfferTransfer({
    statut: row.i.statut,
    paid: p != null,
    settings,
    openOffer: open != null,
    now: context.clock.now(),
  });
  const split = transferSplit({
    sellerPaidCents: p?.amount_total_cents ?? 0,
    sellerRefundedCents: p?.refunded_cents ?? 0,
    sellerProviderFeeCents: p?.fee_total_cents ?? 0,
    organiserFeeCents: open?.frais_cents ?? row.f.cession_frais_cents,
    formatPriceCents: row.f.prix_cents,
    sellerPlaceCents: row.i.prix_total_coureur_cents - row.i.prix_total_repas_cents,
  });
  const ended = last[0] && last[0].statut !== "ouverte" ? last[0] : null;
  return {
    rules: transferRulesSentence(settings, formatDateLong),
    // An offer to the waiting list never shows the seller the e-mail of the runner it went to.
    open: open
      ? {
          email: open.liste_attente_id ? null : open.email,
          toWaitlist: open.liste_attente_id != null,
          expiresAt: open.expires_at,
        }
      : null,
    last: ended
      ? {
          statut: ended.statut,
          email: ended.liste_attente_id ? null : ended.email,
          toWaitlist: ended.liste_attente_id != null,
          remboursementCents: ended.remboursement_cents,
        }
      : null,
    // Nothing to refuse once an offer runs, or once the place changed hands (the page says so).
    refusal: can.ok || open || ended?.statut === "payee" ? null : new TransferError(can.code).message,
    waiting: Number(waiting[0]?.n ?? 0),
    split: {
      sellerRefundCents: split.sellerRefundCents,
      organiserFeeCents: split.organiserKeepsCents,
      providerFeeCents: split.providerKeepsCents,
      buyerPriceCents: split.buyerPaysCents,
    },
  };
}

// ---------------------------------------------------------------- the organiser

/** Every transfer of a format, newest first, for the event's organiser (the caller checked the ownership). */
export async function listFormatTransfers(context: Ctx, formatId: string): Promise<OrganiserTransfer[]> {
  const rows = await context.db.all<{
    id: string;
    statut: string;
    created_at: string;
    ended_at: string | null;
    email: string;
    frais_cents: number;
    remboursement_cents: number | null;
    dossard: number | null;
    s_id: string;
    s_nom: string | null;
    s_prenom: string | null;
    b_id: string | null;
    b_nom: string | null;
    b_prenom: string | null;
  }>(sql`
    SELECT c.id, c.statut, c.created_at, c.ended_at, c.email, c.frais_cents, c.remboursement_cents, c.dossard,
      s.id AS s_id, s.nom AS s_nom, s.prenom AS s_prenom, b.id AS b_id, b.nom AS b_nom, b.prenom AS b_prenom
    FROM cessions c JOIN inscriptions s ON s.id = c.inscription_id
    LEFT JOIN inscriptions b ON b.id = c.acheteur_inscription_id
    WHERE c.format_id = ${formatId} ORDER BY c.created_at DESC LIMIT 500`);
  return rows.map((r) => ({
    id: r.id,
    statut: r.statut,
    createdAt: r.created_at,
    endedAt: r.ended_at,
    email: r.email,
    fraisCents: r.frais_cents,
    remboursementCents: r.remboursement_cents,
    dossard: r.dossard,
    vendeur: { id: r.s_id, nom: r.s_nom, prenom: r.s_prenom },
    acheteur: r.b_id ? { id: r.b_id, nom: r.b_nom, prenom: r.b_prenom } : null,
  }));
}

/** The user's account e-mail (the invitation goes to an address; only that account may accept). */
export async function accountEmail(context: Ctx, userId: string): Promise<string | null> {
  const [u] = await context.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.email ?? null;
}
