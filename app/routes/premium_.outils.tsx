// /premium/outils: a subscriber's Premium tools (issue 47). The course tools work on a format: the runner's coming
// races with a GPX are listed here; any other format's estimate is reached from its card on the event page.
import { data } from "@remix-run/cloudflare";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { formatDate } from "~/domain/format";
import * as paths from "~/domain/paths";
import { premiumRaces } from "~/services/premium-tools.server";
import { requirePremium } from "~/services/subscriptions.server";
import premiumToolsCss from "~/styles/premium-tools.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: premiumToolsCss }];

export const meta: MetaFunction = () => [{ title: "Mes outils Premium — Balise" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePremium(request, context);
  const races = await premiumRaces(context, user.id);
  return data({ races }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function PremiumTools() {
  const { races } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <p className="muted small">
        <Link to={paths.premium()}>Balise Premium</Link>
      </p>
      <h1>Mes outils Premium</h1>
      <h2>Mes courses</h2>
      {races.length === 0 ? (
        <p className="muted">
          Aucune course à venir avec un tracé GPX parmi vos inscriptions. L'estimation de temps et le comparateur
          d'allure s'ouvrent aussi depuis la fiche de chaque format (lien «&nbsp;Estimer mon temps&nbsp;»).
        </p>
      ) : (
        <ul className="tool-list" data-testid="premium-races">
          {races.map((r) => (
            <li key={r.formatId}>
              <strong>
                {r.courseNom} — {r.formatNom}
              </strong>
              {r.date ? <span className="muted"> · {formatDate(r.date)}</span> : null}
              <br />
              <Link to={paths.premiumEstimate(r.formatId)}>Estimer mon temps</Link> ·{" "}
              <Link to={paths.premiumPace(r.formatId)}>Comparateur d'allure</Link>
            </li>
          ))}
        </ul>
      )}
      <h2>Préparation</h2>
      <ul className="tool-list">
        <li>
          <Link to={paths.premiumPlan()}>Mon plan d'entraînement</Link>
          <span className="muted"> — séances, exports .zwo et .FIT, agenda</span>
        </li>
        <li>
          <Link to={paths.premiumActivities()}>Mes activités</Link>
          <span className="muted"> — import .gpx, .fit, .tcx et synchronisation Strava</span>
        </li>
        <li>
          <Link to={paths.premiumFeedback()}>Mon bilan de la semaine</Link>
          <span className="muted"> — prévu et réalisé, tendance vers la course</span>
        </li>
      </ul>
    </section>
  );
}
