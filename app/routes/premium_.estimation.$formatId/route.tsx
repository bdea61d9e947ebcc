// /premium/estimation/{formatId}: the finish-time estimate (issue 47, decision 0225). Premium only (requirePremium).
// A GET form takes the runner's reference; the page gives a range, the arrivals at the aid stations and the splits
// per segment, and says the model and its limits. Works without JavaScript.
import { data } from "@remix-run/cloudflare";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ElevationProfile } from "~/components/catalogue/ElevationProfile";
import { Link } from "~/components/Link";
import { AidStationsNote, CourseFacts, NoCourseNotice, RaceToolHeading } from "~/components/race-tools/RaceToolNotice";
import { SplitsTable, StationsTable } from "~/components/race-tools/RaceTables";
import { estimateFinish } from "~/domain/finish-estimate";
import { formatDuration } from "~/domain/format-duration";
import { durationField, splitsFor } from "~/domain/pace-plan";
import * as paths from "~/domain/paths";
import { loadRaceTool } from "~/services/race-tools.server";
import { requirePremium } from "~/services/subscriptions.server";
import catalogueCss from "~/styles/catalogue.css?url";
import raceToolsCss from "~/styles/race-tools.css?url";
import { notFoundOrRethrow } from "~/utils/domain-errors";
import { ModelLimits } from "./ModelLimits";
import { PickedNote } from "./PickedNote";
import { ReferenceChoices } from "./ReferenceChoices";
import { ReferenceForm } from "./ReferenceForm";
import { estimateInput } from "./reference.server";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogueCss },
  { rel: "stylesheet", href: raceToolsCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  noindexMeta(data ? `Estimation de temps — ${data.tool.format.nom} | Balise Premium` : "Estimation de temps | Balise");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePremium(request, context);
  const tool = await loadRaceTool(context, params.formatId ?? "").catch(notFoundOrRethrow);
  const input = tool.kind === "ok" ? await estimateInput(context, user.id, new URL(request.url).searchParams) : null;
  const estimate =
    tool.kind === "ok" && input?.reference ? estimateFinish(tool.course.effortKm, input.reference) : null;
  return data(
    {
      tool,
      values: input?.values ?? null,
      errors: input?.errors ?? null,
      picked: input?.picked ?? null,
      pickError: input?.pickError?.message ?? null,
      choices: input?.choices ?? null,
      estimate,
    },
    { status: input?.pickError?.status ?? 200, headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function EstimatePage() {
  const { tool, values, errors, picked, pickError, choices, estimate } = useLoaderData<typeof loader>();
  return (
    <section className="container page race-tool">
      <RaceToolHeading title="Estimation de temps" format={tool.format} />
      <NoCourseNotice tool={tool} />
      {tool.kind === "ok" ? (
        <>
          {tool.course.profile ? (
            <ElevationProfile
              points={tool.course.profile.points}
              distanceKm={tool.course.distanceKm}
              dplus={tool.course.dplus}
              dmoins={tool.course.dmoins}
              minEle={tool.course.profile.minEle}
              maxEle={tool.course.profile.maxEle}
              stations={tool.course.stations}
            />
          ) : null}
          <CourseFacts tool={tool} />
          {pickError ? (
            <p className="alert alert-error" role="alert" data-testid="race-pick-error">
              {pickError}
            </p>
          ) : null}
          {choices ? <ReferenceChoices choices={choices} /> : null}
          {values ? <ReferenceForm key={JSON.stringify(values)} values={values} errors={errors} /> : null}
          {estimate ? (
            <section aria-labelledby="estimation" data-testid="race-estimate">
              <h2 id="estimation">Votre estimation</h2>
              <p className="race-range">
                Entre <strong>{formatDuration(estimate.fast)}</strong> et{" "}
                <strong>{formatDuration(estimate.slow)}</strong>, temps central {formatDuration(estimate.central)}{" "}
                <span className="muted">(indice retenu&nbsp;: {estimate.index})</span>.
              </p>
              {picked ? <PickedNote picked={picked} /> : null}
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
