// What organisers type in French, read into values: numbers ("12,5", "1 200"), euros to integer cents (by string
// arithmetic, never floats), dates (jj/mm/aaaa or YYYY-MM-DD), times ("9h30"), and the zod fields of the event form
// built on them, each with its French message. Pure.
import { z } from "zod";

// ---------------------------------------------------------------- numbers

function normaliseNumber(raw: string): string {
  return raw
    .trim()
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/€$/, "")
    .replace(/(km|m)$/i, "");
}

/** "12,5" -> 12.5; "" -> null; junk -> NaN. Negative numbers are refused (NaN). */
export function parseFrDecimal(raw: string): number | null {
  const s = normaliseNumber(raw);
  if (s === "") return null;
  if (!/^\d+([.,]\d+)?$/.test(s)) return Number.NaN;
  return Number(s.replace(",", "."));
}

/** "1 200" -> 1200; "" -> null; "12,5" or junk -> NaN. */
export function parseFrInteger(raw: string): number | null {
  const s = normaliseNumber(raw);
  if (s === "") return null;
  if (!/^\d+$/.test(s)) return Number.NaN;
  return Number(s);
}

/** Euros typed in French to integer cents, by string arithmetic (no float rounding): "12,50" -> 1250, "12,5" -> 1250, "" -> null. */
export function parseEurosToCents(raw: string): number | null {
  const s = normaliseNumber(raw);
  if (s === "") return null;
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return Number.NaN;
  const cents = (m[2] ?? "").padEnd(2, "0");
  return Number(m[1]) * 100 + Number(cents);
}

/** Cents back to what an organiser types: 1250 -> "12,50", 1200 -> "12". */
export function centsToInput(cents: number | null | undefined): string {
  if (cents == null) return "";
  const euros = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(euros) : `${euros},${String(rest).padStart(2, "0")}`;
}

export function numberToInput(n: number | null | undefined): string {
  return n == null ? "" : String(n).replace(".", ",");
}

// ---------------------------------------------------------------- the form's fields

export const text = (max = 5000) => z.string().trim().max(max, `Texte trop long (${max} caractères au plus).`);
export const optionalText = (max = 5000) => text(max).transform((s) => (s === "" ? null : s));
export const required = (message: string, max = 200) =>
  z.string().trim().min(1, message).max(max, `Texte trop long (${max} caractères au plus).`);

/**
 * `base` (a text, trimmed, capped or optional as wanted) read by `read`: what it returns, or the issue `message`
 * when it returns undefined (the text is refused).
 */
export function readWith<I, T>(base: z.ZodType<I>, message: string, read: (s: I) => T | undefined) {
  return base.transform((s, ctx) => {
    const v = read(s);
    if (v === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return v;
  });
}

/** A plain text field read by `read` (see readWith). */
export const readField = <T>(message: string, read: (s: string) => T | undefined) =>
  readWith(z.string(), message, read);

/** A number typed in French, empty (null) or at most `max`; NaN (not a number) is refused. */
const atMost = (n: number | null, max: number) => (n != null && (Number.isNaN(n) || n > max) ? undefined : n);

export const decimal = (message: string, max: number) =>
  readField(message, (s: string) => atMost(parseFrDecimal(s), max));

export const integer = (message: string, max: number) =>
  readField(message, (s: string) => atMost(parseFrInteger(s), max));

export const euros = (message: string) =>
  readField(message, (s: string) => {
    const n = parseEurosToCents(s);
    return n != null && Number.isNaN(n) ? undefined : (n ?? 0);
  });

export const coordinate = (message: string, limit: number) =>
  readField(message, (s: string) => {
    const t = s.trim().replace(",", ".");
    if (t === "") return null;
    const n = /^-?\d{1,3}(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
    return Number.isNaN(n) || Math.abs(n) > limit ? undefined : n;
  });

/** Our own stored files only ("/fichiers/…"); anything else is dropped. */
export const fileUrl = z
  .string()
  .transform((s) =>
    /^\/fichiers\/[a-z0-9][a-z0-9/_.-]{0,200}$/i.test(s.trim()) && !s.includes("..") ? s.trim() : null,
  );

export const dateField = z.string().transform((s, ctx) => {
  const t = s.trim();
  if (t === "") return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  let y: number, mo: number, d: number;
  if (m) [y, mo, d] = [+m[1], +m[2], +m[3]];
  else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t))) [y, mo, d] = [+m[3], +m[2], +m[1]];
  else {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Date invalide (jj/mm/aaaa)." });
    return z.NEVER;
  }
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d || y < 2000 || y > 2100) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Date invalide (jj/mm/aaaa)." });
    return z.NEVER;
  }
  return `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
});

export const timeField = z.string().transform((s, ctx) => {
  const t = s.trim().toLowerCase();
  if (t === "") return null;
  const m = /^(\d{1,2})\s*[:h]\s*(\d{2})?$/.exec(t);
  const h = m ? Number(m[1]) : Number.NaN;
  const min = m ? Number(m[2] ?? "0") : Number.NaN;
  if (!m || h > 23 || min > 59) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Heure invalide (par exemple 09:30)." });
    return z.NEVER;
  }
  return `${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
});

export const idField = z.string().transform((s) => (/^[a-z0-9-]{8,64}$/i.test(s.trim()) ? s.trim() : null));
