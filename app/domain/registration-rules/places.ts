// Places and meals of a format (issue 41: the registration's rules, one module): who holds a place, how many are
// taken and left, whether the meals asked for are left, and what a registration costs. The same rules in SQL are
// the registration store's (app/db/registration-store), rendered from these. Pure: pass `now`.

/** A place is held while its checkout session can still be paid (the provider's minimum is 30 minutes). */
export const HOLD_MINUTES = 30;

export interface PricedFormat {
  prix_cents: number;
  prix_repas_cents: number;
  stock_repas: number;
}

export interface RegistrationTotals {
  /** Meals × meal price (0 when the format offers no meal). */
  repasCents: number;
  /** Format price + meals. */
  totalCents: number;
}

/** Total = format price + meal unit price × meals (spec section 5). The meal price counts only when meals are offered. */
export function registrationTotals(format: PricedFormat, meals: number): RegistrationTotals {
  for (const v of [format.prix_cents, format.prix_repas_cents, meals]) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`Montant ou quantité invalide\u00a0: ${v}`);
  }
  const unit = format.stock_repas > 0 ? format.prix_repas_cents : 0;
  const repasCents = format.stock_repas > 0 ? unit * meals : 0;
  return { repasCents, totalCents: format.prix_cents + repasCents };
}

/** When a hold taken at `now` ends. */
export function holdExpiresAt(now: Date, minutes = HOLD_MINUTES): Date {
  return new Date(now.getTime() + minutes * 60_000);
}

/**
 * Does a registration hold its place (and its meals)? Validated ones, and pending ones until their hold expires
 * (exclusive); a pending registration without a hold (added by hand by the organiser) holds it until the organiser
 * decides. The same rule in SQL: holdsPlaceSql in the registration store (app/db/registration-store) (one definition, decisions 0021, 0130).
 */
export function holdsPlace(r: { statut: string; hold_expires_at: string | null }, now: Date): boolean {
  if (r.statut === "validee") return true;
  if (r.statut !== "en_attente") return false;
  return r.hold_expires_at == null || new Date(r.hold_expires_at).getTime() > now.getTime();
}

/** Places taken = validated registrations + pending ones whose hold has not expired. */
export function placesTaken(rows: readonly { statut: string; hold_expires_at: string | null }[], now: Date): number {
  return rows.filter((r) => holdsPlace(r, now)).length;
}

/** Places left, or null when the format has no cap (never full). Never negative. */
export function placesLeft(cap: number | null | undefined, taken: number): number | null {
  if (cap == null) return null;
  return Math.max(0, cap - taken);
}

/** Full when the places taken reach the cap; formats without a cap are never full. */
export function isFull(cap: number | null | undefined, taken: number): boolean {
  return cap != null && taken >= cap;
}

/**
 * What a runner may hope for in a format (issue 42): 'places' while a place is free; 'en_paiement' when every place is
 * taken but some only by unpaid checkouts (or waiting-list offers) that come back if unpaid; 'complet' only when every
 * place is held for good (paid, or added by hand). 'Complet' is written for 'complet' alone, everywhere.
 */
export type Fullness = "places" | "en_paiement" | "complet";

export function fullness(cap: number | null | undefined, taken: number, held: number): Fullness {
  if (!isFull(cap, taken)) return "places";
  return held > 0 ? "en_paiement" : "complet";
}

/** 'N places en cours de paiement' (the badge of a format whose places are only held). */
export function heldLabel(held: number): string {
  return `${held} place${held > 1 ? "s" : ""} en cours de paiement`;
}

/** Why a runner cannot take a place held by unpaid checkouts, and what happens next (the refusal, the event page). */
export function heldSentence(held: number): string {
  return `Toutes les places sont prises, dont ${heldLabel(held)} : si un paiement n'aboutit pas, la place revient en vente. Réessayez dans quelques minutes.`;
}

/** Whether one more registration fits (the same rule as the atomic INSERT … WHERE in register.server.ts). */
export function canTakePlace(cap: number | null | undefined, taken: number): boolean {
  return !isFull(cap, taken);
}

/** A place is free in a format of cap `cap` where `taken` places are held (formats without a cap always have one). */
export function placeFree(cap: number | null | undefined, taken: number): boolean {
  return canTakePlace(cap, taken);
}

/** Meals still to be had in a format: its stock less the meals of the registrations holding a place. */
export function mealsLeft(f: { stock_repas: number; meals_taken?: number }): number {
  return Math.max(0, f.stock_repas - (f.meals_taken ?? 0));
}

/** Enough meals are left in the format for `wanted` more (asking for none always fits). */
export function mealsSuffice(f: { stock_repas: number; meals_taken?: number }, wanted: number): boolean {
  return wanted <= 0 || mealsLeft(f) >= wanted;
}

/** The meals' total of a registration: meals × the format's meal price (registrationTotals' meal part). */
export function mealTotal(format: PricedFormat, meals: number): number {
  return registrationTotals(format, meals).repasCents;
}
