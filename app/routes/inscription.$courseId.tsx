// /inscription/{courseId}: format choice, runner information (pre-filled from the runner profile), justificatif,
// meals and total, then a place hold and the checkout. Works without JavaScript: 'Actualiser' re-renders the
// form on the server with the right justificatif field and the recalculated total; with JavaScript they update
// as the runner types. One schema (app/domain/registration.ts) for the form and the action.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { GENRES_SIMPLE, NATIONALITES, PAYS } from "~/domain/profile";
import {
  formatAvailability,
  formValues,
  parseMealCount,
  parseRegistration,
  preselectFormat,
  RegistrationError,
  REGISTRATION_FIELD_LABELS,
  REGISTRATION_MSG,
  type RegistrationField,
  type RegistrationValues,
} from "~/domain/registration";
import { mealsLeft, placesLeft, registrationTotals } from "~/domain/registration-rules";
import { JustificatifDocumentField, type DocumentRef } from "~/components/JustificatifDocumentField";
import { isCompetition } from "~/domain/eligibility";
import { documentFromForm, profileDocument } from "~/services/justificatif-documents.server";
import { startRegistration } from "~/services/register.server";
import { loadRegistrationPage, prefillValues } from "~/services/registration-page.server";
import { joinWaitlist } from "~/services/waitlist.server";
import { passQueue, queueFacts, queueView } from "~/services/opening-queue.server";
import { QUEUE_PAGE_TITLE, QueuePanel } from "~/components/QueuePanel";
import { mustWait } from "~/domain/opening-queue";
import { OFFER_HOURS, OFFER_HOURS_NEAR_RACE } from "~/domain/waitlist";
import styles from "~/styles/registration.css?url";
import { requireUser } from "~/utils/auth.server";
import { mapDomainError } from "~/utils/domain-errors";
import { readBesideSession } from "~/utils/session.server";
import { canViewCourse } from "~/domain/visibility";
import { parisDate, refundScaleSentence } from "~/domain/refund";
import { formatDate, formatEuros, formatKm, formatMeters, formatTime } from "~/utils/format";
import { useHydrated } from "~/components/useHydrated";
import { Field as SharedField, type FieldProps, SelectField } from "~/components/Field";
import * as paths from "~/domain/paths";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.queue
      ? QUEUE_PAGE_TITLE
      : data?.course
        ? `Inscription — ${data.course.nom} — Balise`
        : "Inscription — Balise",
  },
  { name: "robots", content: "noindex" },
];

/**
 * The user, and the event with its formats if they may see it (an offline event only for its organiser and
 * admins). On a GET both come in one D1 round trip: the page's read rides with the session look-up.
 */
async function pageData(request: Request, context: LoaderFunctionArgs["context"], courseId: string) {
  const [user, page] = await Promise.all([
    requireUser(request, context),
    loadRegistrationPage(context, courseId, (queries) => readBesideSession(request, context, queries)),
  ]);
  if (!page) throw new Response("Épreuve introuvable.", { status: 404 });
  if (!canViewCourse(page.course, user)) throw new Response(REGISTRATION_MSG.offline, { status: 403 });
  return { user, ...page };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, course, formats } = await pageData(request, context, params.courseId ?? "");
  const wanted = new URL(request.url).searchParams.get("format");
  // During an opening rush the form is reached through the format's queue (issue 21); otherwise at once.
  // A runner who waits sees the queue here, at the form's own address (no redirect: one answer on a weak network);
  // the page reloads (or, with JavaScript, re-reads) itself and shows the form when their turn comes.
  const asked = formats.find((f) => f.id === wanted);
  if (asked) {
    // The event's facts go with the call: the queue keeps them for the Worker's light waiting page (0135).
    const facts = course.en_ligne ? queueFacts(asked, course) : null;
    const gate = await passQueue(context, user.id, asked, facts);
    if (mustWait(gate))
      return { queue: queueView(context, { ...asked, course_id: course.id, course_nom: course.nom }, gate) } as const;
  }
  const prefill = await prefillValues(context, user);
  const values: RegistrationValues = { ...prefill, format_id: preselectFormat(formats, wanted), nombre_repas: "0" };
  return {
    queue: null,
    course,
    formats,
    values,
    today: parisDate(context.clock.now()),
    document: await profileDocument(context, user.id),
  };
}

