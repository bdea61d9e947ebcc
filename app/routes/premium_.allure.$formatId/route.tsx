// /premium/allure/{formatId}: the interactive pace comparator (issue 47, decision 0226). Premium only
// (requirePremium). The format's elevation profile; a GET form takes one or two target times and the page gives
// the pace per segment and the arrival at each aid station; ?impression=1 is the printable pace card. With
// JavaScript a slider moves the target and the splits are recomputed in the browser.
import { data } from "@remix-run/cloudflare";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ElevationProfile } from "~/components/catalogue/ElevationProfile";
import { Link } from "~/components/Link";
import { AidStationsNote, CourseFacts, NoCourseNotice, RaceToolHeading } from "~/components/race-tools/RaceToolNotice";
import * as paths from "~/domain/paths";
import { readPaceQuery } from "~/domain/race-tools-forms";
import { loadRaceTool } from "~/services/race-tools.server";
import { requirePremium } from "~/services/subscriptions.server";
import catalogueCss from "~/styles/catalogue.css?url";
import raceToolsCss from "~/styles/race-tools.css?url";
import { notFoundOrRethrow } from "~/utils/domain-errors";
import { PaceCard } from "./PaceCard";
import { PaceForm } from "./PaceForm";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogueCss },
  { rel: "stylesheet", href: raceToolsCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  noindexMeta(
    data ? `Comparateur d'allure — ${data.tool.format.nom} | Balise Premium` : "Comparateur d'allure | Balise",
  );

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePremium(request, context);
  const tool = await loadRaceTool(context, params.formatId ?? "").catch(notFoundOrRethrow);
  const search = new URL(request.url).searchParams;
  const form = readPaceQuery(search);
  return data(
    {
      tool,
      values: form.values,
      errors: form.submitted ? form.errors : null,
      targets: form.submitted ? form.targets : null,
      printing: search.get("impression") === "1",
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function PacePage() {
  const { tool, values, errors, targets, printing } = useLoaderData<typeof loader>();
  const c = tool.kind === "ok" ? tool.course : null;
  return (
    <section className="container page race-tool">
      <RaceToolHeading title="Comparateur d'allure" format={tool.format} />
      <NoCourseNotice tool={tool} />
      {tool.kind === "ok" && c ? (
        <>
          {!printing ? (
            <div className="no-print">
              {c.profile ? (
                <ElevationProfile
                  points={c.profile.points}
                  distanceKm={c.distanceKm}
                  dplus={c.dplus}
                  dmoins={c.dmoins}
                  minEle={c.profile.minEle}
                  maxEle={c.profile.maxEle}
                  stations={c.stations}
                />
              ) : null}
              <CourseFacts tool={tool} />
              <PaceForm values={values} errors={errors} />
              <p>
                <Link to={paths.premiumEstimate(tool.format.id)}>Estimer mon temps à partir de mon indice</Link>
              </p>
            </div>
          ) : null}
          <AidStationsNote tool={tool} />
          {targets ? (
            <PaceCard key={targets.join("-")} format={tool.format} course={c} targets={targets} printing={printing} />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
