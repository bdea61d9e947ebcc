// /admin/payouts: the platform's payments (spec sections 2, 7, 8, 9): filters (GET), at most 300 rows newest
// first, rows selected with checkboxes, totals of the selection, commission update, deposit transfer and
// 'Tout transférer' (POST, one form). Without JavaScript, 'Calculer les totaux' sends the selection with GET; with
// it, the totals follow the checkboxes. Also: the ledger check and the automatic J+1 payouts.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { useEffect, useMemo, useState } from "react";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { CourseSelect, DateRangeFields } from "~/components/AdminFields";
import { AdminNav } from "~/components/AdminNav";
import { useHydrated } from "~/components/useHydrated";
import { FieldShell, fieldAria } from "~/components/Field";
import { ADMIN_PAYMENTS_CAP, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from "~/domain/admin";
import {
  ADMIN_DEFAULTS,
  adminPaymentsQuery,
  parseAdminPaymentsQuery,
  PayoutActionSchema,
  payoutNoticeParams,
  payoutNoticeText,
  selectedIds,
  selectionTotals,
  type PayoutNotice,
} from "~/domain/admin-payouts";
import { isActionToken } from "~/domain/payouts";
import { PAYMENT_ERROR_MESSAGES } from "~/services/payment-errors.server";
import { adminPaymentsPage, transferSelection, updateCommission } from "~/services/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { randomToken } from "~/utils/crypto.server";
import { fieldErrors } from "~/domain/form-errors";
import { pendingAdvances } from "~/services/advances.server";
import { AdvanceRequests } from "./AdvanceRequests";
import { AutoPayouts, LedgerCheck } from "./LedgerSections";
import { PaymentsTable } from "./PaymentsTable";
import * as paths from "~/domain/paths";
import { Options } from "~/components/form/Options";
import { FilterActions } from "~/components/form/FilterActions";
import { adminLinks, adminMeta } from "~/components/admin-head";
import { LedgerList } from "~/components/MoneyList";

export const links = adminLinks;
export const meta = adminMeta("Paiements et reversements");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [page, advances] = await Promise.all([
    adminPaymentsPage(context, new URL(request.url)),
    pendingAdvances(context),
  ]);
  // A new token per rendered form: the same submit sent twice (double click, resent form) transfers once.
  return { ...page, advances, token: randomToken() };
}

type ActionErrors = Partial<Record<"commission" | "acompte" | "ids", string>>;

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData();
  const { filters } = parseAdminPaymentsQuery(
    new URLSearchParams([...form.entries()].filter(([, v]) => typeof v === "string") as [string, string][]),
  );
  const ids = selectedIds(form.getAll("ids"));
  const back = (notice: PayoutNotice) =>
    redirect(
      paths.adminPayouts(
        adminPaymentsQuery(filters, {
          ...payoutNoticeParams(notice),
          ids: notice.kind === "vide" ? [] : ids,
          course_q: String(form.get("course_q") ?? ""),
        }),
      ),
    );
  const values = { commission: String(form.get("commission") ?? ""), acompte: String(form.get("acompte") ?? "") };
  const parsed = PayoutActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const { commission, acompte } = fieldErrors(parsed.error);
    const errors: ActionErrors = { commission, acompte };
    if (!errors.commission && !errors.acompte) errors.ids = "Action inconnue.";
    return data({ errors, values, ids }, { status: 400 });
  }
  if (ids.length === 0) return back({ kind: "vide" });
  const intent = parsed.data;
  if (intent.intent === "commission") {
    const n = await updateCommission(context, ids, intent.commission, admin);
    return back({ kind: "commission", n });
  }
  // The transfers' ids come from the form's single-use token: a request without it moves no money (issue 40).
  const token = form.get("jeton");
  if (!isActionToken(token))
    return data(
      { errors: { ids: PAYMENT_ERROR_MESSAGES.formulaire_expire } as ActionErrors, values, ids },
      { status: 400 },
    );
  const report = await transferSelection(context, admin, {
    ids,
    mode: intent.intent,
    depositPercent: intent.intent === "acompte" ? intent.acompte : undefined,
    token,
  });
  return back({ kind: "transferts", ok: report.ok, failed: report.failed });
}

