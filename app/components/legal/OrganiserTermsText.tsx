import { Link } from "~/components/Link";
import * as paths from "~/domain/paths";

/** The text of the organisers' terms of sale (/legal/cgv-organisateurs). */
export function OrganiserTermsText() {
  return (
    <>
      <h2>1. Rôle de l'organisateur</h2>
      <p>
        L'organisateur publie ses épreuves et leurs formats, fixe les prix, les quotas et le règlement, et reste seul
        responsable du déroulement de l'épreuve, des autorisations administratives et de l'assurance. Balise fournit la
        page publique, l'inscription en ligne et l'encaissement.
      </p>
      <h2>2. Encaissement et reversements</h2>
      <p>
        Les paiements des coureurs sont encaissés par la plateforme puis reversés sur le compte de paiement connecté de
        l'organisateur, ouvert auprès de notre prestataire de paiement. Avant de publier et d'encaisser, l'organisateur
        configure ce compte et accepte les présentes conditions. Par défaut, 95&nbsp;% du montant net est reversé
        automatiquement le lendemain (J+1) ; un acompte peut être demandé.
      </p>
      <h2>3. Commission de la plateforme</h2>
      <p>
        La commission de la plateforme est un pourcentage du montant total payé par le coureur, affiché dans l'espace
        d'administration pour chaque paiement&nbsp;: 5&nbsp;% par défaut. Les frais du prestataire de paiement s'y
        ajoutent.
      </p>
      <h2>4. Relation avec les participants</h2>
      <p>L'organisateur s'engage à répondre aux questions des participants dans un délai de 72 heures.</p>
      <h2>5. Lutte contre la fraude</h2>
      <p>
        En cas de suspicion de fraude, la plateforme peut geler les fonds, annuler des ventes et informer les autorités
        compétentes.
      </p>
      <h2>6. Rétrofacturations</h2>
      <p>Les rétrofacturations (contestations de paiement) et leurs frais sont déductibles des reversements.</p>
      <h2>7. Remboursements</h2>
      <p>
        Les règles d'annulation sont fixées par l'organisateur ; à défaut, le{" "}
        <Link to={paths.refundPolicy()}>barème de remboursement de la plateforme</Link> s'applique.
      </p>
      <p>
        Quand l'organisateur annule lui-même une inscription payée, le coureur est remboursé intégralement, frais
        compris, et reçoit le motif indiqué. Les frais de ce paiement (frais du prestataire et commission de la
        plateforme) restent à la charge de l'organisateur : ils sont déduits de ses versements suivants.
      </p>
    </>
  );
}
