// /premium/estimation/{formatId}: the finish-time estimate (issue 47, decision 0225). Premium only (requirePremium).
// A GET form takes the runner's reference; the page gives a range, the arrivals at the aid stations and the splits
// per segment, and says the model and its limits. Works without JavaScript.
import { data } from "@remix-run/cloudflare";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AidStationsNote, CourseFacts, NoCourseNotice, RaceToolHeading } from "~/components/race-tools/RaceToolNotice";
import { SplitsTable, StationsTable } from "~/components/race-tools/RaceTables";
import { estimateFinish } from "~/domain/finish-estimate";
import { formatDuration } from "~/domain/format-duration";
import { durationField, splitsFor } from "~/domain/pace-plan";
import * as paths from "~/domain/paths";
import { readEstimateQuery } from "~/domain/race-tools-forms";
import { loadRaceTool } from "~/services/race-tools.server";
import { requirePremium } from "~/services/subscriptions.server";
import catalogueCss from "~/styles/catalogue.css?url";
import raceToolsCss from "~/styles/race-tools.css?url";
import { notFoundOrRethrow } from "~/utils/domain-errors";
import { ModelLimits } from "./ModelLimits";
import { ReferenceForm } from "./ReferenceForm";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogueCss },
  { rel: "stylesheet", href: raceToolsCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Estimation de temps — ${data.tool.format.nom} | Balise Premium` : "Estimation de temps | Balise" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePremium(request, context);
  const tool = await loadRaceTool(context, params.formatId ?? "").catch(notFoundOrRethrow);
  const form = readEstimateQuery(new URL(request.url).searchParams);
  const estimate =
    tool.kind === "ok" && form.submitted && form.reference
      ? estimateFinish(tool.course.effortKm, form.reference)
      : null;
  return data(
    { tool, values: form.values, errors: form.submitted ? form.errors : null, estimate },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function EstimatePage() {
  const { tool, values, errors, estimate } = useLoaderData<typeof loader>();
  return (
    <section className="container page race-tool">
      <RaceToolHeading title="Estimation de temps" format={tool.format} />
      <NoCourseNotice tool={tool} />
      {tool.kind === "ok" ? (
        <>
          <CourseFacts tool={tool} />
          <ReferenceForm values={values} errors={errors} />
          {estimate ? (
            <section aria-labelledby="estimation" data-testid="race-estimate">
              <h2 id="estimation">Votre estimation</h2>
              <p className="race-range">
                Entre <strong>{formatDuration(estimate.fast)}</strong> et{" "}
                <strong>{formatDuration(estimate.slow)}</strong>, temps central {formatDuration(estimate.central)}{" "}
                <span className="muted">(indice retenu&nbsp;: {estimate.index})</span>.
              </p>
              <p>
                <Link
                  to={paths.premiumPace(tool.format.id, { cible: durationField(estimate.central) })}
                  className="btn btn-outline btn-small"
                >
                  Voir la carte d'allure pour ce temps
                </Link>
              </p>
              <h3>Passages aux ravitaillements</h3>
              <AidStationsNote tool={tool} />
              <StationsTable
                stations={tool.course.stations}
                finishKm={tool.course.distanceKm}
                start={tool.format.heureDepart}
                scenarios={[
                  { label: "Rapide", splits: splitsFor(tool.course.segments, estimate.fast) },
                  { label: "Central", splits: splitsFor(tool.course.segments, estimate.central) },
                  { label: "Lent", splits: splitsFor(tool.course.segments, estimate.slow) },
                ]}
              />
              <SplitsTable
                caption="Allure et temps écoulé par tronçon (temps central)"
                scenarios={[{ label: "Central", splits: splitsFor(tool.course.segments, estimate.central) }]}
              />
            </section>
          ) : null}
          <ModelLimits />
        </>
      ) : null}
    </section>
  );
}
