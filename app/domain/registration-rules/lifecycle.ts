// The registration lifecycle (issue 17): the statuses of decision 0005, every change a registration may go through,
// who may make it, and what it does to places, meals and money. Every module that changes `inscriptions.statut`
// asks this one (app/services/lifecycle.server.ts carries the changes out and records each one). Pure: no I/O.
// docs/decisions/0130-registration-lifecycle.md
import { STATUTS, type Statut } from "./statuses";

export { STATUTS, type Statut };

/** Who asks for a change. */
export const ACTORS = ["runner", "organiser", "admin", "payment", "system"] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * The changes a registration can go through. Each is one event with a code: the code is what the history and
 * `cancel_reason` store (French labels only at display).
 */
export const EVENTS = [
  /** A place held for a runner who is about to pay (or a runner added by hand by the organiser). */
  "created",
  /** A place freed in a full format offered to the first runner of its waiting list (held until the offer's deadline). */
  "offered",
  /** The payment arrived and the place (and meals) are still the runner's. */
  "paid",
  /** The checkout could not be created: the hold is given back at once. */
  "checkout_failed",
  /** The runner gave up on the checkout page. */
  "abandoned",
  /** The hold expired unpaid (the checkout session expired). */
  "hold_expired",
  /** An offer of the waiting list ended unpaid at its deadline: the place goes to the next runner. */
  "offer_expired",
  /** A running offer ends because its runner left the waiting list, or the organiser removed them from it. */
  "offer_withdrawn",
  /** The bank refused the (asynchronous) payment. */
  "payment_failed",
  /** 'Réessayer le paiement': a hold ended without payment is taken again (if a place is free). */
  "retried",
  /** A payment arrived after the place was gone: it is refunded in full. */
  "late_payment",
  /** A payment arrived whose amount is not the registration's total: it is refunded in full. */
  "amount_mismatch",
  /** A payment arrived for an event deleted or taken offline: it is refunded in full. */
  "event_unavailable",
  /** The full refund of one of the three above went through. */
  "payment_refunded",
  /** The runner cancels a paid registration; refunded by the scale. */
  "runner_cancelled",
  /** The organiser cancels a paid registration: refunded in full (their decision) or by the scale. */
  "organiser_cancelled",
  /** A refund made at the payment provider, outside Balise (charge.refunded). */
  "refunded_outside",
  /** The organiser changes the status of a registration that has no payment (added by hand). */
  "status_set",
  /** A runner accepts a bib transfer offered to them: a registration held for their checkout (issue 22). */
  "transfer_accepted",
  /** The buyer of a transfer paid: the seller's registration hands its place (and bib) over, and is refunded. */
  "transferred",
  /** A buyer's unpaid registration ends: the offer was withdrawn, expired, or another buyer paid first. */
  "transfer_ended",
] as const;
export type LifecycleEvent = (typeof EVENTS)[number];

/** A refund cancellation's end status: nothing refunded, part, or all of what was paid. */
export type RefundEnd = "annulee" | "remboursee_partiellement" | "remboursee_totalement";

export interface Transition {
  /** Statuses the registration may be in for this event. */
  from: readonly Statut[];
  /** Where it goes ('given': the caller says, from the refund or the organiser's choice). */
  to: Statut | "given";
  actors: readonly Actor[];
  /** What the change does to `cancel_reason`: sets it to the event's code, clears it, or keeps it. */
  reason: "set" | "clear" | "keep";
}

/** Cancel reasons of holds that ended without payment: such a registration may be paid again (retry, late webhook). */
export const REVIVABLE_REASONS = [
  "hold_expired",
  "payment_failed",
  "abandoned",
  "checkout_failed",
  "offer_expired",
  "transfer_ended",
] as const satisfies readonly LifecycleEvent[];
/** Unpaid ends whose place went to someone else: a payment of their session still settles, but no new attempt. */
export const NOT_RETRIABLE_REASONS = ["offer_expired", "transfer_ended"] as const satisfies readonly LifecycleEvent[];
/**
 * Cancel reasons of registrations whose own payment was kept, then settled (a cancellation with its refund, a refund
 * made outside Balise, a bib handed over): a replay of that payment's session has nothing left to do.
 */
export const SETTLED_PAYMENT_REASONS = [
  "runner_cancelled",
  "organiser_cancelled",
  "refunded_outside",
  "transferred",
] as const satisfies readonly LifecycleEvent[];
/** Cancel reasons of payments that arrived but could not be kept: refunded in full. */
export const REFUSED_PAYMENT_REASONS = [
  "late_payment",
  "amount_mismatch",
  "event_unavailable",
] as const satisfies readonly LifecycleEvent[];

