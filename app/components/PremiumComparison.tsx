// The free and Premium plans side by side (the home page and /premium), with the spec's texts. Each Premium line is a
// tool that exists (issue 47): /fonctionnalites says exactly what each one does.
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
        <ul className="checklist">
          {FREE_FEATURES.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      </div>
      <div className="card plan plan-premium">
        <H>Premium</H>
        <p className="plan-price">
          49,00&nbsp;€ <span className="muted small">/ an</span>
        </p>
        <ul className="checklist">
          <li>Tout le gratuit</li>
          {PREMIUM_FEATURES.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
