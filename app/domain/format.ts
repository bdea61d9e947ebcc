// fr-FR formatting helpers. Money is integer cents; dates are ISO strings or YYYY-MM-DD.
const euro = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const number = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });

/** 1250 -> "12,50 €" (with the narrow no-break spaces Intl uses replaced by plain no-break spaces). */
export function formatEuros(cents: number | null | undefined): string {
  if (cents == null || !Number.isFinite(cents)) return "—";
  return euro.format(cents / 100).replace(/\u202f/g, "\u00a0");
}

/** 12.5 -> "12,5" ; 1000 -> "1 000". */
export function formatNumber(n: number | null | undefined): string {
  if (n == null || !Number.isFinite(n)) return "—";
  return number.format(n).replace(/\u202f/g, "\u00a0");
}

export function formatKm(km: number | null | undefined): string {
  return km == null ? "—" : `${formatNumber(km)}\u00a0km`;
}

export function formatMeters(m: number | null | undefined): string {
  return m == null ? "—" : `${formatNumber(m)}\u00a0m`;
}

// Intl formatters are costly to build (a fraction of a millisecond each) and hold no state: one of each, made on
// first use, serves every call (a list of 20 dates used to build 20 of them per render).
const PARIS = "Europe/Paris";

/** A French formatter of Paris dates and times, built on its first use. */
function parisFormatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let fmt: Intl.DateTimeFormat | undefined;
  return () => {
    fmt ??= new Intl.DateTimeFormat("fr-FR", { ...options, timeZone: PARIS });
    return fmt;
  };
}

const dateFmt = parisFormatter({ day: "2-digit", month: "2-digit", year: "numeric" });
const dateLongFmt = parisFormatter({ weekday: "long", day: "numeric", month: "long", year: "numeric" });
const dateTimeFmt = parisFormatter({
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const dayMonthFmt = parisFormatter({ day: "numeric", month: "long", year: "numeric" });
const hourMinuteFmt = parisFormatter({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const dayFmt = parisFormatter({ day: "numeric" });
const monthFmt = parisFormatter({ month: "short" });

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const m = dateOnly.exec(value);
  // A calendar date is a day in France; render it at noon UTC so no time zone shifts the day.
  const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], 12)) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** What `show` makes of the date `value` names; "—" for no value or one that is not a date. */
function dateOrDash(value: string | Date | null | undefined, show: (d: Date) => string): string {
  const d = value ? toDate(value) : null;
  return d ? show(d) : "—";
}

/** "2026-06-14" -> "14/06/2026". */
export function formatDate(value: string | Date | null | undefined): string {
  return dateOrDash(value, (d) => dateFmt().format(d));
}

/** The day of the month as French writes it in a date in words: "1er" for the first, "14" otherwise. */
export function frenchDayOfMonth(day: number | string): string {
  return Number(day) === 1 ? "1er" : String(Number(day));
}

/** A long formatter's text with the day of the month written by frenchDayOfMonth ("1er février"). */
function withOrdinalDay(fmt: Intl.DateTimeFormat, d: Date): string {
  return fmt
    .formatToParts(d)
    .map((p) => (p.type === "day" ? frenchDayOfMonth(p.value) : p.value))
    .join("");
}

// A calendar day's long text never changes, and formatToParts in a time zone is the costly part of a page's dates
// (an event's date is written in its page's title, description and heading): the texts of the calendar days met
// are kept, a bounded number of them.
const longDays = new Map<string, string>();
const LONG_DAYS_KEPT = 1000;

/** "2026-06-14" -> "dimanche 14 juin 2026"; "2026-02-01" -> "dimanche 1er février 2026". */
export function formatDateLong(value: string | Date | null | undefined): string {
  const day = typeof value === "string" && dateOnly.test(value) ? value : null;
  const kept = day ? longDays.get(day) : undefined;
  if (kept) return kept;
  const text = dateOrDash(value, (d) => withOrdinalDay(dateLongFmt(), d));
  if (day) {
    if (longDays.size >= LONG_DAYS_KEPT) longDays.clear();
    longDays.set(day, text);
  }
  return text;
}

/** ISO timestamp -> "21/11/2026 15:33" in Paris time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  return dateOrDash(value, (d) => dateTimeFmt().format(d));
}

/**
 * ISO timestamp -> "12 janvier 2027 à 10h00" in Paris time (deadlines and openings, in sentences); the first of the
 * month is "1er février 2027 à 10h00".
 */
export function formatDateTimeLong(value: string | Date | null | undefined): string {
  return dateOrDash(value, (d) => {
    const [h, m] = hourMinuteFmt().format(d).split(":");
    return `${withOrdinalDay(dayMonthFmt(), d)} à ${Number(h)}h${m}`;
  });
}

/** "09:30" -> "9h30". */
export function formatTime(value: string | null | undefined): string {
  if (!value) return "—";
  const m = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!m) return value;
  return `${Number(m[1])}h${m[2]}`;
}

/** A price as the runner reads it: 0 -> "Gratuit", else "12,50 €". */
export function formatPrice(cents: number | null | undefined): string {
  return cents === 0 ? "Gratuit" : formatEuros(cents);
}

/**
 * The lowest price of an event as runners read it: "dès 12,50 €"; "Gratuit" when every format is free; when some
 * formats are free and others not (a free kids' race), the lowest paid price, "dès 12,50 €", with `freeFormat`
 * so that the page can say a free format exists (never "dès 0,00 €").
 */
export function priceSummary(
  minCents: number | null | undefined,
  minPaidCents?: number | null,
): { text: string; freeFormat: boolean } | null {
  if (minCents == null) return null;
  if (minCents > 0) return { text: `dès ${formatEuros(minCents)}`, freeFormat: false };
  if (minPaidCents == null || minPaidCents <= 0) return { text: "Gratuit", freeFormat: false };
  return { text: `dès ${formatEuros(minPaidCents)}`, freeFormat: true };
}

/** priceSummary as one line: "dès 12,50 €", "Gratuit", or "dès 12,50 € ou gratuit". */
export function formatFromPrice(minCents: number | null | undefined, minPaidCents?: number | null): string {
  const p = priceSummary(minCents, minPaidCents);
  if (!p) return "—";
  return p.freeFormat ? `${p.text} ou gratuit` : p.text;
}

/** "2026-12-02" -> { day: "2", month: "déc.", year: "2026" }, for a calendar-style date block. */
export function dateParts(value: string | null | undefined): { day: string; month: string; year: string } | null {
  if (!value) return null;
  const d = toDate(value);
  if (!d) return null;
  return { day: dayFmt().format(d), month: monthFmt().format(d), year: String(d.getUTCFullYear()) };
}

/** A person's name as shown: first name then last name, whichever are set; `fallback` when neither is. */
export function personName(p: { prenom?: string | null; nom?: string | null }, fallback = ""): string {
  return [p.prenom?.trim(), p.nom?.trim()].filter(Boolean).join(" ") || fallback;
}
