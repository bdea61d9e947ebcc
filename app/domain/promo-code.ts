// Promo codes (issue 43, ADR 0214): a code of an event takes a percentage or a fixed amount off a registration's
// total, optionally for some formats, some e-mails or one club, within a window and a number of uses (in all and per
// runner). Pure: the applicability rules with their error codes and French messages, the discount in integer cents,
// and the organiser's create form. The same limits in SQL (the uses, counted atomically with the place's hold):
// app/db/registration-store/promo.server.ts. No I/O, no clock: pass `now`.
import { z } from "zod";
import { DomainError } from "./errors";
import { type FieldErrors, fieldErrors } from "./form-errors";
import { parisInstant } from "./paris-time";

export type PromoKind = "pourcentage" | "montant";

/** A promo code as the rules read it (the stored row, its JSON lists parsed). */
export interface PromoCode extends NewPromoCode {
  id: string;
  course_id: string;
  actif: boolean;
}

/** The least a card payment can be (the checkout refuses less: a free format is not paid online either). */
export const MIN_PAID_CENTS = 50;

export type PromoErrorCode =
  | "code_inconnu"
  | "code_inactif"
  | "code_pas_encore_valable"
  | "code_expire"
  | "code_format"
  | "code_email"
  | "code_club"
  | "code_epuise"
  | "code_limite_coureur"
  | "code_montant_minimum"
  | "code_deja_pris"
  | "code_introuvable";

export const PROMO_MESSAGES: Record<PromoErrorCode, string> = {
  code_inconnu: "Ce code promo n'existe pas.",
  code_inactif: "Ce code promo n'est plus valable.",
  code_pas_encore_valable: "Ce code promo n'est pas encore valable.",
  code_expire: "Ce code promo n'est plus valable.",
  code_format: "Ce code promo ne s'applique pas à ce format.",
  code_email: "Ce code promo est réservé à d'autres adresses e-mail.",
  code_club: "Ce code promo est réservé aux membres d'un autre club.",
  code_epuise: "Ce code promo a atteint son nombre d'utilisations.",
  code_limite_coureur: "Vous avez déjà utilisé ce code promo autant de fois que permis.",
  code_montant_minimum:
    "Avec ce code promo, il resterait moins de 0,50\u00a0€ à payer\u00a0: le paiement en ligne n'est pas possible.",
  code_deja_pris: "Ce code existe déjà pour cette épreuve.",
  code_introuvable: "Code promo introuvable.",
};

const STATUS: Record<PromoErrorCode, number> = {
  code_inconnu: 400,
  code_inactif: 400,
  code_pas_encore_valable: 400,
  code_expire: 400,
  code_format: 400,
  code_email: 400,
  code_club: 400,
  code_epuise: 409,
  code_limite_coureur: 409,
  code_montant_minimum: 400,
  code_deja_pris: 409,
  code_introuvable: 404,
};

/** A refusal of a code: shown beside the registration form's 'Code promo' field (or the create form's 'code'). */
export class PromoError extends DomainError<PromoErrorCode> {
  constructor(code: PromoErrorCode, field = "code_promo") {
    super(code, STATUS[code], PROMO_MESSAGES[code], field);
  }
}

