// Admin use cases (spec sections 2, 6, 7, 8): the screens' data, the page's CSV, the commission update and the
// release of funds on a selection. Only admins reach these (routes call requireAdmin first).
// docs/decisions/0120-admin-money-screens.md
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  adminCourseKpis,
  adminFilterOptions,
  adminStats,
  courseName,
  dailyCounters,
  listAdminInscriptions,
  listAdminPayments,
  listAutoPayouts,
  listOrganiserPayouts,
  unbalancedPayments,
  type AdminPaymentRow,
} from "~/db/admin.server";
import {
  adminCsvFileName,
  adminInscriptionsCsv,
  parseAdminInscriptionsQuery,
  parseAdminPaymentsQuery,
  payoutNoticeFrom,
  selectedIds,
  selectionTotals,
  type AdminPaymentsValues,
  type PayoutNotice,
} from "~/domain/admin";
import { addDays } from "~/domain/catalogue";
import { barChart, CHART_DAYS, dailySeries, weeklySeries, type ChartGeometry, type Point } from "~/domain/charts";
import { AUTO_PAYOUT_ACTOR } from "~/domain/payouts";
import { parisDate } from "~/domain/refund";
import { releaseFunds, setCommission, type ReleaseReport } from "./payments.server";

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
  const [stats, charts] = await Promise.all([adminStats(context.db), adminCharts(context)]);
  return { stats, charts };
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
  return { filters, values: { ...values, course_q: courseQ }, errors, page, options };
}

/** The current page only, as the screen shows it (spec: 'Export CSV (page)', named by page). */
export async function adminInscriptionsExport(context: Ctx, url: URL): Promise<{ fileName: string; body: string }> {
  const { filters } = parseAdminInscriptionsQuery(url.searchParams);
  const page = await listAdminInscriptions(context.db, filters);
  return { fileName: adminCsvFileName(filters.page), body: adminInscriptionsCsv(page.rows) };
}

// ---------------------------------------------------------------- payments
export interface AdminPaymentsPage {
  filters: ReturnType<typeof parseAdminPaymentsQuery>["filters"];
  values: AdminPaymentsValues & { course_q: string };
  errors: ReturnType<typeof parseAdminPaymentsQuery>["errors"];
  rows: AdminPaymentRow[];
  /** Ids checked (from the query string: 'Calculer les totaux' without JavaScript, or after an action). */
  selected: string[];
  totals: ReturnType<typeof selectionTotals>;
  notice: PayoutNotice | null;
  unbalanced: Awaited<ReturnType<typeof unbalancedPayments>>;
  autoPayouts: Awaited<ReturnType<typeof listAutoPayouts>>;
  courses: { id: string; nom: string }[];
}

export async function adminPaymentsPage(context: Ctx, url: URL): Promise<AdminPaymentsPage> {
  const { filters, values, errors } = parseAdminPaymentsQuery(url.searchParams);
  const selected = selectedIds(url.searchParams.getAll("ids"));
  const courseQ = (url.searchParams.get("course_q") ?? "").trim().slice(0, 100);
  const [rows, unbalanced, autoPayouts, options] = await Promise.all([
    listAdminPayments(context.db, filters),
    unbalancedPayments(context.db),
    listAutoPayouts(context.db, AUTO_PAYOUT_ACTOR),
    adminFilterOptions(context.db, { courseQ, course: filters.course }),
  ]);
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
    autoPayouts,
    courses: options.courses,
  };
}

/** 'Mettre à jour la commission' on the selection: how many payments took the new percent. */
export async function updateCommission(context: Ctx, ids: readonly string[], percent: number): Promise<number> {
  let n = 0;
  for (const id of ids) {
    try {
      await setCommission(context, id, percent);
      n += 1;
    } catch {
      // A payment changed by another operation in the meantime keeps its commission; it is not counted.
    }
  }
  return n;
}

/** 'Transférer l'acompte' or 'Tout transférer' on the selection. */
export function transferSelection(
  context: Ctx,
  input: { adminId: string; ids: readonly string[]; mode: "acompte" | "tout"; depositPercent?: number; token?: string },
): Promise<ReleaseReport> {
  return releaseFunds(context, {
    paiementIds: [...input.ids],
    mode: input.mode,
    depositPercent: input.depositPercent,
    adminId: input.adminId,
    token: input.token,
  });
}

// ---------------------------------------------------------------- organisers
/** What an organiser sees of their payouts on /monprofilorganisateur. */
export function organiserPayouts(context: Ctx, organisateurId: string) {
  return listOrganiserPayouts(context.db, organisateurId);
}
