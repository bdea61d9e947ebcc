// Registration statuses. The spec spells them several ways (en attente, validé/validée, refusé/refusée,
// annulé/annulée, remboursé, remboursée_partiellement, remboursée_totalement): we store one canonical code
// and map every spelling onto it wherever a status is read (docs/decisions/0005-money-and-statuses.md).
import { holdsPlace } from "./places";
import { codesOf } from "../labels";

/** The canonical codes, with the label shown in organiser and admin tables. */
export const STATUT_LABELS = {
  en_attente: "En attente",
  validee: "Validée",
  refusee: "Refusée",
  annulee: "Annulée",
  remboursee_partiellement: "Remboursée partiellement",
  remboursee_totalement: "Remboursée totalement",
  // The place was handed to another runner (bib transfer, issue 22): the seller refunded, the buyer's registration
  // holds the place. docs/decisions/0170-bib-transfer.md
  transferee: "Transférée",
};
export type Statut = keyof typeof STATUT_LABELS;
export const STATUTS = codesOf(STATUT_LABELS);

const ALIASES: Record<string, Statut> = {
  "en attente": "en_attente",
  en_attente: "en_attente",
  pending: "en_attente",
  validé: "validee",
  validée: "validee",
  valide: "validee",
  validee: "validee",
  refusé: "refusee",
  refusée: "refusee",
  refuse: "refusee",
  refusee: "refusee",
  annulé: "annulee",
  annulée: "annulee",
  annule: "annulee",
  annulee: "annulee",
  remboursé: "remboursee_totalement",
  rembourse: "remboursee_totalement",
  remboursée_partiellement: "remboursee_partiellement",
  remboursee_partiellement: "remboursee_partiellement",
  remboursée_totalement: "remboursee_totalement",
  remboursee_totalement: "remboursee_totalement",
  transférée: "transferee",
  transferee: "transferee",
};

/** Any spelling found in the spec (or typed by an organiser) -> the canonical code; null when unknown. */
export function normaliseStatut(value: string | null | undefined): Statut | null {
  if (!value) return null;
  return ALIASES[value.trim().toLowerCase()] ?? null;
}

/**
 * A status's tone: what it looks like, whatever its label says (the UI maps a tone to its colour, so no component
 * matches a French label to choose a class). `active`: the place is the runner's; `waiting`: a payment is awaited;
 * `refunded`: ended with money back; `ended`: cancelled, refused, transferred or expired.
 */
export const STATUS_TONES = ["active", "waiting", "refunded", "ended"] as const;
export type StatusTone = (typeof STATUS_TONES)[number];

/** The tone of each canonical status. */
export const STATUT_TONES: Record<Statut, StatusTone> = {
  en_attente: "waiting",
  validee: "active",
  refusee: "ended",
  annulee: "ended",
  remboursee_partiellement: "refunded",
  remboursee_totalement: "refunded",
  transferee: "ended",
};

/** The runner page's badge (spec section 4): Active, Annulée, Remboursée partiellement, Remboursée totalement. */
export function runnerBadge(
  statut: string,
): "Active" | "Annulée" | "Remboursée partiellement" | "Remboursée totalement" | "Transférée" {
  const s = normaliseStatut(statut);
  if (s === "transferee") return "Transférée";
  if (s === "remboursee_totalement") return "Remboursée totalement";
  if (s === "remboursee_partiellement") return "Remboursée partiellement";
  if (s === "annulee") return "Annulée";
  return "Active";
}

/** Cancelled, refunded or transferred registrations are read-only for the runner (spec section 4), as stored. */
export const READ_ONLY_FOR_RUNNER: readonly Statut[] = [
  "annulee",
  "remboursee_partiellement",
  "remboursee_totalement",
  "transferee",
];

export function isReadOnlyForRunner(statut: string): boolean {
  const s = normaliseStatut(statut);
  return s !== null && READ_ONLY_FOR_RUNNER.includes(s);
}

/** A registration's status wherever the runner reads it (/mon-inscription's badge, /coureur, /mesinscriptions: one
 * vocabulary, issue 42): a pending one says whether its hold still runs; the others take the spec's badge. */
export function runnerListStatus(r: { statut: string; hold_expires_at: string | null }, now: Date): string {
  if (r.statut === "en_attente") return holdsPlace(r, now) ? "En attente de paiement" : "Réservation expirée";
  if (r.statut === "refusee") return "Refusée";
  return runnerBadge(r.statut);
}

/**
 * May the runner pay this registration now ('Payer maintenant')? A pending one they took themselves (a hold, running
 * or expired: a new checkout takes the place again if it is still free); not one the organiser added by hand (no
 * hold: the organiser collects), nor a paid or ended one.
 */
export function runnerMayPay(r: { statut: string; hold_expires_at: string | null }): boolean {
  return normaliseStatut(r.statut) === "en_attente" && r.hold_expires_at != null;
}

/** The tone of a registration in the runner's own lists (runnerListStatus): a pending one is waiting while its hold
 * runs and ended once it expired; the others take their status's tone. */
export function runnerListTone(r: { statut: string; hold_expires_at: string | null }, now: Date): StatusTone {
  const s = normaliseStatut(r.statut);
  if (s === "en_attente") return holdsPlace(r, now) ? "waiting" : "ended";
  return s === null ? "active" : STATUT_TONES[s];
}

/**
 * The statuses whose personal data the organiser may erase at the runner's request (decision 0218): over, holding
 * no place (refused, cancelled, refunded, handed on). A registration still running keeps its data for the race.
 */
export const ERASABLE_ON_REQUEST: readonly Statut[] = [
  "refusee",
  "annulee",
  "remboursee_partiellement",
  "remboursee_totalement",
  "transferee",
];

export function mayEraseOnRequest(statut: string | null | undefined): boolean {
  const s = normaliseStatut(statut);
  return s !== null && ERASABLE_ON_REQUEST.includes(s);
}
