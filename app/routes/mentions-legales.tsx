import type { MetaFunction } from "@remix-run/cloudflare";
import { LegalPage } from "~/components/LegalPage";
import { STATIC_PAGE } from "~/components/islands";

/** Served without React: HTML and CSS (docs/decisions/0222). */
export const handle = STATIC_PAGE;

export const meta: MetaFunction = () => [{ title: "Mentions légales — Balise" }];

export default function MentionsLegales() {
  return (
    <LegalPage title="Mentions légales">
      <h2>Éditeur</h2>
      <p>
        Balise SAS, société par actions simplifiée, siège social en France. Directeur de la publication&nbsp;: le
        président de Balise SAS. Contact&nbsp;: <a href="mailto:contact@balise.test">contact@balise.test</a>.
      </p>
      <h2>Hébergement</h2>
      <p>
        Le site est hébergé sur l'infrastructure de Cloudflare, Inc. (réseau mondial ; données de la base hébergées dans
        l'Union européenne).
      </p>
      <h2>Paiements</h2>
      <p>
        Les paiements par carte sont traités par un prestataire de paiement agréé ; les reversements aux organisateurs
        passent par leurs comptes de paiement connectés.
      </p>
      <h2>Propriété intellectuelle</h2>
      <p>
        Les textes, photos et traces GPX publiés par les organisateurs restent leur propriété. Le reste du site est
        protégé par le droit d'auteur.
      </p>
    </LegalPage>
  );
}
