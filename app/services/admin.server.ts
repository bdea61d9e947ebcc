// Admin use cases (spec sections 2, 6, 7, 8): the screens' data, the page's CSV, the commission update and the
// release of funds on a selection. Only admins reach these (routes call requireAdmin first).
// docs/decisions/0120-admin-money-screens.md
import { premiumTotals } from "./subscriptions.server";
import { type AuditActor, paymentTargets, recordAction } from "./audit.server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  adminCourseKpis,
  adminFilterOptions,
  adminStats,
  courseName,
  dailyCounters,
  listAdminInscriptions,
  listAdminPayments,
  unbalancedPayments,
  type AdminPaymentRow,
} from "~/db/admin.server";
import { listAutoPayouts, listOrganiserPaymentPayouts, type AutoPayoutRow } from "~/db/payouts.server";
import { adminCsvFileName, adminInscriptionsCsv, adminPager, parseAdminInscriptionsQuery } from "~/domain/admin";
import {
  parseAdminPaymentsQuery,
  payoutNoticeFrom,
  selectedIds,
  selectionTotals,
  type AdminPaymentsValues,
  type PayoutNotice,
} from "~/domain/admin-payouts";
import { addDays } from "~/domain/catalogue";
import { barChart, CHART_DAYS, dailySeries, weeklySeries, type ChartGeometry, type Point } from "~/domain/charts";
import { payoutLine, transferLine, type PayoutLine } from "~/domain/payout-line";
import { AUTO_PAYOUT_ACTOR } from "~/domain/payouts";
import { parisDate } from "~/domain/refund";
import { formatEuros, personName } from "~/domain/format";
import { DEFAULT_DEPOSIT_PERCENT } from "~/domain/money";
import { releaseFunds, setCommission, type ReleaseReport } from "./payouts.server";

type Ctx = AppLoadContext;

export function loadAdminStats(context: Ctx) {
  return adminStats(context.db);
}

export function loadCourseKpis(context: Ctx) {
  return adminCourseKpis(context.db);
}

// ---------------------------------------------------------------- dashboard and charts
export interface AdminCharts {
  registrations: { points: Point[]; geometry: ChartGeometry };
  revenue: { points: Point[]; geometry: ChartGeometry };
  from: string;
  to: string;
}

/** Registrations validated per day and gross revenue per week, the last 90 days, for the platform or one event. */
export async function adminCharts(context: Ctx, courseId: string | null = null): Promise<AdminCharts> {
  const to = parisDate(context.clock.now());
  const from = addDays(to, -(CHART_DAYS - 1));
  const rows = await dailyCounters(context.db, courseId ? `c:${courseId}` : "*", from);
  const registrations = dailySeries(
    rows.map((r) => ({ jour: r.jour, value: Number(r.inscriptions) })),
    to,
  );
  const revenue = weeklySeries(
    dailySeries(
      rows.map((r) => ({ jour: r.jour, value: Number(r.ca_brut_cents) })),
      to,
    ),
  );
  return {
    registrations: { points: registrations, geometry: barChart(registrations) },
    revenue: { points: revenue, geometry: barChart(revenue) },
    from,
    to,
  };
}

export async function adminDashboard(context: Ctx) {
  const [stats, charts, premium] = await Promise.all([
    adminStats(context.db),
    adminCharts(context),
    premiumTotals(context),
  ]);
  return { stats, charts, premium };
}

/** One event's page for admins: its name, its counters' charts. Null when the event does not exist. */
export async function adminCoursePage(context: Ctx, courseId: string) {
  const course = await courseName(context.db, courseId);
  if (!course) return null;
  return { course, charts: await adminCharts(context, course.id) };
}

// ---------------------------------------------------------------- registrations
export async function adminInscriptionsPage(context: Ctx, url: URL) {
  const { filters, values, errors } = parseAdminInscriptionsQuery(url.searchParams);
  const courseQ = (url.searchParams.get("course_q") ?? "").trim().slice(0, 100);
  const [page, options] = await Promise.all([
    listAdminInscriptions(context.db, filters),
    adminFilterOptions(context.db, { courseQ, course: filters.course }),
  ]);
  return {
    filters,
    values: { ...values, course_q: courseQ },
    errors,
    page,
    options,
    ...adminPager(filters, page.total),
  };
}

/** The current page only, as the screen shows it (spec: 'Export CSV (page)', named by page). */
export async function adminInscriptionsExport(
  context: Ctx,
  url: URL,
  admin: AuditActor,
): Promise<{ fileName: string; body: string }> {
  const { filters } = parseAdminInscriptionsQuery(url.searchParams);
  const page = await listAdminInscriptions(context.db, filters);
  const { pageNumber } = adminPager(filters, page.total);
  const objet = `Page ${pageNumber} : ${page.rows.length} inscription${page.rows.length > 1 ? "s" : ""}`;
  await recordAction(context, admin, "admin", "export.admin_inscriptions", { courseId: null, courseNom: null, objet });
  return { fileName: adminCsvFileName(pageNumber), body: adminInscriptionsCsv(page.rows) };
}

