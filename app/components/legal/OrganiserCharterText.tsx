import { Link } from "~/components/Link";
import * as paths from "~/domain/paths";
import { retentionRule } from "~/domain/retention";

/** The text of the organisers' charter (/legal/charte-organisateur). */
export function OrganiserCharterText() {
  return (
    <>
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
      <RunnerData />
      <p>
        Voir les <Link to={paths.organiserTerms()}>CGV organisateurs</Link> et la{" "}
        <Link to={paths.refundPolicy()}>politique de remboursement</Link>.
      </p>
    </>
  );
}

/** What the organiser may and may not do with the registrants' data (issue 45); durations read from the rules. */
function RunnerData() {
  const documents = retentionRule("justificatifs");
  const registrations = retentionRule("inscriptions_sans_compte");
  return (
    <>
      <h2 id="donnees-coureurs">Données personnelles des coureurs</h2>
      <p>
        Les informations des inscrits (identité, coordonnées, date de naissance, contact d'urgence, club, licence ou
        PPS, repas) sont transmises à l'organisateur pour la seule organisation de son épreuve. Il en est responsable et
        s'engage à les traiter dans le respect du RGPD.
      </p>
      <h3>Ce que l'organisateur peut faire</h3>
      <ul>
        <li>
          Utiliser les données uniquement pour l'épreuve&nbsp;: gestion des inscriptions, retrait des dossards, sécurité
          et secours, chronométrage, résultats, assurance et obligations fédérales.
        </li>
        <li>
          Exporter la liste des inscrits uniquement pour l'épreuve (dossards, chronométreur, équipe de secours)&nbsp;:
          chaque export est inscrit au journal des actions, avec son auteur et sa date.
        </li>
        <li>
          Écrire aux inscrits au sujet de l'épreuve (horaires, parcours, consignes de sécurité, modification ou
          annulation).
        </li>
      </ul>
      <h3>Ce que l'organisateur ne peut pas faire</h3>
      <ul>
        <li>Vendre, louer, échanger ou céder les données des coureurs, à qui que ce soit.</li>
        <li>
          Envoyer de la prospection commerciale (lettre d'information, autres épreuves, offres de partenaires) sans le
          consentement préalable et explicite du coureur.
        </li>
        <li>
          Utiliser la licence, le PPS ou le certificat médical à une autre fin que la vérification de l'aptitude à
          courir, ni en garder de copie.
        </li>
      </ul>
      <h3>Conservation et suppression après l'épreuve</h3>
      <p>
        L'organisateur ne garde pas les données plus longtemps que Balise et efface ses propres copies (exports,
        tableurs, impressions) au plus tard aux mêmes échéances&nbsp;:
      </p>
      <ul>
        <li>
          <strong>{documents.donnees}</strong>&nbsp;: {documents.duree}.
        </li>
        <li>
          <strong>{registrations.donnees}</strong>&nbsp;: {registrations.duree}.
        </li>
        <li>Les exports des inscrits&nbsp;: dès que l'épreuve et ses réclamations sont closes.</li>
      </ul>
      <h3>Les droits des coureurs</h3>
      <p>
        Chaque coureur peut obtenir une copie de ses données depuis <Link to={paths.myData()}>Mes données</Link> et
        supprimer son compte depuis <Link to={paths.deleteAccount()}>Supprimer mon compte</Link>. Il peut aussi demander
        à l'organisateur de corriger ou d'effacer ses informations&nbsp;: l'organisateur répond dans un délai d'un mois
        et, pour une inscription refusée ou annulée, efface ses données personnelles depuis la fiche de l'inscrit sur
        Balise.
      </p>
    </>
  );
}
