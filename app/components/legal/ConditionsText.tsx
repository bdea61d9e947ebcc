import { Link } from "~/components/Link";
import * as paths from "~/domain/paths";

/** The text of the terms of use (/conditions). */
export function ConditionsText() {
  return (
    <>
      <h2>Objet</h2>
      <p>
        Balise est une plateforme de recherche d'épreuves de trail, de randonnée et de course sur route, d'inscription
        et de paiement en ligne. Les présentes conditions s'appliquent à toute personne qui utilise le site.
      </p>
      <h2>Compte</h2>
      <p>
        La création d'un compte nécessite une adresse e-mail valide, confirmée par un lien, et un mot de passe d'au
        moins 8 caractères. Vous êtes responsable de la confidentialité de vos identifiants.
      </p>
      <h2>Inscriptions</h2>
      <p>
        L'inscription à un format est ferme une fois le paiement validé. Les informations saisies (identité,
        justificatif licence ou PPS, contact d'urgence) doivent être exactes. Les dossards sont personnels&nbsp;: ils ne
        peuvent être ni cédés ni revendus.
      </p>
      <h2>Annulation</h2>
      <p>
        Les annulations suivent le <Link to={paths.refundPolicy()}>barème de remboursement</Link>, présenté avant le
        paiement.
      </p>
      <h2>Discussion</h2>
      <p>
        Les messages publiés sous les épreuves doivent rester courtois. Les messages injurieux sont masqués
        automatiquement et peuvent être signalés ; l'organisateur modère la discussion de son épreuve.
      </p>
      <h2>Responsabilité</h2>
      <p>
        Chaque organisateur est seul responsable de son épreuve. Balise met tout en œuvre pour assurer la disponibilité
        du service sans pouvoir la garantir en permanence.
      </p>
    </>
  );
}
