// Who the opening queue lets in (issue 42): the queue's order decides who gets a place. An admission reserves a place
// for that runner for RESERVATION_MINUTES, the time to fill the form (the form shows the deadline); the queue admits
// no more runners than places neither taken (validated, or held by a checkout) nor reserved, in queue order and at
// the admission rate; a reservation unused at its deadline returns to the queue's next runner. The draw gives each
// person one ticket (drawTickets in app/domain/opening-queue.ts).
// Pure: pass `now`. The Durable Object in party/format-queue.ts keeps the entries; docs/decisions/0203.

/** An admitted runner's time to send the registration form: their place is reserved until then. */
export const RESERVATION_MINUTES = 10;
export const RESERVATION_MS = RESERVATION_MINUTES * 60_000;

/** The format's places as the database says (D1): its cap (null: none), places taken, and those validated (paid). */
export interface Places {
  cap: number | null;
  taken: number;
  validated: number;
}

/** Places neither taken nor reserved: how many more runners the queue may admit now. */
export function placesOpen(places: Places, reserved: number): number {
  if (places.cap == null) return Number.POSITIVE_INFINITY;
  return Math.max(0, places.cap - places.taken - reserved);
}

/** When the next arrival is admitted: 1/rate after the previous admission, and not before they arrived (ms). */
export function nextAdmission(previousAdmitAt: number | null, arrivedAt: number, ratePerSecond: number): number {
  const spacing = 1000 / Math.max(0.1, ratePerSecond);
  if (previousAdmitAt == null) return arrivedAt;
  return Math.max(arrivedAt, previousAdmitAt + spacing);
}

/** A runner waiting to be admitted: their ticket and when they may be admitted at the earliest (arrival, or the draw). */
export interface Waiting {
  seq: number;
  readyAt: number;
}

/**
 * The runners admitted by `now`, in queue order: while places are open, each 1/rate after the previous admission
 * (`lastAdmitAt`) and never before they are ready. Stops at the first runner not admitted: nobody passes anyone.
 */
export function admissions(
  waiting: readonly Waiting[],
  lastAdmitAt: number | null,
  ratePerSecond: number,
  now: number,
  open: number,
): { seq: number; admittedAt: number }[] {
  const out: { seq: number; admittedAt: number }[] = [];
  let prev = lastAdmitAt;
  for (const w of waiting) {
    if (out.length >= open) break;
    const at = nextAdmission(prev, w.readyAt, ratePerSecond);
    if (at > now) break;
    out.push({ seq: w.seq, admittedAt: at });
    prev = at;
  }
  return out;
}

/** A reservation made at `admittedAt` and seen at `now` ends RESERVATION_MS after the later of the two. */
export function reservationEnd(admittedAt: number, now: number): number {
  return Math.max(admittedAt, now) + RESERVATION_MS;
}

/**
 * What a waiting runner can expect: 'rythme', a place is open for them and their turn comes at the admission rate;
 * 'liberation', every place is taken or reserved, but some are only reserved or held by a checkout and may come back;
 * 'complet', every place is paid: only a cancellation would free one.
 */
export type Outlook = "rythme" | "liberation" | "complet";

export function outlookOf(rank: number, open: number, reserved: number, places: Places): Outlook {
  if (rank <= open) return "rythme";
  if (reserved > 0 || places.taken > places.validated) return "liberation";
  return "complet";
}

/** Seconds until the runner of this rank (1: next) is admitted at the rate, for a 'rythme' outlook. */
export function rhythmWait(
  rank: number,
  readyAt: number,
  lastAdmitAt: number | null,
  ratePerSecond: number,
  now: number,
): number {
  const spacing = 1000 / Math.max(0.1, ratePerSecond);
  const at = Math.max(readyAt, lastAdmitAt == null ? now : lastAdmitAt + rank * spacing);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The wait in words for an outlook without an estimate (the queue panel's 'Attente estimée : …'). */
export const OUTLOOK_WAIT: Record<Exclude<Outlook, "rythme">, string> = {
  liberation:
    "inconnue, toutes les places sont prises ou réservées : votre tour viendra si une réservation n'est pas utilisée ou si un paiement est abandonné",
  complet:
    "inconnue, toutes les places sont payées : vous gardez votre rang si une place se libère pendant l'ouverture",
};

/** What the runner's rank means, in one sentence (the queue page). */
export const RANK_MEANING = `Votre rang compte les coureurs arrivés avant vous qui attendent encore leur tour : à votre tour, une place vous est réservée pendant ${RESERVATION_MINUTES} minutes pour remplir le formulaire.`;

/** The form's notice to an admitted runner: 'Une place vous est réservée jusqu'au 12 janvier 2027 à 9h12…'. */
export function reservationNotice(until: string): string {
  return `Votre tour est venu : une place vous est réservée jusqu'au ${until}. Envoyez le formulaire avant cette heure, sinon la place revient au coureur suivant de la file.`;
}
