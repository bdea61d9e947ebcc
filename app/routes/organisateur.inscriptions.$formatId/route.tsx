// /organisateur/inscriptions/{formatId}: the registrants of one format, for its organiser only.
// Search, status filter and pages of 50 in SQL (a GET form); inline edit: with JS each cell saves on blur
// through a fetcher (optimistic, rollback + message on failure), without JS each row has its own form.
// The add-runner modal is the child route ./ajouter, rendered in the <Outlet />; the CSV is ./export.csv.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AssignBibsSchema, CellEditSchema, parseSearch, parseStatutFilter, RowEditSchema } from "~/domain/registrants";
import type { JustificatifCellError } from "~/components/JustificatifCell";
import { isCompetition } from "~/domain/eligibility";
import { parseEtatFilter } from "~/domain/justificatif";
import { decideJustificatif } from "~/services/justificatifs.server";
import { assignBibs, registrantsPage, saveCell, saveRow, type RowErrors } from "~/services/registrants.server";
import { organiserWaitlist } from "~/services/waitlist.server";
import { WaitlistPanel } from "~/components/WaitlistPanel";
import { TransfersPanel } from "~/components/TransfersPanel";
import { listFormatTransfers } from "~/services/transfer-reads.server";
import { OpeningFigures } from "~/components/OpeningFigures";
import { openingFigures } from "~/services/opening-queue.server";
import registrantsCss from "~/styles/registrants.css?url";
import { requireOrganiser } from "~/utils/auth.server";
import { useHydrated } from "~/components/useHydrated";
import { RegistrantsTable } from "./RegistrantsTable";
import { Pager, Totals } from "./Summary";
import { BibsPanel, ExportPanel, SearchForm } from "./Tools";
import * as paths from "~/domain/paths";
import { errorToShow, notFoundOrRethrow } from "~/utils/domain-errors";
import { Notice } from "~/components/form/Notice";

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

  return (
    <section className="container page registrants-page">
      <p>
        <Link to={paths.organiserSpace()} className="back-link">
          ← Mon espace
        </Link>
      </p>
      <div className="page-head">
        <div>
          <h1>Inscriptions – {d.format.nom}</h1>
          <p className="muted">{d.format.course_nom}</p>
        </div>
        <div className="actions">
          <Link to={paths.checkInDesk(d.format.id)} className="btn btn-ghost">
            Retrait des dossards
          </Link>
          <Link to={`ajouter${keepQs}`} className="btn btn-primary" preventScrollReset>
            + Ajouter un coureur
          </Link>
          <Link to={paths.formatResultsAdmin(d.format.id)} className="btn btn-ghost">
            Résultats
          </Link>
        </div>
      </div>

      <Notice kind="success">{d.message}</Notice>
      {d.opening ? <OpeningFigures figures={d.opening} /> : null}
      <Notice kind="error">{generalError}</Notice>

      <Totals d={d} />

      <div className="registrants-tools">
        <SearchForm d={d} />

        <BibsPanel withoutBib={d.withoutBib} bibsResult={bibsResult} busy={busy} />

        <ExportPanel formatId={d.format.id} />

        {d.competition ? (
          <a href={paths.formatMissingJustificatifs(d.format.id)} className="btn btn-ghost" download>
            Justificatifs manquants (CSV)
          </a>
        ) : null}
      </div>

      <p className="muted small" aria-live="polite">
        {d.total} résultat{d.total > 1 ? "s" : ""}
        {d.q || d.statut || d.justificatif ? " pour cette recherche" : ""}
        {hydrated ? " · les cellules s'enregistrent quand vous les quittez." : ""}
      </p>

      <RegistrantsTable
        rows={d.rows}
        competition={d.competition}
        stock={d.format.stock_repas}
        hydrated={hydrated}
        busy={busy}
        rowResult={rowResult}
        justifError={justifError}
      />

      <Pager page={d.page} pages={d.pages} pageLink={pageLink} />

      <WaitlistPanel formatId={d.format.id} list={d.waitlist} />
      <TransfersPanel list={d.transfers} />

      <Outlet />
    </section>
  );
}
