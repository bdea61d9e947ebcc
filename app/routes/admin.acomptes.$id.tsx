// /admin/acomptes/{id}: one advance request (issue 43, decision 0215): the event, who asked and why, its net
// remaining now and what a release would send; the admin releases it (a percentage of each collected payment's net
// remaining, 50 % by default) or refuses it with a reason. Both are e-mailed to the organiser and written in the
// journal. Admins only.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { AdminNav } from "~/components/AdminNav";
import { FieldShell, fieldAria } from "~/components/Field";
import { Notice } from "~/components/form/Notice";
import { Link } from "~/components/Link";
import { AdvanceDecisionSchema, ADVANCE_REASON_MAX } from "~/domain/advance";
import { formatDateTime, formatEuros } from "~/domain/format";
import { fieldErrors } from "~/domain/form-errors";
import * as paths from "~/domain/paths";
import { advanceForAdmin, decideAdvanceRequest } from "~/services/advances.server";
import { requireAdmin } from "~/utils/auth.server";
import { errorToShow, notFoundOrRethrow } from "~/utils/domain-errors";
import { adminLinks, adminMeta } from "~/components/admin-head";

export const links = adminLinks;
export const meta = adminMeta("Demande d'acompte");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const page = await advanceForAdmin(context, params.id ?? "").catch(notFoundOrRethrow);
  const q = new URL(request.url).searchParams;
  return { ...page, done: q.get("fait"), ok: Number(q.get("ok") ?? 0), failed: Number(q.get("echecs") ?? 0) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const id = params.id ?? "";
  const form = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  // What the admin typed in the form they sent; the other form keeps its default.
  const values = {
    pourcentage: form.pourcentage == null ? null : String(form.pourcentage),
    motif: String(form.motif ?? ""),
  };
  const parsed = AdvanceDecisionSchema.safeParse(form);
  if (!parsed.success)
    return data({ errors: fieldErrors(parsed.error) as Record<string, string>, formError: null, values }, 400);
  try {
    const out = await decideAdvanceRequest(context, admin, id, parsed.data);
    const query =
      out.statut === "versee" ? { fait: "versee", ok: out.report.ok, echecs: out.report.failed } : { fait: "refusee" };
    return redirect(paths.adminAdvance(id, query));
  } catch (e) {
    const err = errorToShow(e);
    const errors: Record<string, string> = err.field ? { [err.field]: err.message } : {};
    return data({ errors, formError: err.field ? null : err.message, values }, { status: err.status });
  }
}

export default function AdminAdvance() {
  const d = useLoaderData<typeof loader>();
  const { result, busy } = useFormResult<typeof action>();
  const errors: Record<string, string> = result?.errors ?? {};
  const values = {
    pourcentage: result?.values.pourcentage ?? String(d.defaultPercent),
    motif: result?.values.motif ?? "",
  };
  const r = d.request;
  return (
    <section className="container page admin-page">
      <h1>Demande d'acompte</h1>
      <AdminNav />
      <p>
        <Link to={paths.adminPayouts()}>← Paiements et reversements</Link>
      </p>
      <Notice kind={d.failed > 0 ? "error" : "success"}>
        {d.done === "versee"
          ? `Acompte versé : ${formatEuros(r.montant_verse_cents ?? 0)} (${d.ok} transfert(s) OK, ${d.failed} échec(s)). L'organisateur est prévenu par e-mail.`
          : d.done === "refusee"
            ? "Demande refusée. L'organisateur est prévenu par e-mail."
            : null}
      </Notice>
      <Notice kind="error">{result?.formError ?? null}</Notice>
      <dl className="card admin-facts">
        <dt>Épreuve</dt>
        <dd>{r.course_nom}</dd>
        <dt>Organisateur</dt>
        <dd>{r.organisateur ?? "—"}</dd>
        <dt>Demandée par</dt>
        <dd>{`${r.demandeur ?? "—"}, le ${formatDateTime(r.created_at)}`}</dd>
        <dt>Message</dt>
        <dd>{r.message ?? "—"}</dd>
        <dt>Net restant à la demande</dt>
        <dd>{formatEuros(r.net_restant_cents)}</dd>
        <dt>Net restant aujourd'hui</dt>
        <dd>{`${formatEuros(d.netNow)} sur ${d.payments} paiement(s)`}</dd>
        <dt>Statut</dt>
        <dd>{r.statutLabel}</dd>
        {r.statut === "versee" ? (
          <>
            <dt>Versé</dt>
            <dd>{`${formatEuros(r.montant_verse_cents ?? 0)} (${r.pourcentage ?? "?"} %), le ${formatDateTime(r.traite_at)}`}</dd>
          </>
        ) : null}
        {r.statut === "refusee" ? (
          <>
            <dt>Motif du refus</dt>
            <dd>{r.motif_refus ?? "—"}</dd>
          </>
        ) : null}
      </dl>
      {r.statut === "en_attente" ? (
        <div className="admin-decisions">
          <Form method="post" className="card" aria-label="Verser l'acompte">
            <FieldShell
              id="a-pourcentage"
              label="Acompte (% du net restant de chaque paiement)"
              hint={`À ${d.defaultPercent} % : ${formatEuros(d.estimate)}.`}
              error={errors.pourcentage}
            >
              <input
                id="a-pourcentage"
                name="pourcentage"
                type="number"
                min={1}
                max={100}
                step={1}
                inputMode="numeric"
                defaultValue={values.pourcentage}
                {...fieldAria("a-pourcentage", { error: errors.pourcentage, hint: true })}
              />
            </FieldShell>
            <button type="submit" name="intent" value="verser" className="btn btn-primary" disabled={busy}>
              Verser l'acompte
            </button>
          </Form>
          <Form method="post" className="card" aria-label="Refuser la demande">
            <FieldShell id="a-motif" label="Motif du refus (envoyé à l'organisateur)" error={errors.motif}>
              <textarea
                id="a-motif"
                name="motif"
                rows={3}
                maxLength={ADVANCE_REASON_MAX}
                defaultValue={values.motif}
                {...fieldAria("a-motif", { error: errors.motif })}
              />
            </FieldShell>
            <button type="submit" name="intent" value="refuser" className="btn btn-ghost" disabled={busy}>
              Refuser la demande
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
