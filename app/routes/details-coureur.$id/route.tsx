// /details-coureur/{id}: one registrant for the organiser of its event (404 for anyone else).
// Every field is its own form: without JS it has an 'Enregistrer' button; with JS it saves itself on change.
// 'Récupérer reçu' is a GET (reading a receipt changes nothing); the link then opens in a new tab.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { DetailFieldSchema, EDITABLE_FIELDS, statutLabel, type EditableField } from "~/domain/registrants";
import { ORGANISER_CANCEL_MSG } from "~/domain/cancellation";
import { CancelCard } from "./CancelCard";
import { MealsOnSiteCard } from "./MealsOnSiteCard";
import { DetailField } from "./DetailField";
import { cancelAction, eraseAction, mealsOnSiteAction } from "./actions.server";
import { EraseCard } from "./EraseCard";
import { MEALS_CHANGE_MSG } from "~/domain/meals-change";
import { mealsPaidOnSite } from "~/services/meals-on-site.server";
import { ACTOR_LABELS, mayEraseOnRequest, reasonLabel, type Actor } from "~/domain/registration-rules";
import { ANONYMISED_RUNNER_NAME } from "~/domain/retention";
import { organiserCancelOptions } from "~/services/cancel.server";
import { loadHistory } from "~/services/registration-changes.server";
import { getReceiptUrl } from "~/services/payments.server";
import { PAYMENT_ERROR_MESSAGES, PaymentError } from "~/services/payment-errors.server";
import { requireOwnedRegistrant, saveDetailField } from "~/services/registrants.server";
import registrantsCss from "~/styles/registrants.css?url";
import { requireOrganiser } from "~/utils/auth.server";
import { errorToShow, mapDomainError, notFoundOrRethrow } from "~/utils/domain-errors";
import { formatDateTime, formatEuros } from "~/domain/format";
import { useHydrated } from "~/components/useHydrated";
import * as paths from "~/domain/paths";
import { Notice } from "~/components/form/Notice";
import { TableHead } from "~/components/table/DataTable";
import { isOneOf } from "~/domain/labels";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: registrantsCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.row.prenom ?? ""} ${data.row.nom ?? ""} – détails du coureur — Balise`
      : "Détails du coureur — Balise",
  },
];

/** Only http(s) links, or a path of this site (the local provider's receipts live at /dev/receipt/…). */
function safeHttpUrl(url: string): string | null {
  if (/^\/(?![/\\])/.test(url)) return url;
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.toString() : null;
  } catch {
    return null;
  }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const row = await requireOwnedRegistrant(context, user, params.id ?? "").catch(notFoundOrRethrow);
  const url = new URL(request.url);
  let receiptUrl: string | null = null;
  let receiptError: string | null = null;
  if (url.searchParams.get("recu") === "1") {
    try {
      receiptUrl = safeHttpUrl(await getReceiptUrl(context, user, row.paiement_trace_id));
      if (!receiptUrl) receiptError = PAYMENT_ERROR_MESSAGES.recu_introuvable;
    } catch (e) {
      receiptError = mapDomainError(e, new PaymentError("recu_erreur")).message;
    }
  }
  const values = Object.fromEntries(
    EDITABLE_FIELDS.map((f) => {
      const v = row[f];
      if (f === "apparaitre_resultats") return [f, v ? "true" : "false"];
      return [f, v == null ? "" : String(v)];
    }),
  ) as Record<EditableField, string>;
  const saved = url.searchParams.get("ok");
  const [cancel, history, onSite] = await Promise.all([
    organiserCancelOptions(context, row.id),
    loadHistory(context, row.id),
    mealsPaidOnSite(context.db, row.id),
  ]);
  return {
    cancel,
    history,
    onSite,
    mealPriceCents: Number(row.prix_repas_cents ?? 0),
    mealsNotice: saved === "repas" ? MEALS_CHANGE_MSG.done(Number(url.searchParams.get("n") ?? 0)) : null,
    paid: cancel != null || ["remboursee_partiellement", "remboursee_totalement", "transferee"].includes(row.statut),
    cancelled: saved === "annulee",
    erased: saved === "efface",
    erasable: mayEraseOnRequest(row.statut as string) && row.nom !== ANONYMISED_RUNNER_NAME,
    row: {
      id: row.id,
      nom: row.nom as string | null,
      prenom: row.prenom as string | null,
      format_id: row.format_id,
      format_nom: row.format_nom,
      course_nom: row.course_nom,
      stock_repas: row.stock_repas,
      paiement_trace_id: row.paiement_trace_id,
      // The runner's licence or PPS document, if they gave one (served to this organiser by /justificatifs/{id}).
      document_id: (row.justificatif_document_id as string | null) ?? null,
      prix_total_repas_cents: row.prix_total_repas_cents,
      prix_total_coureur_cents: row.prix_total_coureur_cents,
      code_promo: (row.code_promo as string | null) ?? null,
      remise_cents: Number(row.remise_cents ?? 0),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    values,
    receiptUrl,
    receiptError,
    savedField: isOneOf(EDITABLE_FIELDS, saved) ? saved : null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const id = params.id ?? "";
  const form = await request.formData();
  if (form.get("intent") === "annuler") return cancelAction(context, user, id, form);
  if (form.get("intent") === "repas_sur_place") return mealsOnSiteAction(context, user, id, form);
  if (form.get("intent") === "effacer") return eraseAction(context, user, id, form);
  const field = String(form.get("field") ?? "");
  // A checkbox sends nothing when unticked: its form carries a hidden "false" before the box.
  const value =
    field === "apparaitre_resultats" ? (form.getAll("value").includes("true") ? "true" : "false") : form.get("value");
  const parsed = DetailFieldSchema.safeParse({ field, value: typeof value === "string" ? value : "" });
  const js = form.get("js") === "1";
  if (!parsed.success)
    return data({ ok: false as const, field: null, error: "Champ non modifiable.", value: "" }, { status: 400 });
  try {
    const stored = await saveDetailField(context, user, id, parsed.data.field, parsed.data.value);
    const shown = typeof stored === "boolean" ? String(stored) : stored == null ? "" : String(stored);
    if (js) return { ok: true as const, field: parsed.data.field, value: shown, error: null };
    return redirect(paths.runnerDetails(id, { ok: parsed.data.field }, `f-${parsed.data.field}`));
  } catch (e) {
    const err = errorToShow(e);
    return data(
      { ok: false as const, field: parsed.data.field, error: err.message, value: parsed.data.value },
      { status: err.status },
    );
  }
}

const GROUPS: { title: string; fields: EditableField[] }[] = [
  { title: "Identité", fields: ["nom", "prenom", "genre", "date_naissance", "nationalite"] },
  { title: "Contact", fields: ["email", "telephone", "adresse", "adresse_complement", "code_postal", "ville", "pays"] },
  {
    title: "Course",
    fields: [
      "statut",
      "dossard",
      "nombre_repas",
      "club",
      "justificatif_type",
      "numero_licence",
      "pps_identifier",
      "pps_expiration",
      "apparaitre_resultats",
    ],
  },
  { title: "Contact d'urgence", fields: ["contact_urgence_nom", "contact_urgence_telephone"] },
];

export default function DetailsCoureur() {
  const {
    row,
    values,
    receiptUrl,
    receiptError,
    savedField,
    cancel,
    history,
    paid,
    cancelled,
    erased,
    erasable,
    onSite,
    mealPriceCents,
    mealsNotice,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result = actionData && "ok" in actionData ? actionData : null;
  const cancelResult = actionData && "cancelErrors" in actionData ? actionData : null;
  const mealsResult = actionData && "mealsErrors" in actionData ? actionData : null;
  const eraseResult = actionData && "eraseErrors" in actionData ? actionData : null;
  const hydrated = useHydrated();
  const failed =
    result && !result.ok && result.field ? { field: result.field, error: result.error, value: result.value } : null;
  return (
    <section className="container page details-page">
      <p>
        <Link to={paths.formatRegistrants(row.format_id)} className="btn btn-ghost back-button">
          ← Retour aux inscriptions
        </Link>
      </p>
      <h1>
        {row.prenom} {row.nom}
      </h1>
      <p className="muted">
        {row.course_nom} – {row.format_nom}
      </p>
      {result && !result.ok && !result.field ? (
        <p className="alert alert-error" role="alert">
          {result.error}
        </p>
      ) : null}

      <div className="receipt card">
        <h2>Reçu de paiement</h2>
        <Form method="get" className="inline-form" preventScrollReset>
          <input type="hidden" name="recu" value="1" />
          <button type="submit" className="btn btn-ghost">
            Récupérer reçu
          </button>
        </Form>
        {receiptUrl ? (
          <a href={receiptUrl} target="_blank" rel="noopener noreferrer" className="btn btn-primary">
            Voir le reçu
          </a>
        ) : null}
        <Notice kind="error">{receiptError}</Notice>
      </div>

      {row.document_id ? (
        <p className="justif-doc-line">
          Document justificatif fourni par le coureur&nbsp;:{" "}
          <a href={paths.justificatif(row.document_id)} target="_blank" rel="noreferrer">
            Voir le document
          </a>
        </p>
      ) : null}

      {GROUPS.map((g) => (
        <div key={g.title} className="table-wrap detail-group">
          <table className="table details-table">
            <caption>{g.title}</caption>
            <tbody>
              {g.fields.map((f) => (
                <DetailField
                  key={`${f}-${failed?.field === f ? "err" : "ok"}`}
                  field={f}
                  initial={values[f]}
                  stock={row.stock_repas}
                  hydrated={hydrated}
                  serverError={failed?.field === f ? failed : null}
                  justSaved={savedField === f}
                  locked={(f === "statut" || f === "nombre_repas") && paid}
                />
              ))}
            </tbody>
          </table>
        </div>
      ))}

      {cancel ? (
        <MealsOnSiteCard
          onlineMeals={Math.max(0, Number(values.nombre_repas || 0) - onSite.count)}
          onSite={onSite}
          mealPriceCents={mealPriceCents}
          errors={mealsResult?.mealsErrors ?? null}
          values={mealsResult?.mealsValues ?? null}
          notice={mealsNotice}
        />
      ) : null}
      {cancelled ? (
        <p className="alert alert-success" role="status">
          {ORGANISER_CANCEL_MSG.done}
        </p>
      ) : null}
      {cancel ? (
        <CancelCard
          cancel={cancel}
          errors={cancelResult?.cancelErrors ?? null}
          values={cancelResult?.cancelValues ?? null}
        />
      ) : null}

      {erased ? (
        <p className="alert alert-success" role="status">
          Les données personnelles de cette inscription ont été effacées.
        </p>
      ) : null}
      {erasable ? (
        <EraseCard errors={eraseResult?.eraseErrors ?? null} />
      ) : (
        <Notice kind="error">{eraseResult?.eraseErrors.form}</Notice>
      )}

      <section className="table-wrap detail-group" id="historique">
        <table className="table details-table">
          <caption>Historique</caption>
          <TableHead columns={["Date", "Changement", "Par", "Montant"]} />
          <tbody>
            {history.map((h) => (
              <tr key={h.id}>
                <td>{formatDateTime(h.created_at)}</td>
                <td>
                  {reasonLabel(h.event)}
                  <br />
                  <span className="muted small">
                    {h.from_statut ? `${statutLabel(h.from_statut)} → ` : ""}
                    {statutLabel(h.to_statut)}
                  </span>
                </td>
                <td>{h.actor ? (ACTOR_LABELS[h.actor as Actor] ?? h.actor) : "—"}</td>
                <td>{h.amount_cents != null ? formatEuros(h.amount_cents) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <div className="table-wrap detail-group">
        <table className="table details-table">
          <caption>Informations (lecture seule)</caption>
          <tbody>
            <tr>
              <th scope="row">Prix total repas</th>
              <td>{formatEuros(row.prix_total_repas_cents)}</td>
            </tr>
            <tr>
              <th scope="row">Prix total coureur</th>
              <td>{formatEuros(row.prix_total_coureur_cents)}</td>
            </tr>
            {row.code_promo ? (
              <tr>
                <th scope="row">Code promo</th>
                <td data-testid="code-promo">
                  {row.code_promo} (remise de {formatEuros(row.remise_cents)})
                </td>
              </tr>
            ) : null}
            <tr>
              <th scope="row">Référence de paiement</th>
              <td>
                <code>{row.paiement_trace_id}</code>
              </td>
            </tr>
            <tr>
              <th scope="row">Créée le</th>
              <td>{formatDateTime(row.created_at)}</td>
            </tr>
            <tr>
              <th scope="row">Modifiée le</th>
              <td>{formatDateTime(row.updated_at)}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
