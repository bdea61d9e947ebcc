// /premium/plan/seance/{id}: one session of the runner's plan (issue 47, decision 0227), for its owner only (another
// runner's id answers 404): its steps, and « Expliquer cette séance », a GET form whose answer is the @IA assistant's
// explanation from the session's facts (the plan itself is made by rules). Works without JavaScript.
import { data } from "@remix-run/cloudflare";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { formatKm, formatMeters } from "~/domain/format";
import * as paths from "~/domain/paths";
import { requirePremium } from "~/services/subscriptions.server";
import { sessionPage } from "~/services/training-plan.server";
import planCss from "~/styles/plan.css?url";
import { notFoundOrRethrow } from "~/utils/domain-errors";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: planCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  noindexMeta(data ? `${data.line.title} — Mon plan — Balise` : "Séance — Balise");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePremium(request, context);
  const explain = new URL(request.url).searchParams.get("expliquer") === "1";
  const page = await sessionPage(context, user.id, params.id ?? "", explain).catch(notFoundOrRethrow);
  const { line, steps, explanation, assistant, facts } = page;
  return data(
    { line, steps, explanation, assistant, phase: facts.phase, week: facts.week, weeks: facts.weeks },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function PlanSessionPage() {
  const { line, steps, explanation, assistant, week, weeks } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  return (
    <section className="container page plan-page">
      <p>
        <Link to={paths.premiumPlan()}>← Mon plan d'entraînement</Link>
      </p>
      <h1>{line.title}</h1>
      <p className="lead">
        {line.dateLabel} · {line.kindLabel} · semaine {week} sur {weeks}
      </p>
      <p>
        Durée&nbsp;: {line.duration}
        {line.distanceKm ? ` · environ ${formatKm(line.distanceKm)}` : null}
        {line.dplusM ? ` · ${formatMeters(line.dplusM)} de D+` : null}
      </p>
      <h2>Déroulé</h2>
      <ol className="plan-steps">
        {steps.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the steps are a fixed list, in order
          <li key={i}>{s}</li>
        ))}
      </ol>
      <h2>Exporter</h2>
      <p className="plan-exports">
        <a href={paths.premiumPlanSessionZwo(line.id)} className="btn btn-ghost" download>
          Télécharger pour Zwift (.zwo)
        </a>{" "}
        <a href={paths.premiumPlanSessionFit(line.id)} className="btn btn-ghost" download>
          Télécharger pour ma montre (.FIT)
        </a>
      </p>
      <p className="muted small">
        Le fichier .FIT s'importe dans Garmin Connect (ou l'application de votre montre) comme un entraînement. Les
        allures cibles suivent votre allure seuil quand vous l'avez donnée dans le plan.
      </p>
      <Form method="get" className="plan-explain">
        <input type="hidden" name="expliquer" value="1" />
        <button type="submit" className="btn btn-primary" disabled={loading}>
          {loading ? "L'assistant réfléchit…" : "Expliquer cette séance"}
        </button>
      </Form>
      {explanation ? (
        <section className="card tool-card plan-explanation" aria-labelledby="explication" role="status">
          <h2 id="explication">L'explication de l'assistant @IA</h2>
          {explanation.split("\n").map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one answer, in order
            <p key={i}>{p}</p>
          ))}
          <p className="muted small">
            {assistant === "workers-ai"
              ? "Réponse rédigée par un modèle de langage à partir des faits de la séance."
              : "Réponse rédigée à partir des faits de la séance."}{" "}
            Le plan, lui, est calculé par des règles&nbsp;; en cas de douleur ou de doute, demandez l'avis d'un médecin.
          </p>
        </section>
      ) : null}
    </section>
  );
}
