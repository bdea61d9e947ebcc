// A format's race date once set (issue 40, decision 0196): it decides the J+1 payout to the organiser (the day after)
// and every runner's refund tier (days before it). The rule of what it may become, for the event form's save. Pure:
// no I/O, no clock read (pass `today`, the Paris day: app/domain/refund.ts parisDate).
import { formatDateLong } from "~/domain/format";

export const FORMAT_DATE_MESSAGES = {
  past: "La date de la course est passée\u00a0: choisissez aujourd'hui ou une date à venir.",
  earlier: (oldDate: string) =>
    `Des coureurs ont déjà payé ce format\u00a0: sa date ne peut pas être avancée (au plus tôt le ${formatDateLong(oldDate)}). Un report à une date plus tardive reste possible\u00a0; les inscrits en sont prévenus par e-mail.`,
  removed:
    "Des coureurs ont déjà payé ce format\u00a0: gardez sa date. Un report à une date plus tardive reste possible\u00a0; les inscrits en sont prévenus par e-mail.",
} as const;

export interface DateChange {
  /** The format's stored date (null: a new format, or none set). */
  oldDate: string | null;
  /** The date typed (YYYY-MM-DD, or null when left empty). */
  newDate: string | null;
  /** Today's Paris day (YYYY-MM-DD). */
  today: string;
  /** Money was collected for the format and not all refunded: its payout and its runners' refund tiers hang on the date. */
  hasCollectedPayments: boolean;
}

export type DateChangeDecision = { ok: true; postponed: boolean } | { ok: false; message: string };

/**
 * May the format's date become `newDate`? An unchanged date always may (an event edited after its race). A new or
 * changed date is never in the past. Once runners paid, the date only moves later (a postponement, which the
 * runners are told about): moving it earlier would bring the organiser's payout forward and lower every runner's
 * refund tier without a word.
 */
export function dateChangeAllowed(c: DateChange): DateChangeDecision {
  if (c.newDate === c.oldDate) return { ok: true, postponed: false };
  if (c.hasCollectedPayments && c.oldDate) {
    if (c.newDate === null) return { ok: false, message: FORMAT_DATE_MESSAGES.removed };
    if (c.newDate < c.oldDate) return { ok: false, message: FORMAT_DATE_MESSAGES.earlier(c.oldDate) };
  }
  if (c.newDate !== null && c.newDate < c.today) return { ok: false, message: FORMAT_DATE_MESSAGES.past };
  return { ok: true, postponed: c.oldDate !== null && c.newDate !== null && c.newDate > c.oldDate };
}