export const TRANSITIONS: Record<LifecycleEvent, Transition> = {
  created: { from: [], to: "en_attente", actors: ["runner", "organiser", "admin"], reason: "clear" },
  offered: { from: [], to: "en_attente", actors: ["system"], reason: "clear" },
  paid: { from: ["en_attente", "annulee"], to: "validee", actors: ["payment"], reason: "clear" },
  checkout_failed: { from: ["en_attente"], to: "annulee", actors: ["system"], reason: "set" },
  abandoned: { from: ["en_attente"], to: "annulee", actors: ["runner"], reason: "set" },
  hold_expired: { from: ["en_attente"], to: "annulee", actors: ["payment", "system"], reason: "set" },
  offer_expired: { from: ["en_attente"], to: "annulee", actors: ["payment", "system"], reason: "set" },
  offer_withdrawn: { from: ["en_attente"], to: "annulee", actors: ["runner", "organiser", "admin"], reason: "set" },
  payment_failed: { from: ["en_attente"], to: "annulee", actors: ["payment"], reason: "set" },
  retried: { from: ["en_attente", "annulee"], to: "en_attente", actors: ["runner"], reason: "clear" },
  late_payment: { from: ["en_attente", "annulee"], to: "annulee", actors: ["payment"], reason: "set" },
  amount_mismatch: { from: ["en_attente", "annulee"], to: "annulee", actors: ["payment"], reason: "set" },
  event_unavailable: { from: ["en_attente", "annulee"], to: "annulee", actors: ["payment"], reason: "set" },
  payment_refunded: { from: ["annulee"], to: "remboursee_totalement", actors: ["payment", "system"], reason: "keep" },
  runner_cancelled: { from: ["validee"], to: "given", actors: ["runner"], reason: "set" },
  organiser_cancelled: { from: ["validee"], to: "given", actors: ["organiser", "admin"], reason: "set" },
  refunded_outside: { from: ["validee", "remboursee_partiellement"], to: "given", actors: ["payment"], reason: "set" },
  status_set: {
    from: ["en_attente", "validee", "refusee", "annulee"],
    to: "given",
    actors: ["organiser", "admin"],
    reason: "set",
  },
  transfer_accepted: { from: [], to: "en_attente", actors: ["runner"], reason: "clear" },
  transferred: { from: ["validee"], to: "transferee", actors: ["payment"], reason: "set" },
  transfer_ended: { from: ["en_attente"], to: "annulee", actors: ["runner", "payment", "system"], reason: "set" },
};

/** Statuses an organiser may set by hand, on a registration that has no payment. */
export const ORGANISER_SETTABLE: readonly Statut[] = ["en_attente", "validee", "refusee", "annulee"];

export type RefusalCode =
  | "transition_inconnue"
  | "statut_incompatible"
  | "acteur_non_autorise"
  | "paiement_a_regler"
  | "statut_non_modifiable";

export type Decision = { ok: true; to: Statut } | { ok: false; code: RefusalCode };

/** May `actor` ask for `event`, and to which status (for events whose end is given)? Whatever the row's status. */
export function decideRequest(event: LifecycleEvent, input: { actor: Actor; to?: Statut }): Decision {
  const t = TRANSITIONS[event];
  if (!t) return { ok: false, code: "transition_inconnue" };
  if (!t.actors.includes(input.actor)) return { ok: false, code: "acteur_non_autorise" };
  if (t.to !== "given") return { ok: true, to: t.to };
  const to = input.to;
  if (event === "status_set")
    return to && ORGANISER_SETTABLE.includes(to) ? { ok: true, to } : { ok: false, code: "statut_non_modifiable" };
  const ends: readonly Statut[] =
    event === "refunded_outside"
      ? ["remboursee_partiellement", "remboursee_totalement"]
      : ["annulee", "remboursee_partiellement", "remboursee_totalement"];
  return to && ends.includes(to) ? { ok: true, to } : { ok: false, code: "statut_non_modifiable" };
}

/**
 * May `actor` apply `event` to a registration in `from`? `to` is the end status for events whose end is given
 * (a refund's end, the organiser's choice), `paid` whether the registration has a payment, `cancelReason` its
 * current code. A paid registration only leaves 'validee' through a cancellation that settles the money, and a
 * refunded or refused one never becomes active again.
 */