/** The code as stored and compared: trimmed, spaces removed, upper-case ('  noel 24 ' → 'NOEL24'). */
export function normaliseCode(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/** A club's name as compared: trimmed, case and accents folded, inner spaces collapsed. */
export function normaliseClub(raw: string | null | undefined): string {
  return (raw ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

export interface PromoUse {
  now: Date;
  formatId: string;
  email: string;
  club: string | null | undefined;
  /** Uses held now by other registrations (the same 'holds a place' rule as the stock), in all and by this runner. */
  usesTotal: number;
  usesByRunner: number;
}

/** Why the code does not apply to this registration, or null when it does (checked in this order). */
export function refusal(code: PromoCode, use: PromoUse): PromoErrorCode | null {
  if (!code.actif) return "code_inactif";
  const t = use.now.getTime();
  if (code.valide_du && t < new Date(code.valide_du).getTime()) return "code_pas_encore_valable";
  if (code.valide_au && t >= new Date(code.valide_au).getTime()) return "code_expire";
  if (code.format_ids && code.format_ids.length > 0 && !code.format_ids.includes(use.formatId)) return "code_format";
  if (code.emails && code.emails.length > 0 && !code.emails.includes(use.email.trim().toLowerCase()))
    return "code_email";
  if (code.club && normaliseClub(code.club) !== normaliseClub(use.club)) return "code_club";
  if (code.utilisations_max != null && use.usesTotal >= code.utilisations_max) return "code_epuise";
  if (code.utilisations_max_par_coureur != null && use.usesByRunner >= code.utilisations_max_par_coureur)
    return "code_limite_coureur";
  return null;
}

/**
 * The discount on a total, in integer cents: a percentage is rounded down to the cent (never more than the percent
 * announced), an amount is taken as is; never more than the total (the price never goes below 0 €).
 */
export function discountCents(code: Pick<PromoCode, "type_remise" | "valeur">, totalCents: number): number {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError(`Montant invalide\u00a0: ${totalCents}`);
  const raw = code.type_remise === "pourcentage" ? Math.floor((totalCents * code.valeur) / 100) : code.valeur;
  return Math.max(0, Math.min(totalCents, raw));
}

export interface Discounted {
  discountCents: number;
  paidCents: number;
}

/**
 * The total once the code is applied. A total left between 0 and 0,50 € cannot be paid by card: refused, as a free
 * format is (a code never makes a paid format free; ADR 0214).
 */
export function applyCode(
  code: Pick<PromoCode, "type_remise" | "valeur">,
  totalCents: number,
): Discounted | PromoErrorCode {
  const discount = discountCents(code, totalCents);
  const paid = totalCents - discount;
  if (paid < MIN_PAID_CENTS) return "code_montant_minimum";
  return { discountCents: discount, paidCents: paid };
}

/** '−5,00 €' or '−10 %' as the organiser's list shows a code's value. */
export function valueLabel(code: Pick<PromoCode, "type_remise" | "valeur">, euros: (c: number) => string): string {
  return code.type_remise === "pourcentage" ? `−${code.valeur}\u00a0%` : `−${euros(code.valeur)}`;
}

/** Reads a stored JSON list (format ids, e-mails); anything unreadable or empty is no list. */
export function parseList(stored: string | null): string[] | null {
  if (!stored) return null;
  try {
    const v: unknown = JSON.parse(stored);
    return Array.isArray(v) && v.length > 0 ? v.map(String) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- the organiser's create form

const optionalInt = (msg: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((s, ctx) => {
      if (s === "") return null;
      const n = Number(s);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: msg });
        return z.NEVER;
      }
      return n;
    });

const optionalDate = z
  .string()
  .trim()
  .refine((s) => s === "" || /^\d{4}-\d{2}-\d{2}$/.test(s), "Date invalide (jj/mm/aaaa).")
  .transform((s) => (s === "" ? null : s));

export const promoCodeFormSchema = z
  .object({
    code: z
      .string()
      .transform(normaliseCode)
      .pipe(
        z
          .string()
          .min(3, "Le code doit compter au moins 3 caractères.")
          .max(30, "Le code compte 30 caractères au plus.")
          .regex(/^[A-Z0-9_-]+$/, "Le code ne contient que des lettres, des chiffres, - et _."),
      ),
    type_remise: z.enum(["pourcentage", "montant"], { message: "Choisissez un pourcentage ou un montant." }),
    valeur: z.string().trim().min(1, "Indiquez la valeur de la remise."),
    format_ids: z.array(z.string()).default([]),
    utilisations_max: optionalInt("Un nombre entier entre 1 et 100 000, ou vide.", 1, 100_000),
    utilisations_max_par_coureur: optionalInt("Un nombre entier entre 1 et 100, ou vide.", 1, 100),
    valide_du: optionalDate,
    valide_au: optionalDate,
    emails: z.string().max(5000, "Liste trop longue.").default(""),
    club: z.string().trim().max(120, "Nom de club trop long.").default(""),
  })
  .superRefine((v, ctx) => {
    const n = Number(v.valeur.replace(",", "."));
    if (v.type_remise === "pourcentage" && (!Number.isInteger(n) || n < 1 || n > 100))
      ctx.addIssue({ code: "custom", path: ["valeur"], message: "Un pourcentage entier entre 1 et 100." });
    if (v.type_remise === "montant" && (!Number.isFinite(n) || n <= 0 || n > 10_000 || Math.round(n * 100) !== n * 100))
      ctx.addIssue({ code: "custom", path: ["valeur"], message: "Un montant en euros, par exemple 5 ou 7,50." });
    if (v.valide_du && v.valide_au && v.valide_au < v.valide_du)
      ctx.addIssue({ code: "custom", path: ["valide_au"], message: "La fin doit suivre le début." });
    const bad = emailList(v.emails).find((e) => !z.string().email().safeParse(e).success);
    if (bad) ctx.addIssue({ code: "custom", path: ["emails"], message: `Adresse e-mail invalide\u00a0: ${bad}` });
  });

/** The e-mails of the list as typed (one per line, or separated by commas, semicolons or spaces), lower-case. */
export function emailList(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

export interface NewPromoCode {
  code: string;
  type_remise: PromoKind;
  valeur: number;
  format_ids: string[] | null;
  utilisations_max: number | null;
  utilisations_max_par_coureur: number | null;
  /** Instants (ISO-8601 UTC): the start of the first Paris day typed, the end of the last one (exclusive). */
  valide_du: string | null;
  valide_au: string | null;
  emails: string[] | null;
  club: string | null;
}

export type PromoFormResult = { ok: true; data: NewPromoCode } | { ok: false; errors: FieldErrors };

/** The create form's values (strings) → a new code, or French errors by field. */
export function parsePromoCodeForm(values: Record<string, unknown>): PromoFormResult {
  const parsed = promoCodeFormSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  const n = Number(v.valeur.replace(",", "."));
  const emails = emailList(v.emails);
  return {
    ok: true,
    data: {
      code: v.code,
      type_remise: v.type_remise,
      valeur: v.type_remise === "pourcentage" ? n : Math.round(n * 100),
      format_ids: v.format_ids.length > 0 ? v.format_ids : null,
      utilisations_max: v.utilisations_max,
      utilisations_max_par_coureur: v.utilisations_max_par_coureur,
      valide_du: v.valide_du ? (parisInstant(v.valide_du)?.toISOString() ?? null) : null,
      valide_au: v.valide_au ? (parisInstant(nextDay(v.valide_au))?.toISOString() ?? null) : null,
      emails: emails.length > 0 ? emails : null,
      club: v.club === "" ? null : v.club,
    },
  };
}

/** The Paris calendar day after `day` ('2026-12-31' → '2027-01-01'). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
