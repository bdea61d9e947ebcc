// /premium/plan: the runner's training plan (issue 47, decisions 0227 and 0228), for Premium runners only. A form
// generates the plan (the race from the runner's registrations or typed), then the page shows it by weeks, with the
// calendar feed's address and its 'Nouveau lien'. Every loader and action starts with requirePremium.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { Link } from "~/components/Link";
import { Notice } from "~/components/form/Notice";
import { fieldErrors } from "~/domain/form-errors";
import * as paths from "~/domain/paths";
import { PlanFormSchema, planFormInput } from "~/domain/training-plan-form";
import { requirePremium } from "~/services/subscriptions.server";
import planCss from "~/styles/plan.css?url";
import { generatePlan, planPage, rotatePlanCalendar } from "~/services/training-plan.server";
import { errorToShow, notFoundOrRethrow } from "~/utils/domain-errors";
import { CalendarBlock, PlanWeeks } from "./PlanWeeks";
import { PlanForm } from "./PlanForm";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: planCss }];
export const meta: MetaFunction = () => noindexMeta("Mon plan d'entraînement — Balise Premium");

/** Success messages after a redirect: a fixed table, never text from the URL. */
const MESSAGES: Record<string, string> = {
  genere: "Votre plan est prêt.",
  "nouveau-lien": "Nouveau lien de calendrier créé\u00a0: l'ancien ne fonctionne plus.",
};

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePremium(request, context);
  const page = await planPage(context, user.id);
  const message = new URL(request.url).searchParams.get("message");
  return data({ ...page, message: message ? (MESSAGES[message] ?? null) : null }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePremium(request, context);
  const form = await request.formData();
  if (form.get("intent") === "nouveau-lien") {
    await rotatePlanCalendar(context, user.id).catch(notFoundOrRethrow);
    return redirect(paths.premiumPlan({ message: "nouveau-lien" }));
  }
  const values = planFormInput(form);
  const parsed = PlanFormSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  try {
    await generatePlan(context, user.id, parsed.data, values);
  } catch (e) {
    const err = errorToShow(e);
    return data({ errors: { [err.field ?? "form"]: err.message }, values }, { status: err.status });
  }
  return redirect(paths.premiumPlan({ message: "genere" }));
}

export default function PremiumPlanPage() {
  const page = useLoaderData<typeof loader>();
  const { result, busy, errors } = useFormResult<typeof action>();
  return (
    <section className="container page plan-page">
      <p>
        <Link to={paths.premium()}>← Balise Premium</Link>
      </p>
      <h1>Mon plan d'entraînement</h1>
      <p className="lead">
        Un plan par semaines jusqu'à votre course&nbsp;: base, développement, affûtage puis relâchement. Il est calculé
        par des règles simples et prudentes (progression du volume de 10&nbsp;% au plus par semaine, une semaine allégée
        toutes les quatre, relâchement avant la course)&nbsp;; l'assistant @IA explique chaque séance.
      </p>
      <Notice kind="success">{page.message}</Notice>
      {page.plan ? (
        <>
          <h2>
            {page.plan.raceName} — {page.plan.raceDateLabel}
          </h2>
          <p className="muted">
            {page.plan.thresholdPace
              ? `Allures calculées avec votre allure seuil de ${page.plan.thresholdPace}\u00a0min/km.`
              : "Sans allure seuil, les durées sont calculées sur 5:30\u00a0min/km au seuil\u00a0: indiquez la vôtre pour les ajuster."}
          </p>
          <PlanWeeks weeks={page.plan.weeks} />
          <CalendarBlock calendarUrl={page.plan.calendarUrl} webcalUrl={page.plan.webcalUrl} />
        </>
      ) : null}
      <PlanForm
        races={page.races}
        values={result?.values ?? page.values}
        errors={errors}
        busy={busy}
        hasPlan={page.plan !== null}
      />
    </section>
  );
}