type Errors = Partial<Record<RegistrationField, string>>;
interface ActionResult {
  values: RegistrationValues;
  errors: Errors;
  formError: string | null;
  /** The justificatif's document given so far (kept when the form comes back with errors), and its error. */
  document?: DocumentRef | null;
  documentError?: string | null;
  /** The runner's own registration in this format, when the form was refused for it (one place per runner). */
  existingId?: string | null;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, course, formats } = await pageData(request, context, params.courseId ?? "");
  const form = await request.formData();
  const values = formValues(form);
  let document: DocumentRef | null = null;
  let documentError: string | null = null;
  const reply = (status: number, errors: Errors, formError: string | null = null) =>
    data<ActionResult>({ values, errors, formError, document, documentError }, { status });

  if (!course.en_ligne) return reply(403, {}, REGISTRATION_MSG.offline);
  // The justificatif's document (decision 0150): stored at once, so a form sent back with errors keeps it.
  ({ doc: document, error: documentError } = await documentFromForm(context, user.id, form));
  // 'Actualiser' (without JavaScript): show the chosen justificatif's field and the new total, nothing saved.
  if (form.get("intent") === "actualiser") return reply(200, {});
  if (!course.paymentsOpen) return reply(409, {}, REGISTRATION_MSG.closed);

  // 'Rejoindre la liste d'attente' (a full format whose list is on): the same fields, no payment now.
  if (form.get("intent") === "liste_attente") {
    const parsed = parseRegistration(values, formats, parisDate(context.clock.now()), "waitlist");
    if (!parsed.ok) return reply(400, parsed.errors);
    try {
      const { entryId } = await joinWaitlist(context, user.id, course.id, parsed.data);
      return redirect(paths.waitlistEntry(entryId, { notice: "rejointe" }));
    } catch (e) {
      // Shown above the form, and beside the format when it is the format that refuses.
      const err = mapDomainError(e);
      if (!err) throw e;
      return reply(err.status, err.field ? { [err.field]: err.message } : {}, err.message);
    }
  }

  const parsed = parseRegistration(values, formats, parisDate(context.clock.now()));
  if (!parsed.ok || documentError) return reply(400, parsed.ok ? {} : parsed.errors);
  // During an opening rush only admitted runners reach the checkout (metered, issue 21).
  const gate = await passQueue(context, user.id, parsed.data.format);
  if (mustWait(gate)) return redirect(paths.openingQueue(parsed.data.format.id));
  try {
    const { url } = await startRegistration(context, user.id, course.id, parsed.data, document?.id ?? null);
    return redirect(url);
  } catch (e) {
    const err = mapDomainError(e);
    if (!err) {
      console.error("inscription", e);
      return reply(500, {}, REGISTRATION_MSG.saveError);
    }
    // A refusal about one field goes beside it (the summary lists it); any other above the form.
    if (err.field) return reply(err.status, { [err.field]: err.message });
    // The runner already holds a place in this format: the page links to that registration (the error carries it).
    if (err.code === "deja_inscrit" && e instanceof RegistrationError)
      return data<ActionResult>(
        { values, errors: {}, formError: err.message, document, documentError, existingId: e.inscriptionId ?? null },
        { status: err.status },
      );
    return reply(err.status, {}, err.message);
  }
}

/** The summary's fields: the registration's, and the attached document's (its error comes apart from theirs). */
type SummaryField = RegistrationField | "justificatif_document";

/** The fields in the order the form shows them (the summary lists the errors in that order). */
const SUMMARY_ORDER: readonly SummaryField[] = [
  "format_id",
  "nom",
  "prenom",
  "genre",
  "date_naissance",
  "nationalite",
  "email",
  "telephone",
  "adresse",
  "adresse_complement",
  "code_postal",
  "ville",
  "pays",
  "club",
  "contact_urgence_nom",
  "contact_urgence_telephone",
  "justificatif_type",
  "pps_identifier",
  "pps_expiration",
  "numero_licence",
  "justificatif_document",
  "nombre_repas",
];

const SUMMARY_LABELS: Record<SummaryField, string> = {
  ...REGISTRATION_FIELD_LABELS,
  justificatif_document: "Attestation PPS ou licence",
};

