// The admin's payouts page (/admin/payouts): its filters, the selection's totals and the payout actions' forms and
// notices. Pure; the rest of the admin's rules (dates, search, keyset cursor, the registrations page) are admin.ts.
import { z } from "zod";
import {
  ADMIN_MESSAGES,
  ADMIN_PAYMENTS_CAP,
  checkDays,
  choiceOrAll,
  type DateFilterErrors,
  dayField,
  optionalId,
  PAYMENT_STATUSES,
  type PaymentStatus,
  searchField,
} from "./admin";
import {
  DEFAULT_COMMISSION_PERCENT,
  DEFAULT_DEPOSIT_PERCENT,
  MAX_COMMISSION_PERCENT,
  MIN_COMMISSION_PERCENT,
  parsePercent,
  type Ledger,
} from "./money";

// ---------------------------------------------------------------- /admin/payouts
export const AdminPaymentsQuerySchema = z.object({
  q: searchField,
  status: choiceOrAll(PAYMENT_STATUSES),
  course: optionalId,
  du: dayField,
  au: dayField,
});

export interface AdminPaymentsFilters {
  q: string;
  status: PaymentStatus | "";
  course: string;
  du: string;
  au: string;
}

export interface AdminPaymentsValues {
  q: string;
  status: string;
  course: string;
  du: string;
  au: string;
}

export function parseAdminPaymentsQuery(params: URLSearchParams): {
  filters: AdminPaymentsFilters;
  values: AdminPaymentsValues;
  errors: DateFilterErrors;
} {
  const p = AdminPaymentsQuerySchema.parse(Object.fromEntries([...params.entries()]));
  const { du, au, errors } = checkDays(p.du, p.au);
  return {
    filters: { q: p.q, status: p.status, course: p.course, du, au },
    values: { q: p.q, status: p.status, course: p.course, du: p.du, au: p.au },
    errors,
  };
}

export function adminPaymentsQuery(f: AdminPaymentsFilters, extra: Record<string, string | string[]> = {}): string {
  const p = new URLSearchParams();
  for (const k of ["q", "status", "course", "du", "au"] as const) if (f[k]) p.set(k, f[k]);
  for (const [k, v] of Object.entries(extra)) for (const one of Array.isArray(v) ? v : [v]) if (one) p.append(k, one);
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** The money columns of one payment row, as admin_paiements_v gives them: its ledger. */
export type PaymentMoney = Ledger;

export interface SelectionTotals {
  count: number;
  gross: number;
  fees: number;
  commission: number;
  transferred: number;
  refunded: number;
  netRemaining: number;
}

/** Totals of the selected payments (spec: gross, fees, commission, transferred, net remaining). */
export function selectionTotals(rows: readonly PaymentMoney[]): SelectionTotals {
  const t: SelectionTotals = {
    count: 0,
    gross: 0,
    fees: 0,
    commission: 0,
    transferred: 0,
    refunded: 0,
    netRemaining: 0,
  };
  for (const r of rows) {
    t.count += 1;
    t.gross += r.amount_total_cents;
    t.fees += r.fee_total_cents;
    t.commission += r.platform_fee_cents;
    t.transferred += r.transferred_total_cents;
    t.refunded += r.refunded_cents;
    t.netRemaining += r.net_remaining_cents;
  }
  return t;
}

/** Payment ids of a form (checkboxes named 'ids'), unique, at most the view's cap. */
export function selectedIds(values: readonly FormDataEntryValue[]): string[] {
  const ids = new Set<string>();
  for (const v of values) if (typeof v === "string" && /^[\w-]{1,100}$/.test(v)) ids.add(v);
  return [...ids].slice(0, ADMIN_PAYMENTS_CAP);
}

// ---------------------------------------------------------------- the payouts actions
/** An acompte's percentage as an admin types it: a whole number from `min` to 100 ('50', '50 %'), else `message`. */
export function wholePercentField(min: number, message: string) {
  return z
    .string()
    .transform((s) => parsePercent(s))
    .refine((n): n is number => n != null && Number.isInteger(n) && n >= min && n <= 100, { message });
}

export type PayoutIntent = "commission" | "acompte" | "tout";

export const PayoutActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("commission"),
    commission: z
      .string()
      .transform((s) => parsePercent(s))
      .refine(
        (n): n is number =>
          n != null &&
          n >= MIN_COMMISSION_PERCENT &&
          n <= MAX_COMMISSION_PERCENT &&
          Math.abs(n * 10 - Math.round(n * 10)) < 1e-9,
        {
          message: ADMIN_MESSAGES.commission,
        },
      ),
  }),
  z.object({ intent: z.literal("acompte"), acompte: wholePercentField(0, ADMIN_MESSAGES.deposit) }),
  z.object({ intent: z.literal("tout") }),
]);

export const ADMIN_DEFAULTS = {
  commission: String(DEFAULT_COMMISSION_PERCENT),
  acompte: String(DEFAULT_DEPOSIT_PERCENT),
};

/** What an action did, carried in the redirect's query string (codes and counts, never sentences). */
export type PayoutNotice =
  | { kind: "commission"; n: number }
  | { kind: "transferts"; ok: number; failed: number }
  | { kind: "vide" };

export function payoutNoticeParams(n: PayoutNotice): Record<string, string> {
  if (n.kind === "commission") return { fait: "commission", n: String(n.n) };
  if (n.kind === "transferts") return { fait: "transferts", ok: String(n.ok), echecs: String(n.failed) };
  return { fait: "vide" };
}

export function payoutNoticeFrom(params: URLSearchParams): PayoutNotice | null {
  const count = (k: string) => {
    const v = Number(params.get(k));
    return Number.isInteger(v) && v >= 0 && v <= 100_000 ? v : 0;
  };
  switch (params.get("fait")) {
    case "commission":
      return { kind: "commission", n: count("n") };
    case "transferts":
      return { kind: "transferts", ok: count("ok"), failed: count("echecs") };
    case "vide":
      return { kind: "vide" };
    default:
      return null;
  }
}

export function payoutNoticeText(n: PayoutNotice): string {
  if (n.kind === "commission") return `Commission plateforme mise à jour sur ${n.n} paiement(s).`;
  if (n.kind === "transferts") return `Transferts terminés: ${n.ok} OK, ${n.failed} échec(s).`;
  return ADMIN_MESSAGES.emptySelection;
}
