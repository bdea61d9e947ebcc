import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "~/components/Link";

export const meta: MetaFunction = () => [
  { title: "Balise Premium — 49\u00a0€ par an" },
  { name: "description", content: "Plans d'entraînement, estimation de temps, export montre, synchronisation d'activités\u00a0: Balise Premium pour 49\u00a0€ par an." },
];

export const PREMIUM_FEATURES = [
  "Plans d'entraînement personnalisés par IA",
  "Estimation de votre temps d'arrivée (ITRA / UTMB)",
  "Export des séances en .zwo et vers votre montre",
  "Synchronisation de vos activités sportives",
  "Retour hebdomadaire sur votre entraînement",
  "Comparateur d'allure interactif",
];

export const FREE_FEATURES = [
  "Recherche d'épreuves",
  "Inscription et paiement en ligne",
  "Pages des courses avec trace GPX",
  "Lecture de la discussion publique",
];

/** The two plans; `headingLevel` follows the page's outline (h2 under /premium's h1, h3 under the home's h2). */
export function PremiumComparison({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="compare">
      <div className="card plan">
        <H>Gratuit</H>
        <p className="plan-price">0&nbsp;€</p>
        <ul className="checklist">{FREE_FEATURES.map((f) => <li key={f}>{f}</li>)}</ul>
      </div>
      <div className="card plan plan-premium">
        <H>Premium</H>
        <p className="plan-price">49,00&nbsp;€ <span className="muted small">/ an</span></p>
        <ul className="checklist">
          <li>Tout le gratuit</li>
          {PREMIUM_FEATURES.map((f) => <li key={f}>{f}</li>)}
        </ul>
      </div>
    </div>
  );
}

export default function Premium() {
  return (
    <section className="container page">
      <h1>Balise Premium</h1>
      <p className="lead">Préparez vos courses avec des outils d'entraînement&nbsp;: 49&nbsp;€ par an.</p>
      <PremiumComparison headingLevel={2} />
      <p className="alert alert-info" role="note">
        L'abonnement Premium n'est pas encore en vente&nbsp;: l'achat en ligne ouvrira prochainement. Les fonctionnalités
        gratuites sont disponibles dès aujourd'hui.
      </p>
      <p><Link to="/courses" className="btn btn-primary">Trouver une course</Link></p>
    </section>
  );
}
