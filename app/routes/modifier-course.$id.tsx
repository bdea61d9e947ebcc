import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { CourseFormPage } from "~/components/course-form/CourseFormPage";
import {
  centsToInput,
  emptyCourseForm,
  numberToInput,
  readCourseForm,
  windowInputs,
  type CourseFormValues,
} from "~/domain/course-form";
import { handleCourseForm, initialState } from "~/services/course-form.server";
import { getCourseForOwner, type CourseRow, type FormatRow } from "~/services/courses.server";
import { registeredByFormat } from "~/services/organiser-courses.server";
import organiserCss from "~/styles/organiser.css?url";
import { requireOrganiser } from "~/utils/auth.server";
import { formDraft, requireUserKeepingForm } from "~/services/form-drafts.server";
import { DRAFT_NOTICE } from "~/domain/form-drafts";
import { notFoundOrRethrow } from "~/utils/domain-errors";
import { PublicationBadge } from "~/components/table/FormatCells";
import * as paths from "~/domain/paths";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: organiserCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Modifier ${data?.nom ?? "l'épreuve"} — Balise` },
];

function toValues(course: CourseRow, rows: FormatRow[]): CourseFormValues {
  const base = emptyCourseForm();
  return {
    ...base,
    nom: course.nom,
    lieu: course.lieu,
    code_postal: course.code_postal,
    departement: course.departement,
    presentation: course.presentation ?? "",
    image_url: course.image_url ?? "",
    lat: course.lat == null ? "" : String(course.lat),
    lng: course.lng == null ? "" : String(course.lng),
    formats: rows.map((f) => ({
      key: f.id.replace(/-/g, "").slice(0, 16),
      id: f.id,
      nom: f.nom,
      type_epreuve: f.type_epreuve,
      date: f.date ?? "",
      heure_depart: f.heure_depart ?? "",
      distance_km: numberToInput(f.distance_km),
      denivele_dplus: numberToInput(f.denivele_dplus),
      denivele_dmoins: numberToInput(f.denivele_dmoins),
      adresse_depart: f.adresse_depart ?? "",
      adresse_arrivee: f.adresse_arrivee ?? "",
      prix: centsToInput(f.prix_cents),
      stock_repas: String(f.stock_repas),
      prix_repas: centsToInput(f.prix_repas_cents),
      ravitaillements: f.ravitaillements ?? "",
      remise_dossards: f.remise_dossards ?? "",
      dotation: f.dotation ?? "",
      age_minimum: numberToInput(f.age_minimum),
      hebergements: f.hebergements ?? "",
      nb_max_coureurs: numberToInput(f.nb_max_coureurs),
      presentation_parcours: f.presentation_parcours ?? "",
      image_url: f.image_url ?? "",
      gpx_url: f.gpx_url ?? "",
      reglement_pdf_url: f.reglement_pdf_url ?? "",
      ouverture_date: windowInputs(f.ouverture_inscriptions).date,
      ouverture_heure: windowInputs(f.ouverture_inscriptions).time,
      cloture_date: windowInputs(f.cloture_inscriptions).date,
      cloture_heure: windowInputs(f.cloture_inscriptions).time,
      tirage_minutes: f.tirage_minutes ? String(f.tirage_minutes) : "",
      cession_active: f.cession_active ? "oui" : "",
      cession_cloture: f.cession_cloture ?? "",
      cession_frais: centsToInput(f.cession_frais_cents),
      cession_dossard: f.cession_dossard_suit ? "" : "nouveau",
      cession_repas: f.cession_repas_suivent ? "suivent" : "",
    })),
  };
}

function owned(context: LoaderFunctionArgs["context"], user: { id: string; isAdmin: boolean }, id: string) {
  return getCourseForOwner(context.db, user, id, { needs: "epreuve" }).catch(notFoundOrRethrow);
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const { course, formats } = await owned(context, user, params.id ?? "");
  const [registered, draft] = await Promise.all([
    registeredByFormat(context.db, course.id, context.clock.now()),
    formDraft(request, context, user),
  ]);
  const url = new URL(request.url);
  return {
    id: course.id,
    nom: course.nom,
    slug: course.slug,
    en_ligne: course.en_ligne,
    registered,
    saved: url.searchParams.get("message") === "modifiee",
    state: initialState(draft ? readCourseForm(draft) : toValues(course, formats)),
    draftNotice: draft ? DRAFT_NOTICE : null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  // A form sent after the session ended is kept: it comes back filled after logging in (issue 42).
  const user = await requireUserKeepingForm(request, context);
  // Ownership first: someone else's event id changes nothing, not even an upload.
  const { course } = await owned(context, user, params.id ?? "");
  const outcome = await handleCourseForm(context, request, user, { kind: "edit", courseId: course.id });
  if (outcome.kind === "saved") return redirect(paths.editEvent(course.id, { message: "modifiee" }));
  return data(outcome.state, { status: outcome.status });
}

export default function ModifierCourse() {
  const { id, nom, en_ligne, registered, saved, state: initial, draftNotice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const state = actionData ?? initial;
  return (
    <CourseFormPage
      title={<>Modifier « {nom} »</>}
      intro={
        <>
          <PublicationBadge online={!!en_ligne} /> <Link to={paths.eventPage(id)}>Voir la page de l'épreuve</Link>
        </>
      }
      draftNotice={actionData ? null : draftNotice}
      form={{ ...state, editing: true, registered, submitLabel: "Enregistrer les modifications" }}
    >
      {saved && !actionData ? (
        <p className="alert alert-success" role="status">
          Épreuve modifiée avec succès !
        </p>
      ) : null}
    </CourseFormPage>
  );
}
