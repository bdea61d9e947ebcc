// The registration lifecycle (issue 17): the statuses of decision 0005, every change a registration may go through,
// who may make it, and what it does to places, meals and money. Every module that changes `inscriptions.statut`
// asks this one (app/services/lifecycle.server.ts carries the changes out and records each one). Pure: no I/O.
// docs/decisions/0130-registration-lifecycle.md
import { tabledError } from "../errors";
import { codesOf, labelOf, isOneOf } from "../labels";
import { STATUTS, type Statut } from "./statuses";

export { STATUTS, type Statut };

/** Who asks for a change, and how the history names them. */
export const ACTOR_LABELS = {
  runner: "Coureur",
  organiser: "Organisateur",
  admin: "Administrateur",
  payment: "Paiement",
  system: "Balise",
};
export type Actor = keyof typeof ACTOR_LABELS;
export const ACTORS = codesOf(ACTOR_LABELS);

/**
 * The changes a registration can go through. Each is one event with a code: the code is what the history and
 * `cancel_reason` store (French labels only at display).
 */
export const EVENTS = [
  /** A place held for a runner who is about to pay. */
  "created",
  /** A runner added by hand by the organiser (or an admin), in the status they choose (issue 41). */
  "added_by_hand",
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

/**
 * A condition of a change beyond the statuses it starts from, read on the registration and what is known of it (its
 * payment, an open bib transfer). decide() evaluates them in TypeScript; the registration store renders the same ones
 * in SQL (app/db/registration-store), and a workerd test runs every actor × event × status through both.
 */
export type Guard =
  /** From 'annulee', only a registration that ended without payment (REVIVABLE_REASONS) comes back or is paid. */
  | "unpaid_end_if_cancelled"
  /** Not an expired offer or transfer whose place went to someone else (NOT_RETRIABLE_REASONS). */
  | "place_not_given_on"
  /** Not a bib transfer's buyer (paid through its offer only, never taken again as a new place). */
  | "not_a_transfer_buyer"
  /** No bib transfer offer open on it (withdraw it before cancelling). */
  | "no_open_transfer"
  /** Its cancel reason is a refused payment (REFUSED_PAYMENT_REASONS). */
  | "refused_payment"
  /** No payment on it (collected, refunded or pending): a paid one ends by a cancellation with its refund. */
  | "no_payment";

export interface Transition {
  /** Statuses the registration may be in for this event; none for a creation (there is no row before it). */
  from: readonly Statut[];
  /** Where it goes ('given': the caller says, from the refund or the organiser's choice). */
  to: Statut | "given";
  actors: readonly Actor[];
  /** What the change does to `cancel_reason`: sets it to the event's code, clears it, or keeps it. */
  reason: "set" | "clear" | "keep";
  /** Conditions beyond `from` (see Guard). */
  guards?: readonly Guard[];
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
  created: { from: [], to: "en_attente", actors: ["runner"], reason: "clear" },
  added_by_hand: { from: [], to: "given", actors: ["organiser", "admin"], reason: "clear" },
  offered: { from: [], to: "en_attente", actors: ["system"], reason: "clear" },
  paid: {
    from: ["en_attente", "annulee"],
    to: "validee",
    actors: ["payment"],
    reason: "clear",
    guards: ["unpaid_end_if_cancelled"],
  },
  checkout_failed: { from: ["en_attente"], to: "annulee", actors: ["system"], reason: "set" },
  abandoned: { from: ["en_attente"], to: "annulee", actors: ["runner"], reason: "set" },
  hold_expired: { from: ["en_attente"], to: "annulee", actors: ["payment", "system"], reason: "set" },
  offer_expired: { from: ["en_attente"], to: "annulee", actors: ["payment", "system"], reason: "set" },
  offer_withdrawn: { from: ["en_attente"], to: "annulee", actors: ["runner", "organiser", "admin"], reason: "set" },
  payment_failed: { from: ["en_attente"], to: "annulee", actors: ["payment"], reason: "set" },
  retried: {
    from: ["en_attente", "annulee"],
    to: "en_attente",
    actors: ["runner"],
    reason: "clear",
    guards: ["unpaid_end_if_cancelled", "place_not_given_on", "not_a_transfer_buyer"],
  },
  late_payment: {
    from: ["en_attente", "annulee"],
    to: "annulee",
    actors: ["payment"],
    reason: "set",
    guards: ["unpaid_end_if_cancelled"],
  },
  amount_mismatch: {
    from: ["en_attente", "annulee"],
    to: "annulee",
    actors: ["payment"],
    reason: "set",
    guards: ["unpaid_end_if_cancelled"],
  },
  event_unavailable: {
    from: ["en_attente", "annulee"],
    to: "annulee",
    actors: ["payment"],
    reason: "set",
    guards: ["unpaid_end_if_cancelled"],
  },
  payment_refunded: {
    from: ["annulee"],
    to: "remboursee_totalement",
    actors: ["payment", "system"],
    reason: "keep",
    guards: ["refused_payment"],
  },
  runner_cancelled: { from: ["validee"], to: "given", actors: ["runner"], reason: "set", guards: ["no_open_transfer"] },
  organiser_cancelled: {
    from: ["validee"],
    to: "given",
    actors: ["organiser", "admin"],
    reason: "set",
    guards: ["no_open_transfer"],
  },
  refunded_outside: { from: ["validee", "remboursee_partiellement"], to: "given", actors: ["payment"], reason: "set" },
  status_set: {
    from: ["en_attente", "validee", "refusee", "annulee"],
    to: "given",
    actors: ["organiser", "admin"],
    reason: "set",
    guards: ["no_payment"],
  },
  transfer_accepted: { from: [], to: "en_attente", actors: ["runner"], reason: "clear" },
  transferred: { from: ["validee"], to: "transferee", actors: ["payment"], reason: "set" },
  transfer_ended: { from: ["en_attente"], to: "annulee", actors: ["runner", "payment", "system"], reason: "set" },
};

/**
 * What follows a change, for the use case to run once it is made (issue 41): a registration that stops holding its
 * place frees it, for the format's waiting list first (issue 20).
 */
export type RegistrationEffect = { kind: "place_freed"; formatId: string };

/** The effects of a registration as a change left it. */
export function effectsOfChange(row: { statut: string; format_id: string }): RegistrationEffect[] {
  return row.statut === "en_attente" || row.statut === "validee"
    ? []
    : [{ kind: "place_freed", formatId: row.format_id }];
}

/** The statuses a creation may start in: its own, or for a runner added by hand the organiser's choice. */
export function initialStatuses(event: LifecycleEvent): readonly Statut[] {
  const t = TRANSITIONS[event];
  if (t.from.length > 0) return [];
  return t.to === "given" ? ORGANISER_SETTABLE : [t.to];
}

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
  if (event === "status_set" || event === "added_by_hand")
    return to && ORGANISER_SETTABLE.includes(to) ? { ok: true, to } : { ok: false, code: "statut_non_modifiable" };
  const ends: readonly Statut[] =
    event === "refunded_outside"
      ? ["remboursee_partiellement", "remboursee_totalement"]
      : ["annulee", "remboursee_partiellement", "remboursee_totalement"];
  return to && ends.includes(to) ? { ok: true, to } : { ok: false, code: "statut_non_modifiable" };
}