export function decide(
  event: LifecycleEvent,
  input: { from: Statut | null; actor: Actor; to?: Statut; paid?: boolean; cancelReason?: string | null },
): Decision {
  const asked = decideRequest(event, input);
  if (!asked.ok) return asked;
  const t = TRANSITIONS[event];
  // A creation (a hold, an offer) makes the row: there is no status before it.
  if (t.from.length === 0) return input.from === null ? asked : { ok: false, code: "statut_incompatible" };
  if (input.from === null || !t.from.includes(input.from)) return { ok: false, code: "statut_incompatible" };
  const reason = input.cancelReason ?? "";
  const unpaidEnd = (REVIVABLE_REASONS as readonly string[]).includes(reason);
  // A registration ended without payment comes back (or is refused a payment) only from the unpaid reasons.
  const revives =
    event === "paid" || event === "retried" || (REFUSED_PAYMENT_REASONS as readonly string[]).includes(event);
  if (revives && input.from === "annulee" && !unpaidEnd) return { ok: false, code: "statut_incompatible" };
  // An expired offer's place went to the next runner: a payment of its session still settles, but no new attempt.
  if (event === "retried" && (NOT_RETRIABLE_REASONS as readonly string[]).includes(reason))
    return { ok: false, code: "statut_incompatible" };
  if (event === "payment_refunded" && !(REFUSED_PAYMENT_REASONS as readonly string[]).includes(reason))
    return { ok: false, code: "statut_incompatible" };
  if (event === "status_set") {
    if (input.paid) return { ok: false, code: "paiement_a_regler" };
    if (asked.to === input.from) return { ok: false, code: "statut_incompatible" };
  }
  return asked;
}

export const REFUSAL_MESSAGES: Record<RefusalCode, string> = {
  transition_inconnue: "Changement de statut inconnu.",
  statut_incompatible: "Cette inscription n'est plus dans un statut qui permet ce changement.",
  acteur_non_autorise: "Vous ne pouvez pas faire ce changement.",
  paiement_a_regler:
    "Cette inscription est payée : pour l'arrêter, annulez-la (avec remboursement) depuis la fiche du coureur. Son statut ne se change pas à la main.",
  statut_non_modifiable: "Ce statut ne peut pas être choisi ici.",
};

export class LifecycleError extends Error {
  constructor(public readonly code: RefusalCode) {
    super(REFUSAL_MESSAGES[code]);
    this.name = "LifecycleError";
  }
}

/** The status a cancellation with a refund leaves: nothing refunded, part, or everything that was paid. */
export function statusAfterRefund(amountPaidCents: number, refundedCents: number): RefundEnd {
  if (refundedCents <= 0) return "annulee";
  return refundedCents >= amountPaidCents ? "remboursee_totalement" : "remboursee_partiellement";
}

/** Every (from, event) an actor may produce, for the table-tested rules and the documentation. */
export function allowedPairs(actor: Actor): [Statut | null, LifecycleEvent][] {
  const out: [Statut | null, LifecycleEvent][] = [];
  for (const event of EVENTS) {
    const t = TRANSITIONS[event];
    if (!t.actors.includes(actor)) continue;
    if (t.from.length === 0) out.push([null, event]);
    else for (const from of t.from) out.push([from, event]);
  }
  return out;
}

/** French labels of the codes (history, the runner's page, the organiser's details). */
export const EVENT_LABELS: Record<LifecycleEvent | "imported", string> = {
  created: "Inscription créée",
  offered: "Place proposée depuis la liste d'attente",
  paid: "Paiement reçu : inscription validée",
  checkout_failed: "Paiement non créé : place libérée",
  abandoned: "Paiement abandonné par le coureur : place libérée",
  hold_expired: "Paiement non finalisé : session de paiement expirée",
  offer_expired: "Offre de la liste d'attente non payée à temps : place proposée au suivant",
  offer_withdrawn: "Offre de la liste d'attente retirée (sortie de la liste) : place proposée au suivant",
  payment_failed: "Paiement refusé par la banque",
  retried: "Nouvelle tentative de paiement",
  late_payment: "Paiement reçu après l'expiration de la réservation, format complet : remboursé intégralement",
  amount_mismatch: "Montant payé différent du total de l'inscription : remboursé intégralement",
  event_unavailable: "Paiement reçu pour une épreuve supprimée ou hors-ligne : remboursé intégralement",
  payment_refunded: "Paiement remboursé intégralement",
  runner_cancelled: "Annulée par le coureur",
  organiser_cancelled: "Annulée par l'organisateur",
  refunded_outside: "Remboursement effectué chez le prestataire de paiement",
  status_set: "Statut modifié par l'organisateur",
  transfer_accepted: "Transfert de dossard accepté : place réservée pour le paiement",
  transferred: "Dossard transféré à un autre coureur : remboursé selon les règles du transfert",
  transfer_ended: "Offre de transfert terminée sans paiement (retirée, expirée ou payée par un autre)",
  imported: "Statut au début de l'historique",
};

export const ACTOR_LABELS: Record<Actor, string> = {
  runner: "Coureur",
  organiser: "Organisateur",
  admin: "Administrateur",
  payment: "Paiement",
  system: "Balise",
};

/** The label of a stored reason code; an older free-text reason is shown as it is. */
export function reasonLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return (EVENT_LABELS as Record<string, string>)[code] ?? code;
}

export function isLifecycleEvent(value: unknown): value is LifecycleEvent {
  return typeof value === "string" && (EVENTS as readonly string[]).includes(value);
}
