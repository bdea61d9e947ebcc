import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "~/components/Link";
import { LegalPage } from "~/components/LegalPage";
import * as paths from "~/domain/paths";
import { STATIC_PAGE } from "~/components/islands";

/** Served without React: HTML and CSS (docs/decisions/0222). */
export const handle = STATIC_PAGE;

export const meta: MetaFunction = () => [
  { title: "Charte organisateur — Balise" },
  { name: "description", content: "Les engagements des organisateurs qui publient sur Balise." },
];

export default function CharteOrganisateur() {
  return (
    <LegalPage title="Charte organisateur">
      <p>En publiant une épreuve sur Balise, l'organisateur s'engage à respecter cette charte (version 2025-08-17).</p>
      <h2>Informations exactes</h2>
      <p>
        Dates, horaires, distances, dénivelés, prix, ravitaillements, règlement et conditions de participation sont
        publiés de bonne foi et tenus à jour. Toute modification importante est signalée aux inscrits.
      </p>
      <h2>Réponse aux participants sous 72 h</h2>
      <p>L'organisateur répond aux questions et réclamations des participants dans un délai de 72 heures.</p>
      <h2>Lutte contre la fraude</h2>
      <p>
        L'organisateur ne crée pas de fausses inscriptions et signale tout comportement suspect. En cas de fraude, les
        fonds peuvent être gelés, les ventes annulées et les autorités informées.
      </p>
      <h2>Rétrofacturations</h2>
      <p>Les rétrofacturations et les frais associés sont déduits des reversements de l'organisateur.</p>
      <h2>Commission</h2>
      <p>
        La plateforme perçoit une commission de 5&nbsp;% du montant payé par le coureur (pourcentage affiché pour chaque
        paiement) ; 95&nbsp;% du net est reversé à J+1, avec un acompte possible sur demande.
      </p>
      <h2>Sécurité des coureurs</h2>
      <p>
        L'organisateur vérifie les licences et les Pass Prévention Santé (PPS) requis, et respecte les limites d'âge et
        de distance des catégories jeunes.
      </p>
      <p>
        Voir les <Link to={paths.organiserTerms()}>CGV organisateurs</Link> et la{" "}
        <Link to={paths.refundPolicy()}>politique de remboursement</Link>.
      </p>
    </LegalPage>
  );
}