/** What decide() knows of a registration besides its status (the store reads the same in SQL). */
export interface RegistrationFacts {
  from: Statut | null;
  actor: Actor;
  /** The end status, for events whose end is given. */
  to?: Statut;
  /** It has a payment (collected, refunded or pending). */
  paid?: boolean;
  cancelReason?: string | null;
  /** A bib transfer offer of it is open. */
  openTransfer?: boolean;
  /** It is a transfer buyer's registration (cession_id set). */
  transferBuyer?: boolean;
}

/** Whether a guard holds for these facts (the same conditions as the store's SQL). */
export function guardHolds(guard: Guard, f: RegistrationFacts): boolean {
  const reason = f.cancelReason ?? "";
  switch (guard) {
    case "unpaid_end_if_cancelled":
      return f.from !== "annulee" || isOneOf(REVIVABLE_REASONS, reason);
    case "place_not_given_on":
      return !isOneOf(NOT_RETRIABLE_REASONS, reason);
    case "not_a_transfer_buyer":
      return !f.transferBuyer;
    case "no_open_transfer":
      return !f.openTransfer;
    case "refused_payment":
      return isOneOf(REFUSED_PAYMENT_REASONS, reason);
    case "no_payment":
      return !f.paid;
  }
}

/**
 * May `actor` apply `event` to a registration in `from` (null: a creation, there is no row yet)? `to` is the end
 * status for events whose end is given (a refund's end, the organiser's choice). A paid registration only leaves
 * 'validee' through a cancellation that settles the money, and a refunded or refused one never becomes active again.
 * This is the rule the registration store runs: its SQL is rendered from the same table and guards.
 */
export function decide(event: LifecycleEvent, input: RegistrationFacts): Decision {
  const asked = decideRequest(event, input);
  if (!asked.ok) return asked;
  const t = TRANSITIONS[event];
  if (t.from.length === 0) return input.from === null ? asked : { ok: false, code: "statut_incompatible" };
  if (input.from === null || !t.from.includes(input.from)) return { ok: false, code: "statut_incompatible" };
  for (const g of t.guards ?? [])
    if (!guardHolds(g, input))
      return { ok: false, code: g === "no_payment" ? "paiement_a_regler" : "statut_incompatible" };
  // The organiser's free choice never sets the status a registration already has.
  if (event === "status_set" && asked.to === input.from) return { ok: false, code: "statut_incompatible" };
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

/** The HTTP status of each refusal: an event or status not offered 400, an actor who may not 403, else 409. */
export const REFUSAL_STATUS: Record<RefusalCode, number> = {
  transition_inconnue: 400,
  statut_incompatible: 409,
  acteur_non_autorise: 403,
  paiement_a_regler: 409,
  statut_non_modifiable: 400,
};

export class LifecycleError extends tabledError<RefusalCode>("LifecycleError", REFUSAL_STATUS, REFUSAL_MESSAGES) {}

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
  added_by_hand: "Coureur ajouté par l'organisateur",
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

/** The label of a stored reason code; an older free-text reason is shown as it is. */
export function reasonLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return labelOf(EVENT_LABELS, code);
}

export function isLifecycleEvent(value: unknown): value is LifecycleEvent {
  return isOneOf(EVENTS, value);
}
