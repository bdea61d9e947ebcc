// /organisateur/inscriptions/{formatId}: the registrants of one format, for its organiser only.
// Search, status filter and pages of 50 in SQL (a GET form); inline edit: with JS each cell saves on blur
// through a fetcher (optimistic, rollback + message on failure), without JS each row has its own form.
// The add-runner modal is the child route ./ajouter, rendered in the <Outlet />; the CSV is ./export.csv.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Outlet, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { ALL_EXPORT_COLUMNS, EXPORT_COLUMN_LABELS, EXPORT_COLUMNS } from "~/domain/csv";
import {
  AssignBibsSchema,
  CellEditSchema,
  FIELD_LABELS,
  ORGANISER_STATUT_LABELS,
  ORGANISER_STATUTS,
  parseSearch,
  parseStatutFilter,
  RowEditSchema,
  statutLabel,
  TABLE_FIELDS,
  type TableField,
} from "~/domain/registrants";
import { normaliseStatut } from "~/domain/registration-rules";
import { JustificatifCell, type JustificatifCellError } from "~/components/JustificatifCell";
import { isCompetition } from "~/domain/eligibility";
import { JUSTIFICATIF_ETAT_LABELS, JUSTIFICATIF_ETATS, parseEtatFilter } from "~/domain/justificatif";
import { decideJustificatif } from "~/services/justificatifs.server";
import { assignBibs, registrantsPage, saveCell, saveRow, type RowErrors } from "~/services/registrants.server";
import { organiserWaitlist } from "~/services/waitlist.server";
import { WaitlistPanel } from "~/components/WaitlistPanel";
import { TransfersPanel } from "~/components/TransfersPanel";
import { listFormatTransfers } from "~/services/transfer.server";
import { OpeningFigures } from "~/components/OpeningFigures";
import { openingFigures } from "~/services/opening-queue.server";
import registrantsCss from "~/styles/registrants.css?url";
import { requireOrganiser } from "~/utils/auth.server";
import { errorToShow, notFoundOrRethrow } from "~/utils/domain-errors";
import { formatEuros } from "~/utils/format";
import { useHydrated } from "~/components/useHydrated";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: registrantsCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Inscriptions – ${data.format.nom} — Balise` : "Inscriptions — Balise" },
];

/** Success messages after a redirect: a fixed table, never text from the URL. */
function successMessage(ok: string | null, n: string | null): string | null {
  if (ok === "ligne") return "Inscription mise à jour.";
  if (ok === "ajoute") return "Coureur ajouté.";
  if (ok === "liste_on") return "Liste d'attente activée.";
  if (ok === "liste_off") return "Liste d'attente désactivée.";
  if (ok === "liste_retire") return "Coureur retiré de la liste d'attente (il a été prévenu par e-mail).";
  if (ok === "justificatif_valide") return "Justificatif validé.";
  if (ok === "justificatif_refuse") return "Justificatif refusé\u00a0: le coureur a reçu un e-mail pour le corriger.";
  if (ok === "dossards") {
    const count = Number.parseInt(n ?? "", 10);
    if (!Number.isFinite(count) || count < 0) return null;
    return count === 0
      ? "Aucun coureur validé sans dossard\u00a0: rien à attribuer."
      : `${count} dossard${count > 1 ? "s" : ""} attribué${count > 1 ? "s" : ""}.`;
  }
  return null;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const url = new URL(request.url);
  const q = parseSearch(url.searchParams.get("q"));
  const statut = parseStatutFilter(url.searchParams.get("statut"));
  const justificatif = parseEtatFilter(url.searchParams.get("justificatif"));
  const result = await registrantsPage(context, user, params.formatId ?? "", {
    q,
    statut,
    justificatif,
    page: url.searchParams.get("page"),
  }).catch(notFoundOrRethrow);
  const [waitlist, opening, transfers] = await Promise.all([
    organiserWaitlist(context, user, result.format.id).catch(notFoundOrRethrow),
    openingFigures(context, result.format),
    // registrantsPage checked that the format is this organiser's.
    listFormatTransfers(context, result.format.id),
  ]);
  return {
    waitlist,
    transfers,
    opening,
    format: {
      id: result.format.id,
      nom: result.format.nom,
      course_nom: result.format.course_nom,
      stock_repas: result.format.stock_repas,
      prix_repas_cents: result.format.prix_repas_cents,
      nb_max_coureurs: result.format.nb_max_coureurs,
    },
    rows: result.rows,
    total: result.total,
    page: result.page,
    pages: result.pages,
    mealsReserved: result.mealsReserved,
    formatTotal: result.formatTotal,
    withoutBib: result.withoutBib,
    taken: result.taken,
    q,
    statut,
    justificatif,
    competition: isCompetition(result.format),
    message: successMessage(url.searchParams.get("ok"), url.searchParams.get("n")),
  };
}

/** Back to the same list (search, filter and page kept), with a success code. */
function backToList(request: Request, ok: string, n?: number) {
  const url = new URL(request.url);
  const back = new URLSearchParams();
  for (const k of ["q", "statut", "justificatif", "page"]) {
    const v = url.searchParams.get(k);
    if (v) back.set(k, v);
  }
  back.set("ok", ok);
  if (n !== undefined) back.set("n", String(n));
  return redirect(`${url.pathname}?${back.toString()}`);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const formatId = params.formatId ?? "";
  const form = Object.fromEntries(await request.formData());
  try {
    if (form.intent === "cell") {
      const parsed = CellEditSchema.safeParse(form);
      if (!parsed.success)
        return data({ intent: "cell" as const, ok: false as const, error: "Champ non modifiable." }, { status: 400 });
      const { id, field, value } = parsed.data;
      const stored = await saveCell(context, user, formatId, id, field, value);
      return { intent: "cell" as const, ok: true as const, id, field, value: stored == null ? "" : String(stored) };
    }
    if (form.intent === "row") {
      const parsed = RowEditSchema.safeParse(form);
      if (!parsed.success)
        return data(
          { intent: "row" as const, id: null, errors: {} as RowErrors, values: null, error: "Formulaire incomplet." },
          { status: 400 },
        );
      const { id, intent: _i, ...raw } = parsed.data;
      const saved = await saveRow(context, user, formatId, id, raw);
      if (!saved.ok)
        return data({ intent: "row" as const, id, errors: saved.errors, values: raw, error: null }, { status: 400 });
      return backToList(request, "ligne");
    }
    if (form.intent === "justificatif") {
      // 'Valider' / 'Refuser' the justificatif (decision 0150): its own state, never the registration's status.
      const id = String(form.id ?? "");
      const decision = form.decision === "valide" || form.decision === "refuse" ? form.decision : null;
      const motif = typeof form.motif === "string" ? form.motif : "";
      const commentaire = typeof form.commentaire === "string" ? form.commentaire : "";
      if (!id || !decision)
        return data(
          {
            intent: "justificatif" as const,
            error: { id, field: null, message: "Formulaire incomplet.", motif, commentaire },
          },
          { status: 400 },
        );
      const r = await decideJustificatif(context, user, formatId, {
        id,
        decision,
        version: String(form.version ?? ""),
        motif,
        commentaire,
      });
      if (!r) throw new Response("Inscription introuvable.", { status: 404 });
      if (!r.ok)
        return data(
          {
            intent: "justificatif" as const,
            error: { id, field: r.field, message: r.message, motif, commentaire } as JustificatifCellError,
          },
          { status: r.field ? 400 : 409 },
        );
      return backToList(request, decision === "valide" ? "justificatif_valide" : "justificatif_refuse");
    }
    if (form.intent === "bibs") {
      const parsed = AssignBibsSchema.safeParse(form);
      if (!parsed.success)
        return data({ intent: "bibs" as const, error: "Formulaire incomplet.", debut: "" }, { status: 400 });
      const r = await assignBibs(context, user, formatId, parsed.data.debut);
      if (!r.ok) return data({ intent: "bibs" as const, error: r.error, debut: parsed.data.debut }, { status: 400 });
      return backToList(request, "dossards", r.count);
    }
  } catch (e) {
    const err = errorToShow(e);
    if (form.intent === "cell")
      return data({ intent: "cell" as const, ok: false as const, error: err.message }, { status: err.status });
    return data({ intent: "error" as const, error: err.message }, { status: err.status });
  }
  return data({ intent: "error" as const, error: "Action inconnue." }, { status: 400 });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

function rowValue(row: Row, field: TableField): string {
  const v = row[field];
  return v == null ? "" : String(v);
}

/**
 * One editable cell. Without JS it is a plain input of the row's form (attribute `form`). With JS it saves
 * itself when left (a select when changed): the new value shows at once; if the server refuses, the last
 * saved value comes back and the message shows under the cell.
 */
function Cell({
  row,
  field,
  initial,
  error: serverError,
  hydrated,
  stock,
}: {
  row: Row;
  field: TableField;
  initial: string;
  error?: string;
  hydrated: boolean;
  stock: number;
}) {
  const fetcher = useFetcher<typeof action>();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(serverError ?? null);
  const saved = useRef(initial);
  const waiting = useRef(false);
  const input = useRef<HTMLInputElement & HTMLSelectElement>(null);

  // Fresh data from the server (another cell saved, revalidation): follow it unless the user is typing here.
  useEffect(() => {
    if (!waiting.current && document.activeElement !== input.current) {
      saved.current = initial;
      setValue(initial);
    }
  }, [initial]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !waiting.current || !fetcher.data) return;
    waiting.current = false;
    const d = fetcher.data as { intent?: string; ok?: boolean; value?: string; error?: string };
    if (d.ok) {
      saved.current = d.value ?? "";
      setValue(d.value ?? "");
      setError(null);
    } else {
      setValue(saved.current); // rollback
      setError(d.error ?? "Erreur lors de l'enregistrement.");
    }
  }, [fetcher.state, fetcher.data]);

  function save(next: string) {
    if (!hydrated || next === saved.current) return;
    waiting.current = true;
    setError(null);
    fetcher.submit({ intent: "cell", id: row.id, field, value: next }, { method: "post" });
  }
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (hydrated && e.key === "Enter") {
      e.preventDefault();
      e.currentTarget.blur();
    }
  }

  const id = `c-${row.id}-${field}`;
  const errId = `${id}-err`;
  const label = `${FIELD_LABELS[field]} de ${row.prenom ?? ""} ${row.nom ?? ""}`.trim();
  const common = {
    id,
    ref: input,
    name: field,
    form: hydrated ? undefined : `row-${row.id}`,
    "aria-label": label,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errId : undefined,
    "aria-busy": fetcher.state !== "idle" ? true : undefined,
  } as const;
  let control: ReactNode;
  if (field === "statut" && row.paid) {
    // A paid registration's status is not a free choice: it ends through a cancellation with its refund.
    const current = normaliseStatut(value) ?? value;
    control = (
      <>
        <input type="hidden" name={field} form={common.form} value={current} />
        <span id={id}>{statutLabel(current)}</span>
        {current === "validee" ? (
          <Link
            to={`/details-coureur/${row.id}#annulation`}
            className="btn btn-ghost btn-small"
            aria-label={`Annuler l'inscription de ${row.prenom ?? ""} ${row.nom ?? ""}`.trim()}
          >
            Annuler…
          </Link>
        ) : null}
      </>
    );
  } else if (field === "statut") {
    const current = normaliseStatut(value) ?? value;
    const extra = !(ORGANISER_STATUTS as readonly string[]).includes(current) && current ? [current] : [];
    control = (
      <select
        {...common}
        value={current}
        onChange={(e) => {
          setValue(e.target.value);
          save(e.target.value);
        }}
      >
        {[...ORGANISER_STATUTS, ...extra].map((s) => (
          <option key={s} value={s}>
            {statutLabel(s)}
          </option>
        ))}
      </select>
    );
  } else {
    const numeric = field === "dossard" || field === "nombre_repas";
    control = (
      <input
        {...common}
        type={field === "email" ? "email" : "text"}
        inputMode={numeric ? "numeric" : undefined}
        className={numeric ? "cell-num" : undefined}
        value={value}
        max={field === "nombre_repas" ? stock : undefined}
        onChange={(e) => setValue(e.target.value)}
        onBlur={(e) => save(e.target.value)}
        onKeyDown={onKeyDown}
      />
    );
  }
  return (
    <td data-label={FIELD_LABELS[field]} className={error ? "cell has-error" : "cell"}>
      {control}
      {fetcher.state !== "idle" ? (
        <span className="cell-status" aria-live="polite">
          Enregistrement…
        </span>
      ) : null}
      {error ? (
        <p className="field-error" id={errId} role="alert">
          {error}
        </p>
      ) : null}
    </td>
  );
}

