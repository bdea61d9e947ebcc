import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "~/components/Link";

export const meta: MetaFunction = () => [
  { title: "Balise Premium — 49 € par an" },
  { name: "description", content: "Plans d'entraînement, estimation de temps, export montre, synchronisation d'activités : Balise Premium pour 49 € par an." },
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

export function PremiumComparison() {
  return (
    <div className="compare">
      <div className="card plan">
        <h3>Gratuit</h3>
        <p className="plan-price">0 €</p>
        <ul className="checklist">{FREE_FEATURES.map((f) => <li key={f}>{f}</li>)}</ul>
      </div>
      <div className="card plan plan-premium">
        <h3>Premium</h3>
        <p className="plan-price">49,00 € <span className="muted small">/ an</span></p>
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
      <p className="lead">Préparez vos courses avec des outils d'entraînement : 49 € par an.</p>
      <PremiumComparison />
      <p className="alert alert-info" role="note">
        L'abonnement Premium n'est pas encore en vente : l'achat en ligne ouvrira prochainement. Les fonctionnalités
        gratuites sont disponibles dès aujourd'hui.
      </p>
      <p><Link to="/courses" className="btn btn-primary">Trouver une course</Link></p>
    </section>
  );
}
