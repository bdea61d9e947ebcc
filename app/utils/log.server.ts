// Structured logs for the money and the cron (docs/decisions/0102-structured-logs.md): one JSON line per event,
// read in Workers Logs (dashboard) or live with `wrangler tail`. An operator answers "was this runner charged, and
// was it refunded?" by searching the registration's id: checkout.created, payment.fulfilled, refund.succeeded…
//
// No personal data: a line carries ids (opaque UUIDs and the payment provider's ids), amounts in cents, statuses and
// codes, never a name, an e-mail, a licence number or a free text someone typed. The fields are an allowlist (the
// type below, and the same list checked at run time: any other field is dropped), and error details are masked.

/** Every event name; the README's "Journaux" table documents each (tests/unit/deployment.test.ts checks it). */
export const LOG_EVENT_NAMES = [
  "checkout.created",
  "payment.fulfilled",
  "payment.pending",
  "payment.late",
  "checkout.released",
  "refund.succeeded",
  "refund.failed",
  "refund.stuck",
  "refund.external",
  "transfer.paid",
  "transfer.failed",
  "transfer.reversed",
  "debt.covered",
  "registration.cancelled",
  "webhook.handled",
  "webhook.ignored",
  "webhook.duplicate",
  "webhook.rejected",
  "webhook.failed",
  "cron.done",
  "cron.failed",
  "waitlist.offered",
  "transfer.offered",
  "transfer.completed",
  "transfer.ended",
  "queue.light_failed",
  "page_cache.failed",
  // An account erased at its owner's request (decision 0218): how many registrations were anonymised, documents deleted.
  "compte.efface",
  // « Mes données » (decision 0219): an export asked for, its ZIP made and sent, downloaded, deleted after 7 days.
  "donnees.export_demande",
  "donnees.export_pret",
  "donnees.export_telecharge",
  "donnees.export_expire",
] as const;

export type LogEventName = (typeof LOG_EVENT_NAMES)[number];

type Id = string | null | undefined;
type Cents = number | null | undefined;

/** The fields a log line may carry: identifiers, amounts in cents, statuses, codes and counts. */
export interface LogFields {
  // Our ids (UUIDs).
  inscription_id?: Id;
  paiement_id?: Id;
  remboursement_id?: Id;
  transfert_id?: Id;
  annulation_id?: Id;
  /** A waiting-list entry, and its format. */
  liste_attente_id?: Id;
  format_id?: Id;
  /** A « Mes données » export request (decision 0219), and its ZIP's size in bytes. */
  export_id?: Id;
  size_bytes?: number;
  /** A bib transfer offer (issue 22). */
  cession_id?: Id;
  /** An offer's deadline (ISO instant). */
  deadline?: Id;
  // The payment provider's ids.
  event_id?: Id;
  event_type?: Id;
  /** The id of the object an event is about (cs_…, ch_…, tr_…, acct_…). */
  object_id?: Id;
  checkout_session_id?: Id;
  charge_id?: Id;
  payment_intent_id?: Id;
  refund_id?: Id;
  transfer_id?: Id;
  account_id?: Id;
  // Amounts, in cents.
  amount_cents?: Cents;
  fee_cents?: Cents;
  refunded_total_cents?: Cents;
  reversal_cents?: Cents;
  refund_cents?: Cents;
  // Codes and states (never free text).
  status?: Id;
  state?: Id;
  kind?: Id;
  origin?: Id;
  by?: Id;
  reason?: Id;
  error?: Id;
  detail?: Id;
  /** An unexpected error's stack (code positions), for the operator to find the bug. */
  stack?: Id;
  newly_validated?: boolean;
  // The cron's report.
  expired_holds?: number;
  deleted_files?: number;
  purged_login_attempts?: number;
  purged_justificatifs?: number;
  anonymised_registrations?: number;
  deleted_accounts?: number;
  cleared_mail_bodies?: number;
  payouts_paid?: number;
  payouts_failed?: number;
  offers_made?: number;
  offers_expired?: number;
  renewed_next_dates?: number;
  exports_built?: number;
  exports_expired?: number;
  /** Event images given their sizes by the cron's job (decision 0223). */
  resized_images?: number;
  /** Premium weekly feedback e-mails sent by the cron (Mondays; decision 0230). */
  weekly_feedbacks?: number;
  errors?: number;
  duration_ms?: number;
  /** Benchmarks only (BENCH_QUERY_COUNT=1): D1 statements, round trips and time spent in D1. */
  statements?: number;
  round_trips?: number;
  sql_ms?: number;
}

