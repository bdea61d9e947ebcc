import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { TabLink } from "~/components/TabLink";
import * as paths from "~/domain/paths";
import { STATIC_PAGE } from "~/components/islands";
import { publicPageMeta } from "~/utils/meta";

/** Served without React: HTML and CSS (docs/decisions/0222). */
export const handle = STATIC_PAGE;

export const meta: MetaFunction = () =>
  publicPageMeta("Fonctionnalités — Balise", "Ce que Balise apporte aux coureurs et aux organisateurs d'épreuves.");

/** The page's tabs: the `onglet` parameter and its label. */
const TABS = [
  ["coureurs", "Coureurs"],
  ["organisateurs", "Organisateurs"],
] as const;

export function loader({ request }: LoaderFunctionArgs) {
  const tab = new URL(request.url).searchParams.get("onglet");
  return { tab: tab === "organisateurs" ? ("organisateurs" as const) : ("coureurs" as const) };
}

export default function Fonctionnalites() {
  const { tab } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <h1>Fonctionnalités</h1>
      <nav className="tabs" aria-label="Public">
        {TABS.map(([key, label]) => (
          <TabLink key={key} to={`?onglet=${key}`} className="tab" active={tab === key}>
            {label}
          </TabLink>
        ))}
      </nav>
      {tab === "coureurs" ? (
        <div className="tab-panel" data-testid="tab-coureurs">
          <h2>Pour les coureurs</h2>
          <ul className="feature-grid">
            <li className="card">
              <h3>Recherche</h3>
              <p>Trouvez une épreuve par lieu, date, distance et dénivelé, en liste ou sur la carte.</p>
            </li>
            <li className="card">
              <h3>Inscription en quelques secondes</h3>
              <p>
                Formulaire pré-rempli depuis votre profil, paiement par carte, confirmation par e-mail avec QR code.
              </p>
            </li>
            <li className="card">
              <h3>Historique et QR d'accès</h3>
              <p>Retrouvez toutes vos inscriptions et leur QR code dans « Mes inscriptions ».</p>
            </li>
            <li className="card">
              <h3>Places restantes</h3>
              <p>Le nombre de places restantes est affiché, avec une alerte sous le seuil de 10.</p>
            </li>
            <li className="card">
              <h3>Annulation claire</h3>
              <p>Le barème de remboursement est affiché avant le paiement et le montant estimé avant l'annulation.</p>
            </li>
            <li className="card">
              <h3>Vie privée</h3>
              <p>Choisissez d'apparaître ou non dans les résultats publics (RGPD).</p>
            </li>
            <li className="card">
              <h3>Discussion</h3>
              <p>Posez vos questions sous chaque épreuve ; mentionnez @IA pour interroger l'assistant.</p>
            </li>
            <li className="card">
              <h3>Premium</h3>
              <p>
                49&nbsp;€ par an TTC, résiliable à tout moment (actif jusqu'à la fin de la période payée). Il
                donne&nbsp;:
              </p>
              <ul className="premium-tools">
                <li>
                  <strong>Estimation de temps</strong> pour tout format avec un tracé GPX, à partir de votre indice ITRA
                  ou UTMB, du temps d'une course récente, d'un de vos résultats publiés sur Balise ou d'une de vos
                  sorties importées&nbsp;: une fourchette, l'heure de passage à chaque ravitaillement (aussi marqués sur
                  le profil) et la marge sur les barrières horaires. Le modèle (coût de la pente de Minetti, fatigue de
                  Riegel) et ses limites sont expliqués sur la page.
                </li>
                <li>
                  <strong>Comparateur d'allure</strong>&nbsp;: un ou deux temps visés donnent l'allure par segment du
                  profil et les heures de passage, avec une carte d'allure à imprimer.
                </li>
                <li>
                  <strong>Plan d'entraînement</strong> jusqu'à votre course (base, développement, affûtage,
                  relâchement), calculé par des règles prudentes à partir de votre volume et de vos jours
                  disponibles&nbsp;; l'assistant @IA explique chaque séance.
                </li>
                <li>
                  <strong>Exports</strong>&nbsp;: chaque séance en .zwo (Zwift) et en .FIT pour votre montre, le plan en
                  agenda (iCalendar).
                </li>
                <li>
                  <strong>Activités</strong>&nbsp;: import de fichiers .gpx, .fit et .tcx, et synchronisation avec
                  Strava quand le service est configuré.
                </li>
                <li>
                  <strong>Retour hebdomadaire</strong>&nbsp;: chaque lundi, prévu et réalisé (distance, D+, temps), la
                  sortie longue et la tendance vers la course, par e-mail et sur une page.
                </li>
              </ul>
            </li>
          </ul>
          <p>
            <Link to={paths.premium()} className="btn btn-primary">
              Passer en Premium
            </Link>
          </p>
        </div>
      ) : (
        <div className="tab-panel" data-testid="tab-organisateurs">
          <h2>Pour les organisateurs</h2>
          <ul className="feature-grid">
            <li className="card">
              <h3>Création rapide</h3>
              <p>
                Une épreuve, plusieurs formats, en brouillon jusqu'à la publication. Images et GPX par format, règlement
                en PDF.
              </p>
            </li>
            <li className="card">
              <h3>Quotas</h3>
              <p>Un nombre de places par format, jamais dépassé, même lors d'une ouverture très demandée.</p>
            </li>
            <li className="card">
              <h3>Paiements et reversements</h3>
              <p>
                Compte de paiement connecté, commission de 5&nbsp;%, 95&nbsp;% reversés à J+1 et acompte sur demande
                depuis la page Finances de chaque épreuve.
              </p>
            </li>
            <li className="card">
              <h3>Gestion des inscrits</h3>
              <p>Recherche, modification, ajout manuel, dossards et export CSV.</p>
            </li>
            <li className="card">
              <h3>Discussion modérée</h3>
              <p>Une discussion par épreuve, avec modération automatique et assistant IA.</p>
            </li>
            <li className="card">
              <h3>Pages publiques</h3>
              <p>Des pages optimisées pour les moteurs de recherche et le partage.</p>
            </li>
            <li className="card">
              <h3>Journal des actions</h3>
              <p>
                Qui a modifié, annulé ou exporté quoi, et quand&nbsp;: un journal par épreuve, ni modifiable ni
                effaçable.
              </p>
            </li>
            <li className="card">
              <h3>Codes promo</h3>
              <p>
                Pourcentage ou montant, par format, nombre d'utilisations, dates, liste d'e-mails ou code club&nbsp;: la
                remise est affichée avant le paiement.
              </p>
            </li>
            <li className="card">
              <h3>Co-organisateurs</h3>
              <p>
                Invitez votre équipe par e-mail avec des droits ciblés&nbsp;: épreuve, inscriptions ou finances. Vous
                seul gérez l'équipe et le compte de paiement.
              </p>
            </li>
          </ul>
          <p>
            <Link to={paths.organiserSpace()} className="btn btn-primary">
              Accéder à l'espace organisateur
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