/** Where a field's link points: the input itself (the first radio of a group). */
function fieldAnchor(f: SummaryField): string {
  return f === "format_id" ? "format-choices" : f === "justificatif_type" ? "f-justificatif" : `f-${f}`;
}

/**
 * The error summary at the top of the form (WCAG 3.3.1, GOV.UK pattern): how many fields to correct, each a link
 * to its field. Focused when it appears, with JavaScript by the effect, without JavaScript by `autofocus` on the
 * reloaded page, so the runner who pressed 'Payer' at the bottom is taken to it and hears it.
 */
function ErrorSummary({
  errors,
  documentError,
  stamp,
}: {
  errors: Errors;
  /** The attached document's error (too big, wrong type): listed where the document's field is, after the licence. */
  documentError?: string | null;
  stamp: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const all: Partial<Record<SummaryField, string | null>> = { ...errors, justificatif_document: documentError };
  const list = SUMMARY_ORDER.filter((f) => all[f]);
  // A new answer from the action (stamp) moves the focus again, even with the same errors.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the answer (stamp), not on the list it reads
  useEffect(() => {
    if (list.length > 0) ref.current?.focus();
  }, [stamp]);
  if (list.length === 0) return null;
  return (
    // biome-ignore lint/a11y/noAutofocus: the error summary takes the focus without JavaScript too (GOV.UK pattern)
    <div ref={ref} className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} autoFocus>
      <h2 id="error-summary-title">
        {list.length === 1 ? "Un champ est à corriger" : `${list.length} champs sont à corriger`}
      </h2>
      <ul>
        {list.map((f) => (
          <li key={f}>
            <a
              href={`#${fieldAnchor(f)}`}
              onClick={(e) => {
                // With JavaScript, the link also puts the focus in the field (a fragment link only scrolls to it).
                const el = document.getElementById(fieldAnchor(f));
                const target = el?.matches("input, select, textarea")
                  ? el
                  : (el?.querySelector<HTMLElement>("input:not([disabled])") ?? el);
                if (!target) return;
                e.preventDefault();
                target.focus();
                target.scrollIntoView({ block: "center" });
              }}
            >
              {SUMMARY_LABELS[f]}&nbsp;: {all[f]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A runner field of this form, filled from its values and errors. */
function Field({
  values,
  errors,
  ...props
}: Omit<FieldProps, "name" | "defaultValue" | "error"> & {
  name: RegistrationField;
  values: RegistrationValues;
  errors: Errors;
}) {
  return <SharedField {...props} defaultValue={values[props.name]} error={errors[props.name]} />;
}

function Select({
  values,
  errors,
  empty,
  ...props
}: {
  name: RegistrationField;
  label: string;
  values: RegistrationValues;
  errors: Errors;
  options: readonly string[];
  empty?: string;
}) {
  return <SelectField {...props} defaultValue={values[props.name]} error={errors[props.name]} emptyLabel={empty} />;
}

/** The form, or the queue while the runner waits for their turn (issue 21). */
export default function Inscription() {
  const d = useLoaderData<typeof loader>();
  return d.queue ? <QueuePanel view={d.queue} /> : <RegistrationForm data={d} />;
}

type FormPageData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { queue: null }>;

function RegistrationForm({ data }: { data: FormPageData }) {
  const { course, formats, values: initial, today, document: profileDoc } = data;
  const result = useActionData<typeof action>();
  const values = result?.values ?? initial;
  const document = result ? (result.document ?? null) : profileDoc;
  const errors: Errors = result?.errors ?? {};
  const formError = result?.formError ?? null;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "payer";
  const joining = navigation.state !== "idle" && navigation.formData?.get("intent") === "liste_attente";

  // Live state (JavaScript on); without JavaScript these follow the last server render.
  const [formatId, setFormatId] = useState(values.format_id);
  const [justificatif, setJustificatif] = useState(values.justificatif_type || "licence");
  const [meals, setMeals] = useState(values.nombre_repas || "0");
  useEffect(() => {
    setFormatId(values.format_id);
    setJustificatif(values.justificatif_type || "licence");
    setMeals(values.nombre_repas || "0");
  }, [values]);

  const chosen = formats.find((f) => f.id === formatId) ?? null;
  const transferRules = (chosen as { transferRules?: string | null } | null)?.transferRules ?? null;
  const waitlisted = chosen != null && formatAvailability(chosen) === "waitlist";
  // A walk asks for no justificatif (decision 0151); without a format chosen yet, the fields show.
  const needsJustificatif = !chosen || isCompetition(chosen);
  const mealCount = chosen ? parseMealCount(meals, chosen.stock_repas) : 0;
  const totals = chosen ? registrationTotals(chosen, mealCount ?? 0) : null;

  function onChange(e: ChangeEvent<HTMLFormElement>) {
    const t = e.target as unknown as HTMLInputElement;
    if (t.name === "format_id") setFormatId(t.value);
    if (t.name === "justificatif_type") setJustificatif(t.value);
    if (t.name === "nombre_repas") setMeals(t.value);
  }

  return (
    <section className="container page registration-page">
      <p className="small">
        <Link to={paths.eventPage(course.slug)}>← Retour à {course.nom}</Link>
      </p>
      <h1>Inscription — {course.nom}</h1>
      <p className="muted">
        {course.lieu} ({course.departement})
      </p>

      {!course.en_ligne ? (
        <p className="alert alert-error" role="alert">
          {REGISTRATION_MSG.offline}
        </p>
      ) : formats.length === 0 ? (
        <p className="empty">{REGISTRATION_MSG.noFormat}</p>
      ) : !course.paymentsOpen ? (
        <div className="alert alert-info registration-closed" role="status">
          <p>
            <strong>Les inscriptions ne sont pas encore ouvertes.</strong>
          </p>
          <p>{REGISTRATION_MSG.closed}</p>
          <p>
            <Link to={paths.eventPage(course.slug)}>Revenir à la page de la course</Link>
          </p>
        </div>
      ) : (
        <Form
          method="post"
          encType="multipart/form-data"
          className="registration-form"
          noValidate
          onChange={onChange}
          aria-describedby={formError ? "form-error" : undefined}
        >
          {formError ? (
            <p id="form-error" className="alert alert-error" role="alert">
              {formError}
              {result?.existingId ? (
                <>
                  {" "}
                  <Link to={paths.myRegistration(result.existingId)}>Voir mon inscription</Link>
                </>
              ) : null}
            </p>
          ) : null}
          <ErrorSummary errors={errors} documentError={result?.documentError} stamp={result} />

          <fieldset className="card reg-block">
            <legend>Format</legend>
            <div
              className="format-choices"
              id="format-choices"
              tabIndex={-1}
              role="radiogroup"
              aria-label="Format"
              aria-describedby={errors.format_id ? "f-format_id-error" : undefined}
            >
              {formats.map((f) => {
                const avail = formatAvailability(f);
                // A full format whose waiting list is on stays selectable: its submit joins the list. Before the
                // opening (or after the close) a format is not selectable, and says when it opens.
                const full = avail === "full" || Boolean(f.fenetre);
                const left = placesLeft(f.nb_max_coureurs, f.taken);
                return (
                  <label key={f.id} className={`format-choice${avail !== "open" ? " is-full" : ""}`}>
                    <input
                      type="radio"
                      name="format_id"
                      value={f.id}
                      defaultChecked={values.format_id === f.id}
                      disabled={full}
                    />
                    <span className="format-choice-body">
                      <span className="format-choice-name">
                        {f.nom}
                        {f.fenetre
                          ? ` (${f.fenetre.charAt(0).toLowerCase()}${f.fenetre.slice(1)})`
                          : full
                            ? " (complet)"
                            : avail === "waitlist"
                              ? " (complet\u00a0: liste d'attente)"
                              : ""}
                      </span>
                      <span className="format-choice-meta">
                        {formatDate(f.date)}
                        {f.heure_depart ? ` · ${formatTime(f.heure_depart)}` : ""} · {formatKm(f.distance_km)} ·{" "}
                        {formatMeters(f.denivele_dplus)} D+
                      </span>
                      <span className="format-choice-price">
                        {formatEuros(f.prix_cents)}
                        {avail === "open" && left != null && left <= 10 ? (
                          <span className="places-left">
                            {" "}
                            · {left} place{left > 1 ? "s" : ""} restante{left > 1 ? "s" : ""}
                          </span>
                        ) : null}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
            {errors.format_id ? (
              <p id="f-format_id-error" className="field-error" role="alert">
                {errors.format_id}
              </p>
            ) : null}
          </fieldset>

          <fieldset className="card reg-block">
            <legend>Vos informations</legend>
            <p className="hint">
              Pré-remplies depuis votre <Link to={paths.runnerProfile()}>profil coureur</Link>.
            </p>
            <div className="reg-grid">
              <Field name="nom" label="Nom" required autoComplete="family-name" values={values} errors={errors} />
              <Field name="prenom" label="Prénom" required autoComplete="given-name" values={values} errors={errors} />
              <Select name="genre" label="Genre" options={GENRES_SIMPLE} values={values} errors={errors} />
              <Field
                name="date_naissance"
                label="Date de naissance"
                type="date"
                autoComplete="bday"
                max={today}
                values={values}
                errors={errors}
              />
              <Select name="nationalite" label="Nationalité" options={NATIONALITES} values={values} errors={errors} />
              <Field
                name="email"
                label="Email"
                type="email"
                required
                autoComplete="email"
                inputMode="email"
                values={values}
                errors={errors}
              />
              <Field
                name="telephone"
                label="Téléphone"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                values={values}
                errors={errors}
              />
              <Field name="adresse" label="Adresse" autoComplete="address-line1" values={values} errors={errors} />
              <Field
                name="adresse_complement"
                label="Complément d'adresse"
                autoComplete="address-line2"
                values={values}
                errors={errors}
              />
              <Field
                name="code_postal"
                label="Code postal"
                autoComplete="postal-code"
                inputMode="numeric"
                values={values}
                errors={errors}
              />
              <Field name="ville" label="Ville" autoComplete="address-level2" values={values} errors={errors} />
              <Select name="pays" label="Pays" options={PAYS} values={values} errors={errors} />
              <Field name="club" label="Club" values={values} errors={errors} />
              <Field name="contact_urgence_nom" label="Contact d'urgence (nom)" values={values} errors={errors} />
              <Field
                name="contact_urgence_telephone"
                label="Contact d'urgence (téléphone)"
                type="tel"
                inputMode="tel"
                values={values}
                errors={errors}
              />
            </div>
            <label className="checkbox">
              <input type="checkbox" name="apparaitre_resultats" defaultChecked={values.apparaitre_resultats} />
              <span>Apparaître dans les résultats officiels publiés</span>
            </label>
          </fieldset>

          {needsJustificatif ? (
            <fieldset className="card reg-block">
              <legend>Justificatif</legend>
              <div
                className="justificatif-choice"
                id="f-justificatif"
                tabIndex={-1}
                role="radiogroup"
                aria-label="Justificatif"
              >
                <label className="checkbox">
                  <input
                    type="radio"
                    name="justificatif_type"
                    value="licence"
                    defaultChecked={justificatif !== "pps"}
                  />{" "}
                  Licence FFA
                </label>
                <label className="checkbox">
                  <input type="radio" name="justificatif_type" value="pps" defaultChecked={justificatif === "pps"} />{" "}
                  PPS (Pass Prévention Santé)
                </label>
              </div>
              {errors.justificatif_type ? <p className="field-error">{errors.justificatif_type}</p> : null}
              {/* Only the chosen justificatif's field is in the form, so the other one is never sent. */}
              {justificatif === "pps" ? (
                <>
                  <Field
                    key="pps"
                    name="pps_identifier"
                    label="Identifiant PPS"
                    values={values}
                    errors={errors}
                    hint="Le numéro figurant sur votre attestation PPS (par exemple P9F28C586EB)."
                  />
                  <Field
                    key="pps-exp"
                    name="pps_expiration"
                    label="Fin de validité du PPS"
                    type="date"
                    values={values}
                    errors={errors}
                    hint="Le PPS doit être valable le jour de la course."
                  />
                </>
              ) : (
                <Field
                  key="licence"
                  name="numero_licence"
                  label="Numéro de licence"
                  values={values}
                  errors={errors}
                  hint="Licence FFA Athlé Compétition, Entreprise, Running ou Pass' J'aime Courir."
                />
              )}
              <JustificatifDocumentField doc={document} error={result?.documentError} />
            </fieldset>
          ) : (
            <p className="card reg-block hint" data-testid="sans-justificatif">
              Randonnée non chronométrée&nbsp;: aucun justificatif (licence ou PPS) n'est demandé.
            </p>
          )}

          {chosen && chosen.stock_repas > 0 ? (
            <fieldset className="card reg-block">
              <legend>Repas</legend>
              <div className="field">
                <label htmlFor="f-nombre_repas">Nombre de repas ({formatEuros(chosen.prix_repas_cents)} l'unité)</label>
                <input
                  id="f-nombre_repas"
                  name="nombre_repas"
                  type="number"
                  min={0}
                  max={chosen.stock_repas}
                  step={1}
                  inputMode="numeric"
                  defaultValue={values.nombre_repas || "0"}
                  aria-invalid={errors.nombre_repas ? true : undefined}
                  aria-describedby={errors.nombre_repas ? "f-nombre_repas-error" : "f-nombre_repas-hint"}
                />
                <p id="f-nombre_repas-hint" className="hint">
                  {mealsLeft(chosen) > 0
                    ? `Il reste ${mealsLeft(chosen)} repas sur ${chosen.stock_repas}.`
                    : "Il n'y a plus de repas disponibles pour ce format."}
                </p>
                {errors.nombre_repas ? (
                  <p id="f-nombre_repas-error" className="field-error">
                    {errors.nombre_repas}
                  </p>
                ) : null}
              </div>
            </fieldset>
          ) : (
            <input type="hidden" name="nombre_repas" value="0" />
          )}

          <section className="card reg-block reg-summary" aria-labelledby="recap-title" aria-live="polite">
            <h2 id="recap-title">Récapitulatif</h2>
            {chosen && totals ? (
              <dl className="summary-rows">
                <dt>{chosen.nom}</dt>
                <dd>{formatEuros(chosen.prix_cents)}</dd>
                {chosen.stock_repas > 0 ? (
                  <>
                    <dt>Repas × {mealCount ?? 0}</dt>
                    <dd>{formatEuros(totals.repasCents)}</dd>
                  </>
                ) : null}
                <dt className="summary-total">Total</dt>
                <dd className="summary-total" data-testid="total">
                  {formatEuros(totals.totalCents)}
                </dd>
              </dl>
            ) : (
              <p className="muted">{REGISTRATION_MSG.format}</p>
            )}
            <p className="hint">
              Votre place est réservée 30 minutes pendant le paiement. En cas d'annulation, le{" "}
              <Link to={paths.refundPolicy()}>barème de remboursement</Link> s'applique ({refundScaleSentence()}).
            </p>
            {transferRules ? (
              <p className="hint" data-testid="transfer-rules-registration">
                {transferRules}
              </p>
            ) : null}
            {waitlisted ? (
              <p className="hint" id="waitlist-hint">
                Ce format est complet. Rejoignez sa liste d'attente sans rien payer maintenant&nbsp;: dès qu'une place
                se libère, elle est proposée dans l'ordre d'arrivée, par e-mail, avec {OFFER_HOURS}&nbsp;h pour payer (
                {OFFER_HOURS_NEAR_RACE}&nbsp;h à moins d'une semaine de la course).
              </p>
            ) : null}
            <div className="reg-actions">
              {waitlisted ? (
                <button
                  type="submit"
                  name="intent"
                  value="liste_attente"
                  className="btn btn-primary btn-pay"
                  disabled={joining}
                  aria-describedby="waitlist-hint"
                >
                  {joining ? "Inscription sur la liste…" : "Rejoindre la liste d'attente"}
                </button>
              ) : (
                <button
                  type="submit"
                  name="intent"
                  value="payer"
                  className="btn btn-primary btn-pay"
                  disabled={busy}
                  aria-disabled={busy}
                >
                  {busy ? "Redirection vers Stripe…" : totals ? `Payer ${formatEuros(totals.totalCents)}` : "Payer"}
                </button>
              )}
              {!hydrated ? (
                <button type="submit" name="intent" value="actualiser" className="btn btn-ghost" formNoValidate>
                  Actualiser
                </button>
              ) : null}
            </div>
          </section>
        </Form>
      )}
    </section>
  );
}