const ALLOWED: ReadonlySet<string> = new Set<keyof LogFields>([
  "inscription_id",
  "paiement_id",
  "remboursement_id",
  "transfert_id",
  "annulation_id",
  "liste_attente_id",
  "format_id",
  "cession_id",
  "deadline",
  "event_id",
  "event_type",
  "object_id",
  "checkout_session_id",
  "charge_id",
  "payment_intent_id",
  "refund_id",
  "transfer_id",
  "account_id",
  "amount_cents",
  "fee_cents",
  "refunded_total_cents",
  "reversal_cents",
  "refund_cents",
  "status",
  "state",
  "kind",
  "origin",
  "by",
  "reason",
  "error",
  "detail",
  "stack",
  "newly_validated",
  "expired_holds",
  "deleted_files",
  "purged_login_attempts",
  "purged_justificatifs",
  "anonymised_registrations",
  "deleted_accounts",
  "cleared_mail_bodies",
  "payouts_paid",
  "payouts_failed",
  "offers_made",
  "offers_expired",
  "renewed_next_dates",
  "resized_images",
  "weekly_feedbacks",
  "errors",
  "duration_ms",
  "statements",
  "round_trips",
  "sql_ms",
]);

const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[a-z]{2,}/gi;
const TEXT_MAX = 200;
const STACK_MAX = 1500;

/** An error as a code (a domain error's code, the provider's code, else its class), never its message. */
export function errorCode(e: unknown): string {
  if (e && typeof e === "object") {
    const o = e as { code?: unknown; providerCode?: unknown; name?: unknown };
    if (typeof o.code === "string" && o.code) return o.code;
    if (typeof o.providerCode === "string" && o.providerCode) return `provider:${o.providerCode}`;
    if (typeof o.name === "string" && o.name) return o.name;
  }
  return "unknown";
}

/** An error's message for the operator, with e-mail addresses masked and at most 200 characters. */
export function errorDetail(e: unknown): string | undefined {
  const message = e instanceof Error ? e.message : typeof e === "string" ? e : undefined;
  return message?.replace(EMAIL, "[e-mail]").slice(0, TEXT_MAX);
}

/** An unexpected error's stack (positions in the code), e-mail addresses masked; undefined for a known error. */
export function errorStack(e: unknown): string | undefined {
  if (!(e instanceof Error) || typeof (e as { code?: unknown }).code === "string" || e.name === "PaymentProviderError")
    return undefined;
  return e.stack?.replace(EMAIL, "[e-mail]").slice(0, STACK_MAX);
}

/** The JSON line of an event: only the allowed fields, only strings, numbers and booleans, e-mails masked. */
export function formatLogLine(event: LogEventName, fields: LogFields = {}): string {
  const line: Record<string, string | number | boolean> = { event };
  for (const [key, value] of Object.entries(fields)) {
    if (!ALLOWED.has(key) || value === undefined || value === null) continue;
    if (typeof value === "string")
      line[key] = value.replace(EMAIL, "[e-mail]").slice(0, key === "stack" ? STACK_MAX : TEXT_MAX);
    else if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean") line[key] = value;
  }
  return JSON.stringify(line);
}

/** Prints one event: failures with console.error, refused webhooks with console.warn (Workers Logs' levels). */
export function logEvent(event: LogEventName, fields: LogFields = {}): void {
  const line = formatLogLine(event, fields);
  if (event.endsWith(".failed")) console.error(line);
  else if (event === "webhook.rejected") console.warn(line);
  else console.log(line);
}
