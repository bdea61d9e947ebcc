// /details-coureur/{id}: one registrant for the organiser of its event (404 for anyone else).
// Every field is its own form: without JS it has an 'Enregistrer' button; with JS it saves itself on change.
// 'Récupérer reçu' is a GET (reading a receipt changes nothing); the link then opens in a new tab.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { type ReactNode, useEffect, useRef, useState } from "react";
import {
  DetailFieldSchema,
  EDITABLE_FIELDS,
  FIELD_LABELS,
  ORGANISER_STATUTS,
  RegistrantError,
  statutLabel,
  type EditableField,
} from "~/domain/registrants";
import { GENRES_SIMPLE, NATIONALITES, PAYS } from "~/domain/runner-fields";
import { normaliseStatut } from "~/domain/statuses";
import { CancelError, ORGANISER_CANCEL_MSG, organiserCancelSchema } from "~/domain/cancellation";
import { CancelCard, type CancelErrors, type CancelValues } from "./CancelCard";
import { ACTOR_LABELS, reasonLabel, type Actor } from "~/domain/lifecycle";
import { cancelInscription, organiserCancelOptions } from "~/services/cancel.server";
import { loadHistory } from "~/services/lifecycle.server";
import { getReceiptUrl } from "~/services/payments.server";
import { PAYMENT_ERROR_MESSAGES, PaymentError } from "~/services/payment-errors.server";
import { requireOwnedRegistrant, saveDetailField } from "~/services/registrants.server";
import registrantsCss from "~/styles/registrants.css?url";
import { requireOrganiser } from "~/utils/auth.server";
import { formatDateTime, formatEuros } from "~/utils/format";
import { useHydrated } from "~/components/useHydrated";
import { fieldErrors } from "~/domain/form-errors";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: registrantsCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.row.prenom ?? ""} ${data.row.nom ?? ""} – détails du coureur — Balise`
      : "Détails du coureur — Balise",
  },
];

function notFound(e: unknown): never {
  if (e instanceof RegistrantError && e.code === "not_found") throw new Response(e.message, { status: 404 });
  throw e;
}

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
  const row = await requireOwnedRegistrant(context, user, params.id ?? "").catch(notFound);
  const url = new URL(request.url);
  let receiptUrl: string | null = null;
  let receiptError: string | null = null;
  if (url.searchParams.get("recu") === "1") {
    try {
      receiptUrl = safeHttpUrl(await getReceiptUrl(context, user, row.paiement_trace_id));
      if (!receiptUrl) receiptError = PAYMENT_ERROR_MESSAGES.recu_introuvable;
    } catch (e) {
      receiptError = e instanceof PaymentError ? PAYMENT_ERROR_MESSAGES[e.code] : PAYMENT_ERROR_MESSAGES.recu_erreur;
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
  const [cancel, history] = await Promise.all([organiserCancelOptions(context, row.id), loadHistory(context, row.id)]);
  return {
    cancel,
    history,
    paid: cancel != null || ["remboursee_partiellement", "remboursee_totalement", "transferee"].includes(row.statut),
    cancelled: saved === "annulee",
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
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    values,
    receiptUrl,
    receiptError,
    savedField: saved && (EDITABLE_FIELDS as readonly string[]).includes(saved) ? (saved as EditableField) : null,
  };
}

/** The organiser cancels a paid registration: a full refund, a reason sent to the runner, confirmed (no JavaScript). */
async function cancelAction(
  context: ActionFunctionArgs["context"],
  user: { id: string; isAdmin: boolean },
  id: string,
  form: FormData,
) {
  const parsed = organiserCancelSchema.safeParse(Object.fromEntries(form));
  const values: CancelValues = { reason: String(form.get("reason") ?? ""), confirm: String(form.get("confirm") ?? "") };
  if (!parsed.success) {
    const errors: CancelErrors = fieldErrors(parsed.error);
    return data({ cancelErrors: errors, cancelValues: values }, { status: 400 });
  }
  try {
    await cancelInscription(context, {
      inscriptionId: id,
      actor: { role: "organisateur", userId: user.id, isAdmin: user.isAdmin },
      reason: parsed.data.reason,
    });
  } catch (e) {
    if (e instanceof CancelError) {
      if (e.code === "inscription_introuvable") throw new Response(e.message, { status: 404 });
      return data({ cancelErrors: { form: e.message } as CancelErrors, cancelValues: values }, { status: 409 });
    }
    throw e;
  }
  return redirect(`/details-coureur/${id}?ok=annulee#historique`);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const id = params.id ?? "";
  const form = await request.formData();
  if (form.get("intent") === "annuler") return cancelAction(context, user, id, form);
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
    return redirect(`/details-coureur/${id}?ok=${parsed.data.field}#f-${parsed.data.field}`);
  } catch (e) {
    if (e instanceof RegistrantError && e.code !== "not_found") {
      return data(
        { ok: false as const, field: parsed.data.field, error: e.message, value: parsed.data.value },
        { status: e.status },
      );
    }
    notFound(e);
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

function DetailField({
  field,
  initial,
  stock,
  hydrated,
  serverError,
  justSaved,
  locked,
}: {
  field: EditableField;
  initial: string;
  stock: number;
  hydrated: boolean;
  serverError?: { error: string; value: string } | null;
  justSaved: boolean;
  /** A paid registration's status: shown, not chosen (it changes through a cancellation with its refund). */
  locked?: boolean;
}) {
  const fetcher = useFetcher<typeof action>();
  const [value, setValue] = useState(serverError ? serverError.value : initial);
  const [error, setError] = useState<string | null>(serverError?.error ?? null);
  const [saved, setSaved] = useState(justSaved);
  const last = useRef(initial);
  const waiting = useRef(false);

  useEffect(() => {
    if (fetcher.state !== "idle" || !waiting.current || !fetcher.data) return;
    waiting.current = false;
    const d = fetcher.data;
    if (!("ok" in d)) return;
    if (d.ok) {
      last.current = d.value;
      setValue(d.value);
      setError(null);
      setSaved(true);
    } else {
      setValue(last.current);
      setError(d.error);
      setSaved(false);
    }
  }, [fetcher.state, fetcher.data]);

  function save(next: string) {
    if (!hydrated || next === last.current) return;
    waiting.current = true;
    setSaved(false);
    setError(null);
    fetcher.submit({ field, value: next, js: "1" }, { method: "post" });
  }

  const id = `f-${field}`;
  const aria = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-err` : undefined,
  } as const;
  let control: ReactNode;
  if (field === "apparaitre_resultats") {
    control = (
      <label className="checkbox">
        <input type="hidden" name="value" value="false" />
        <input
          id={id}
          type="checkbox"
          name="value"
          value="true"
          checked={value === "true"}
          onChange={(e) => {
            const next = e.target.checked ? "true" : "false";
            setValue(next);
            save(next);
          }}
        />
        {FIELD_LABELS.apparaitre_resultats}
      </label>
    );
  } else if (
    field === "statut" ||
    field === "justificatif_type" ||
    field === "genre" ||
    field === "nationalite" ||
    field === "pays"
  ) {
    const options: [string, string][] =
      field === "statut"
        ? (() => {
            const cur = normaliseStatut(value) ?? value;
            const list: string[] = [...ORGANISER_STATUTS];
            if (cur && !list.includes(cur)) list.push(cur);
            return list.map((s) => [s, statutLabel(s)] as [string, string]);
          })()
        : field === "justificatif_type"
          ? [
              ["", "—"],
              ["licence", "Licence"],
              ["pps", "PPS"],
            ]
          : (() => {
              // The runner fields' choices (app/domain/runner-fields.ts); an older stored value stays shown.
              const list: readonly string[] =
                field === "genre" ? GENRES_SIMPLE : field === "nationalite" ? NATIONALITES : PAYS;
              return [
                ["", "—"],
                ...list.map((o) => [o, o]),
                ...(value && !list.includes(value) ? [[value, value]] : []),
              ] as [string, string][];
            })();
    control = (
      <select
        id={id}
        name="value"
        value={field === "statut" ? (normaliseStatut(value) ?? value) : value}
        {...aria}
        onChange={(e) => {
          setValue(e.target.value);
          save(e.target.value);
        }}
      >
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    );
  } else {
    const type =
      field === "email"
        ? "email"
        : field === "date_naissance" || field === "pps_expiration"
          ? "date"
          : field.startsWith("telephone") || field === "contact_urgence_telephone"
            ? "tel"
            : "text";
    const numeric = field === "dossard" || field === "nombre_repas";
    control = (
      <input
        id={id}
        name="value"
        type={type}
        value={value}
        inputMode={numeric ? "numeric" : undefined}
        maxLength={200}
        {...aria}
        max={field === "nombre_repas" ? stock : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          if (type === "date") save(e.target.value);
        }}
        onBlur={(e) => save(e.target.value)}
      />
    );
  }
  if (locked) {
    return (
      <tr>
        <th scope="row">{FIELD_LABELS[field]}</th>
        <td>
          <strong>{statutLabel(initial)}</strong>
          <p className="hint">
            Inscription payée : son statut change par une annulation avec remboursement (ci-dessous), pas à la main.
          </p>
        </td>
      </tr>
    );
  }
  return (
    <tr>
      <th scope="row">
        {field === "apparaitre_resultats" ? "Résultats publics" : <label htmlFor={id}>{FIELD_LABELS[field]}</label>}
      </th>
      <td>
        <fetcher.Form
          method="post"
          className="detail-form"
          onSubmit={(e) => {
            if (hydrated) {
              e.preventDefault();
              save(value);
            }
          }}
        >
          <input type="hidden" name="field" value={field} />
          {control}
          {hydrated ? null : (
            <button type="submit" className="btn btn-ghost btn-small">
              Enregistrer
            </button>
          )}
          <span className="cell-status" aria-live="polite">
            {fetcher.state !== "idle" ? "Enregistrement…" : saved && !error ? "Enregistré ✓" : ""}
          </span>
        </fetcher.Form>
        {error ? (
          <p className="field-error" id={`${id}-err`} role="alert">
            {error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

export default function DetailsCoureur() {
  const { row, values, receiptUrl, receiptError, savedField, cancel, history, paid, cancelled } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result = actionData && "ok" in actionData ? actionData : null;
  const cancelResult = actionData && "cancelErrors" in actionData ? actionData : null;
  const hydrated = useHydrated();
  const failed =
    result && !result.ok && result.field ? { field: result.field, error: result.error, value: result.value } : null;
  return (
    <section className="container page details-page">
      <p>
        <Link to={`/organisateur/inscriptions/${row.format_id}`} className="btn btn-ghost back-button">
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
        {receiptError ? (
          <p className="alert alert-error" role="alert">
            {receiptError}
          </p>
        ) : null}
      </div>

      {row.document_id ? (
        <p className="justif-doc-line">
          Document justificatif fourni par le coureur&nbsp;:{" "}
          <a href={`/justificatifs/${row.document_id}`} target="_blank" rel="noreferrer">
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
                  locked={f === "statut" && paid}
                />
              ))}
            </tbody>
          </table>
        </div>
      ))}

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

      <section className="table-wrap detail-group" id="historique">
        <table className="table details-table">
          <caption>Historique</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Changement</th>
              <th scope="col">Par</th>
              <th scope="col">Montant</th>
            </tr>
          </thead>
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
