import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "~/components/Link";
import { PremiumComparison } from "~/components/PremiumComparison";
import * as paths from "~/domain/paths";

export const meta: MetaFunction = () => [
  { title: "Balise Premium — 49\u00a0€ par an" },
  {
    name: "description",
    content:
      "Plans d'entraînement, estimation de temps, export montre, synchronisation d'activités\u00a0: Balise Premium pour 49\u00a0€ par an.",
  },
];

export default function Premium() {
  return (
    <section className="container page">
      <h1>Balise Premium</h1>
      <p className="lead">Préparez vos courses avec des outils d'entraînement&nbsp;: 49&nbsp;€ par an.</p>
      <PremiumComparison headingLevel={2} />
      <p className="alert alert-info" role="note">
        L'abonnement Premium n'est pas encore en vente&nbsp;: l'achat en ligne ouvrira prochainement. Les
        fonctionnalités gratuites sont disponibles dès aujourd'hui.
      </p>
      <p>
        <Link to={paths.eventsPage()} className="btn btn-primary">
          Trouver une course
        </Link>
      </p>
    </section>
  );
}
