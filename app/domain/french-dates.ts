// A calendar day in French words for messages built in the domain ('3 mai 2027'), without Intl or a time zone: the
// day is already a Paris calendar day (YYYY-MM-DD). Pure. The day of the month ('1er') is app/domain/format.ts's rule.
import { frenchDayOfMonth } from "./format";

const MONTHS = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
];

/** "2027-05-03" → "3 mai 2027", "2027-05-01" → "1er mai 2027"; anything else is returned as it is. */
export function frenchDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m || +m[2] < 1 || +m[2] > 12) return day;
  return `${frenchDayOfMonth(m[3])}\u00a0${MONTHS[+m[2] - 1]}\u00a0${m[1]}`;
}

/** The day `days` after `day` (negative: before), as YYYY-MM-DD. */
export function addDaysTo(day: string, days: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3] + days)).toISOString().slice(0, 10);
}