// ---------------------------------------------------------------- payments
/** A payment's row on /admin/payouts: its ledger and its payout line (sent, taken back, still due, state). */
export type AdminPaymentLine = Omit<AdminPaymentRow, "transfers"> & { payout: PayoutLine };

/** A J+1 payout of the list on /admin/payouts, with its line (what of it was taken back). */
export type AutoPayoutLine = AutoPayoutRow & { line: PayoutLine };

export interface AdminPaymentsPage {
  filters: ReturnType<typeof parseAdminPaymentsQuery>["filters"];
  values: AdminPaymentsValues & { course_q: string };
  errors: ReturnType<typeof parseAdminPaymentsQuery>["errors"];
  rows: AdminPaymentLine[];
  /** Ids checked (from the query string: 'Calculer les totaux' without JavaScript, or after an action). */
  selected: string[];
  totals: ReturnType<typeof selectionTotals>;
  notice: PayoutNotice | null;
  unbalanced: Awaited<ReturnType<typeof unbalancedPayments>>;
  autoPayouts: AutoPayoutLine[];
  courses: { id: string; nom: string }[];
}

export async function adminPaymentsPage(context: Ctx, url: URL): Promise<AdminPaymentsPage> {
  const { filters, values, errors } = parseAdminPaymentsQuery(url.searchParams);
  const selected = selectedIds(url.searchParams.getAll("ids"));
  const courseQ = (url.searchParams.get("course_q") ?? "").trim().slice(0, 100);
  const [payments, unbalanced, autoPayouts, options] = await Promise.all([
    listAdminPayments(context.db, filters),
    unbalancedPayments(context.db),
    listAutoPayouts(context.db, AUTO_PAYOUT_ACTOR),
    adminFilterOptions(context.db, { courseQ, course: filters.course }),
  ]);
  const rows = payments.map(({ transfers, ...r }): AdminPaymentLine => ({ ...r, payout: payoutLine(r, transfers) }));
  const chosen = new Set(selected);
  return {
    filters,
    values: { ...values, course_q: courseQ },
    errors,
    rows,
    selected: rows.filter((r) => chosen.has(r.id)).map((r) => r.id),
    totals: selectionTotals(rows.filter((r) => chosen.has(r.id))),
    notice: payoutNoticeFrom(url.searchParams),
    unbalanced,
    autoPayouts: autoPayouts.map((t) => ({ ...t, line: transferLine(t) })),
    courses: options.courses,
  };
}

/** 'Mettre à jour la commission' on the selection: how many payments took the new percent. */
export async function updateCommission(
  context: Ctx,
  ids: readonly string[],
  percent: number,
  admin: AuditActor,
): Promise<number> {
  let n = 0;
  const targetOf = await paymentTargets(context, ids);
  for (const id of ids) {
    try {
      await setCommission(context, id, percent);
      n += 1;
      await recordAction(context, admin, "admin", "commission.modifiee", targetOf(id), [
        { champ: "Commission", avant: "", apres: `${percent} %` },
      ]);
    } catch {
      // A payment changed by another operation in the meantime keeps its commission; it is not counted.
    }
  }
  return n;
}

/** 'Transférer l'acompte' or 'Tout transférer' on the selection; each transfer sent is journalled. */
export async function transferSelection(
  context: Ctx,
  admin: AuditActor,
  input: { ids: readonly string[]; mode: "acompte" | "tout"; depositPercent?: number; token: string },
): Promise<ReleaseReport> {
  const report = await releaseFunds(context, {
    paiementIds: [...input.ids],
    mode: input.mode,
    depositPercent: input.depositPercent,
    adminId: admin.id,
    token: input.token,
  });
  const kind = input.mode === "tout" ? "Solde" : `Acompte ${input.depositPercent ?? DEFAULT_DEPOSIT_PERCENT} %`;
  const targetOf = await paymentTargets(
    context,
    report.sent.map((t) => t.paiementId),
  );
  for (const t of report.sent)
    await recordAction(context, admin, "admin", "reversement.envoye", targetOf(t.paiementId), [
      { champ: kind, avant: "", apres: formatEuros(t.amountCents) },
    ]);
  return report;
}

// ---------------------------------------------------------------- organisers
/** A line of 'Mes versements': one of the organiser's payments and its payout line, as the admin's row has it. */
export interface OrganiserPayoutLine {
  id: string;
  created_at: string;
  course_nom: string;
  format_nom: string | null;
  coureur: string;
  payout: PayoutLine;
}

/** What an organiser sees of their payouts on /monprofilorganisateur: their collected payments, newest first. */
export async function organiserPayouts(context: Ctx, organisateurId: string): Promise<OrganiserPayoutLine[]> {
  const rows = await listOrganiserPaymentPayouts(context.db, organisateurId);
  return rows.map((r) => ({
    id: r.id,
    created_at: r.created_at,
    course_nom: r.course_nom,
    format_nom: r.format_nom,
    coureur: personName({ prenom: r.coureur_prenom, nom: r.coureur_nom }, "—"),
    payout: payoutLine(r, r.transfers),
  }));
}
