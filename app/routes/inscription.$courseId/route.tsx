// /inscription/{courseId}: format choice, runner information (pre-filled from the runner profile), justificatif,
// meals and total, then a place hold and the checkout. Works without JavaScript: 'Actualiser' re-renders the
// form on the server with the right justificatif field and the recalculated total; with JavaScript they update
// as the runner types. One schema (app/domain/registration.ts) for the form and the action.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { type ChangeEvent, useEffect, useState } from "react";
import { Link } from "~/components/Link";
import { Notice } from "~/components/form/Notice";
import { QUEUE_PAGE_TITLE, QueuePanel } from "~/components/QueuePanel";
import { useHydrated } from "~/components/useHydrated";
import { isCompetition } from "~/domain/eligibility";
import { formatAvailability, parseMealCount, REGISTRATION_MSG } from "~/domain/registration";
import styles from "~/styles/registration.css?url";
import * as paths from "~/domain/paths";
import { registrationAction } from "./actions.server";
import { ErrorSummary, type Errors } from "./ErrorSummary";
import { FormatChoice } from "./FormatChoice";
import { JustificatifFields } from "./Justificatif";
import { Meals, Recap } from "./MealsAndTotal";
import { type FormPageData, registrationPage } from "./page-data.server";
import { RunnerFields } from "./RunnerFields";
import { PromoField } from "./PromoField";
import { normaliseCode } from "~/domain/promo-code";
import { reservationNotice } from "~/domain/opening-admission";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  noindexMeta(
    data?.queue
      ? QUEUE_PAGE_TITLE
      : data?.course
        ? `Inscription — ${data.course.nom} — Balise`
        : "Inscription — Balise",
  );

export async function loader(args: LoaderFunctionArgs) {
  return registrationPage(args);
}

export async function action(args: ActionFunctionArgs) {
  return registrationAction(args);
}

/** The form, or the queue while the runner waits for their turn (issue 21). */
export default function Inscription() {
  const d = useLoaderData<typeof loader>();
  return d.queue ? <QueuePanel view={d.queue} /> : <RegistrationForm data={d} />;
}

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
  const [code, setCode] = useState(values.code_promo ?? "");
  useEffect(() => {
    setFormatId(values.format_id);
    setJustificatif(values.justificatif_type || "licence");
    setMeals(values.nombre_repas || "0");
    setCode(values.code_promo ?? "");
  }, [values]);
  // The code the server applied, while it is still the one typed (its discount shows in the summary).
  const promo = result?.promo && normaliseCode(code) === result.promo.code ? result.promo : null;

  const chosen = formats.find((f) => f.id === formatId) ?? null;
  const transferRules = (chosen as { transferRules?: string | null } | null)?.transferRules ?? null;
  const waitlisted = chosen != null && formatAvailability(chosen) === "waitlist";
  // A walk asks for no justificatif (decision 0151); without a format chosen yet, the fields show.
  const needsJustificatif = !chosen || isCompetition(chosen);
  const mealCount = chosen ? parseMealCount(meals, chosen.stock_repas) : 0;

  function onChange(e: ChangeEvent<HTMLFormElement>) {
    const t = e.target as unknown as HTMLInputElement;
    if (t.name === "format_id") setFormatId(t.value);
    if (t.name === "justificatif_type") setJustificatif(t.value);
    if (t.name === "nombre_repas") setMeals(t.value);
    if (t.name === "code_promo") setCode(t.value);
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
          <Notice kind="info">{result ? null : data.draftNotice}</Notice>
          <Notice kind="info">{data.reservedUntil ? reservationNotice(data.reservedUntil) : null}</Notice>
          <ErrorSummary errors={errors} documentError={result?.documentError} stamp={result} />
          <FormatChoice formats={formats} values={values} errors={errors} />
          <RunnerFields values={values} errors={errors} today={today} />
          {needsJustificatif ? (
            <JustificatifFields
              justificatif={justificatif}
              values={values}
              errors={errors}
              document={document}
              documentError={result?.documentError}
            />
          ) : (
            <p className="card reg-block hint" data-testid="sans-justificatif">
              Randonnée non chronométrée&nbsp;: aucun justificatif (licence ou PPS) n'est demandé.
            </p>
          )}
          <Meals chosen={chosen} values={values} errors={errors} />
          {waitlisted ? null : (
            <PromoField defaultValue={values.code_promo ?? ""} applied={promo?.code ?? null} errors={errors} />
          )}
          <Recap
            chosen={chosen}
            mealCount={mealCount}
            transferRules={transferRules}
            waitlisted={waitlisted}
            busy={busy}
            joining={joining}
            hydrated={hydrated}
            promo={promo}
          />
        </Form>
      )}
    </section>
  );
}