export default function RegistrantsPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state === "submitting";
  const rowResult = result && result.intent === "row" && result.id ? result : null;
  const bibsResult = result && result.intent === "bibs" ? result : null;
  const justifError = result && result.intent === "justificatif" ? (result.error as JustificatifCellError) : null;
  const generalError =
    result &&
    "error" in result &&
    result.error &&
    result.intent !== "cell" &&
    result.intent !== "bibs" &&
    result.intent !== "justificatif" &&
    !(rowResult && Object.keys(rowResult.errors).length > 0)
      ? result.error
      : null;
  const keep = new URLSearchParams();
  if (d.q) keep.set("q", d.q);
  if (d.statut) keep.set("statut", d.statut);
  if (d.justificatif) keep.set("justificatif", d.justificatif);
  const pageLink = (p: number) => {
    const s = new URLSearchParams(keep);
    if (p > 1) s.set("page", String(p));
    const t = s.toString();
    return t ? `?${t}` : ".";
  };
  const keepQs = keep.toString() ? `?${keep.toString()}` : "";
  const defaultStart = 1;

  return (
    <section className="container page registrants-page">
      <p>
        <Link to="/organisateur/mon-espace" className="back-link">
          ← Mon espace
        </Link>
      </p>
      <div className="page-head">
        <div>
          <h1>Inscriptions – {d.format.nom}</h1>
          <p className="muted">{d.format.course_nom}</p>
        </div>
        <div className="actions">
          <Link to={`ajouter${keepQs}`} className="btn btn-primary" preventScrollReset>
            + Ajouter un coureur
          </Link>
        </div>
      </div>

      {d.message ? (
        <p className="alert alert-success" role="status">
          {d.message}
        </p>
      ) : null}
      {d.opening ? <OpeningFigures figures={d.opening} /> : null}
      {generalError ? (
        <p className="alert alert-error" role="alert">
          {generalError}
        </p>
      ) : null}

      <ul className="registrants-totals" aria-label="Totaux du format">
        <li>
          <strong>{d.formatTotal}</strong> inscription{d.formatTotal > 1 ? "s" : ""}
        </li>
        <li>
          <strong>{d.mealsReserved}</strong> repas réservé{d.mealsReserved > 1 ? "s" : ""}
          {d.format.stock_repas > 0 ? ` (${formatEuros(d.format.prix_repas_cents)} l'unité)` : ""}
        </li>
        <li>
          Places&nbsp;: <strong>{d.taken}</strong>
          {d.format.nb_max_coureurs != null ? ` / ${d.format.nb_max_coureurs}` : " (sans limite)"}
        </li>
      </ul>

      <div className="registrants-tools">
        <Form method="get" className="registrants-search" role="search">
          <div className="field">
            <label htmlFor="q">Rechercher</label>
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={d.q}
              placeholder="Nom, prénom, email, club, dossard"
              maxLength={100}
            />
          </div>
          <div className="field">
            <label htmlFor="statut">Statut</label>
            <select id="statut" name="statut" defaultValue={d.statut ?? ""}>
              <option value="">Tous</option>
              {ORGANISER_STATUTS.map((s) => (
                <option key={s} value={s}>
                  {ORGANISER_STATUT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          {d.competition ? (
            <div className="field">
              <label htmlFor="justificatif">Justificatif</label>
              <select id="justificatif" name="justificatif" defaultValue={d.justificatif ?? ""}>
                <option value="">Tous</option>
                {JUSTIFICATIF_ETATS.filter((e) => e !== "non_requis").map((e) => (
                  <option key={e} value={e}>
                    {JUSTIFICATIF_ETAT_LABELS[e]}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <button type="submit" className="btn btn-ghost">
            Rechercher
          </button>
          {d.q || d.statut || d.justificatif ? (
            <Link to="." className="btn btn-ghost">
              Réinitialiser
            </Link>
          ) : null}
        </Form>

        <details className="registrants-panel" open={bibsResult ? true : undefined}>
          <summary className="btn btn-ghost">Attribuer les dossards</summary>
          <Form method="post" className="panel-body">
            <input type="hidden" name="intent" value="bibs" />
            <p className="hint">
              {d.withoutBib} coureur{d.withoutBib > 1 ? "s" : ""} validé{d.withoutBib > 1 ? "s" : ""} sans dossard. Les
              numéros sont donnés dans l'ordre d'inscription, à partir du premier numéro, en sautant ceux déjà
              attribués.
            </p>
            <div className="field">
              <label htmlFor="debut">Premier numéro</label>
              <input
                id="debut"
                name="debut"
                type="number"
                inputMode="numeric"
                min={1}
                defaultValue={bibsResult?.debut || defaultStart}
                aria-invalid={bibsResult?.error ? true : undefined}
                aria-describedby={bibsResult?.error ? "debut-err" : undefined}
              />
              {bibsResult?.error ? (
                <p className="field-error" id="debut-err" role="alert">
                  {bibsResult.error}
                </p>
              ) : null}
            </div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Attribuer
            </button>
          </Form>
        </details>

        <details className="registrants-panel">
          <summary className="btn btn-ghost">Exporter CSV</summary>
          {/* A plain form: the browser downloads the file (no client-side routing to a resource route). */}
          <form
            method="get"
            action={`/organisateur/inscriptions/${d.format.id}/export.csv`}
            className="panel-body export-form"
          >
            <fieldset>
              <legend>Colonnes du fichier</legend>
              <div className="export-columns">
                {ALL_EXPORT_COLUMNS.map((c) => (
                  <label key={c} className="checkbox">
                    <input
                      type="checkbox"
                      name="col"
                      value={c}
                      defaultChecked={(EXPORT_COLUMNS as readonly string[]).includes(c)}
                    />
                    {EXPORT_COLUMN_LABELS[c]}
                  </label>
                ))}
              </div>
            </fieldset>
            <p className="hint">Fichier CSV (séparateur point-virgule, UTF-8), toutes les inscriptions du format.</p>
            <button type="submit" className="btn btn-primary">
              Télécharger le CSV
            </button>
          </form>
        </details>

        {d.competition ? (
          <a
            href={`/organisateur/inscriptions/${d.format.id}/justificatifs-manquants.csv`}
            className="btn btn-ghost"
            download
          >
            Justificatifs manquants (CSV)
          </a>
        ) : null}
      </div>

      <p className="muted small" aria-live="polite">
        {d.total} résultat{d.total > 1 ? "s" : ""}
        {d.q || d.statut || d.justificatif ? " pour cette recherche" : ""}
        {hydrated ? " · les cellules s'enregistrent quand vous les quittez." : ""}
      </p>

      {d.rows.length === 0 ? (
        <p className="empty">Aucune inscription trouvée pour ce format.</p>
      ) : (
        <div className="table-wrap">
          <table className="table registrants-table">
            <thead>
              <tr>
                <th scope="col">Nom</th>
                <th scope="col">Prénom</th>
                <th scope="col">Dossard</th>
                <th scope="col">Email</th>
                <th scope="col">Club</th>
                <th scope="col">Repas</th>
                <th scope="col">Statut</th>
                {d.competition ? <th scope="col">Justificatif</th> : null}
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((row) => {
                const mine = rowResult && rowResult.id === row.id ? rowResult : null;
                return (
                  <tr key={row.id} id={`r-${row.id}`}>
                    {TABLE_FIELDS.map((f) => (
                      <Cell
                        key={`${f}-${mine ? "err" : "ok"}`}
                        row={row}
                        field={f}
                        initial={mine?.values ? mine.values[f] : rowValue(row, f)}
                        error={mine?.errors[f]}
                        hydrated={hydrated}
                        stock={d.format.stock_repas}
                      />
                    ))}
                    {d.competition ? (
                      <JustificatifCell row={row} error={justifError?.id === row.id ? justifError : null} busy={busy} />
                    ) : null}
                    <td data-label="Actions" className="row-actions">
                      {hydrated ? null : (
                        <Form method="post" id={`row-${row.id}`} className="inline-form">
                          <input type="hidden" name="intent" value="row" />
                          <input type="hidden" name="id" value={row.id} />
                          <button
                            type="submit"
                            className="btn btn-ghost btn-small"
                            aria-label={`Enregistrer la ligne de ${row.prenom ?? ""} ${row.nom ?? ""}`}
                          >
                            Enregistrer
                          </button>
                        </Form>
                      )}
                      <Link to={`/details-coureur/${row.id}`} className="btn btn-ghost btn-small">
                        Détails
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <nav className="pager" aria-label="Pagination">
        {d.page > 1 ? (
          <Link to={pageLink(d.page - 1)} className="btn btn-ghost" rel="prev">
            Précédent
          </Link>
        ) : (
          <span className="btn btn-ghost" aria-disabled="true">
            Précédent
          </span>
        )}
        <span className="pager-status">
          Page {d.page} / {d.pages}
        </span>
        {d.page < d.pages ? (
          <Link to={pageLink(d.page + 1)} className="btn btn-ghost" rel="next">
            Suivant
          </Link>
        ) : (
          <span className="btn btn-ghost" aria-disabled="true">
            Suivant
          </span>
        )}
      </nav>

      <WaitlistPanel formatId={d.format.id} list={d.waitlist} />
      <TransfersPanel list={d.transfers} />

      <Outlet />
    </section>
  );
}