export default function AdminPayouts() {
  const d = useLoaderData<typeof loader>();
  const { result, busy } = useFormResult<typeof action>();
  const errors: ActionErrors = result?.errors ?? {};
  const values = result?.values ?? ADMIN_DEFAULTS;
  const initial = result?.ids ?? d.selected;
  const [checked, setChecked] = useState<Set<string>>(() => new Set(initial));
  useEffect(() => setChecked(new Set(initial)), [initial]);
  const totals = useMemo(() => selectionTotals(d.rows.filter((r) => checked.has(r.id))), [d.rows, checked]);
  const toggle = (id: string, on: boolean) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  // 'Tout sélectionner' ticks the rows' boxes in the browser: shown once the page is interactive (without
  // JavaScript, each row's box is ticked by hand).
  const hydrated = useHydrated();
  const f = d.values;
  const notice = d.notice ? payoutNoticeText(d.notice) : null;

  return (
    <section className="container page admin-page">
      <h1>Paiements et reversements</h1>
      <AdminNav />
      <AdvanceRequests rows={d.advances} />

      <Form method="get" className="card admin-filters" aria-label="Filtres des paiements" key={JSON.stringify(f)}>
        <div className="field field-wide">
          <label htmlFor="p-q">Recherche</label>
          <input id="p-q" name="q" type="search" defaultValue={f.q} maxLength={100} aria-describedby="p-q-hint" />
          <p id="p-q-hint" className="hint">
            Début d'un nom, d'un e-mail, d'une course, d'un format, ou d'un identifiant de paiement (ch_…).
          </p>
        </div>
        <div className="field">
          <label htmlFor="p-status">Statut</label>
          <select id="p-status" name="status" defaultValue={f.status}>
            <option value="">Tous</option>
            <Options values={PAYMENT_STATUSES} labels={PAYMENT_STATUS_LABELS} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="p-course-q">Nom de la course</label>
          <input id="p-course-q" name="course_q" type="search" defaultValue={f.course_q} maxLength={100} />
        </div>
        <CourseSelect id="p-course" value={f.course} courses={d.courses} />
        <DateRangeFields idPrefix="p" du={f.du} au={f.au} errors={d.errors} />
        <FilterActions className="admin-filter-actions" resetTo={paths.adminPayouts()} />
      </Form>

      {notice ? (
        <p
          className={`alert ${d.notice?.kind === "vide" || (d.notice?.kind === "transferts" && d.notice.failed > 0) ? "alert-error" : "alert-success"}`}
          role="status"
        >
          {notice}
        </p>
      ) : null}

      <Form method="post" className="admin-payments" aria-label="Actions sur les paiements sélectionnés">
        <input type="hidden" name="jeton" value={d.token} />
        {(["q", "status", "course", "du", "au", "course_q"] as const).map((k) =>
          f[k] ? <input key={k} type="hidden" name={k} value={f[k]} /> : null,
        )}

        <div className="card admin-actions">
          <PercentField {...COMMISSION} value={values.commission} error={errors.commission} />
          <button type="submit" name="intent" value="commission" className="btn btn-ghost" disabled={busy}>
            Mettre à jour la commission
          </button>
          <PercentField {...DEPOSIT} value={values.acompte} error={errors.acompte} />
          <button type="submit" name="intent" value="acompte" className="btn btn-ghost" disabled={busy}>
            Transférer l'acompte aux organisateurs
          </button>
          <button type="submit" name="intent" value="tout" className="btn btn-primary" disabled={busy}>
            Tout transférer
          </button>
          {errors.ids ? <p className="field-error">{errors.ids}</p> : null}
        </div>

        <section className="admin-totals" aria-labelledby="totals-title">
          <h2 id="totals-title">{`Sélection : ${totals.count} paiement${totals.count > 1 ? "s" : ""}`}</h2>
          <LedgerList
            reader="admin"
            totals={totals}
            columns={["gross", "fees", "commission", "transferred", "refunded", "netRemaining"]}
          />
          <noscript>
            <button type="submit" formMethod="get" className="btn btn-ghost btn-small">
              Calculer les totaux de la sélection
            </button>
          </noscript>
        </section>

        <p className="muted small">
          {d.rows.length === ADMIN_PAYMENTS_CAP
            ? `Les ${ADMIN_PAYMENTS_CAP} paiements les plus récents (affinez les filtres pour voir les autres).`
            : `${d.rows.length} paiement${d.rows.length > 1 ? "s" : ""}.`}
        </p>

        {d.rows.length === 0 ? (
          <p className="empty">Aucun paiement trouvé.</p>
        ) : (
          <PaymentsTable
            rows={d.rows}
            checked={checked}
            onToggle={toggle}
            onToggleAll={hydrated ? (on) => setChecked(on ? new Set(d.rows.map((r) => r.id)) : new Set()) : null}
          />
        )}
      </Form>

      <LedgerCheck unbalanced={d.unbalanced} />
      <AutoPayouts payouts={d.autoPayouts} />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;

const COMMISSION = {
  name: "commission",
  label: "Commission plateforme (%)",
  max: 50,
  step: 0.1,
  inputMode: "decimal",
} as const;
const DEPOSIT = {
  name: "acompte",
  label: "Acompte (% du net restant)",
  max: 100,
  step: 1,
  inputMode: "numeric",
} as const;

/** A percentage the admin sets (from 0 to `max`), its error under it; the input's id is `p-{name}`. */
function PercentField({
  name,
  label,
  max,
  step,
  inputMode,
  value,
  error,
}: {
  name: string;
  label: string;
  max: number;
  step: number;
  inputMode: "decimal" | "numeric";
  value: string;
  error?: string;
}) {
  const id = `p-${name}`;
  return (
    <FieldShell id={id} label={label} error={error}>
      <input
        id={id}
        name={name}
        type="number"
        min={0}
        max={max}
        step={step}
        inputMode={inputMode}
        defaultValue={value}
        {...fieldAria(id, { error })}
      />
    </FieldShell>
  );
}
