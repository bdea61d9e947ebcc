import { Link } from "~/components/Link";
import { RefundScaleTable } from "~/components/RefundScaleTable";
import * as paths from "~/domain/paths";

/** The text of the refund policy (/legal/remboursements). */
export function RefundPolicyText() {
  return (
    <>
      <p>
        Chaque organisateur fixe ses propres règles d'annulation dans le règlement de son épreuve. À défaut de règle
        plus favorable, le barème de la plateforme ci-dessous s'applique à toute annulation demandée par le coureur
        depuis la page « Mon inscription ».
      </p>
      <h2>Barème</h2>
      <RefundScaleTable />
      <h2>Montant remboursable</h2>
      <p>
        Le pourcentage s'applique au montant payé <strong>diminué des frais non remboursables</strong> : les frais du
        prestataire de paiement et la commission de la plateforme. Les montants sont calculés au centime près ; le
        montant estimé vous est présenté avant toute confirmation.
      </p>
      <p>
        Le nombre de jours est compté en jours calendaires entre la date de la demande (heure de Paris) et la date de
        l'épreuve. Une demande faite exactement 30 jours avant l'épreuve relève de la tranche de 50&nbsp;%.
      </p>
      <h2>Délai et moyen de remboursement</h2>
      <p>
        Le remboursement est effectué sur la carte utilisée lors du paiement, généralement sous 5 à 10 jours ouvrés
        selon votre banque. Un e-mail vous confirme l'annulation et le montant remboursé.
      </p>
      <h2>Annulation par l'organisateur</h2>
      <p>
        Si l'organisateur annule l'épreuve, il lui appartient de rembourser les participants selon son règlement ; la
        plateforme l'accompagne dans cette démarche. Les dossards ne sont ni cessibles ni revendables.
      </p>
      <p>
        Voir aussi les <Link to={paths.organiserTerms()}>CGV organisateurs</Link> et la{" "}
        <Link to={paths.organiserCharter()}>charte organisateur</Link>.
      </p>
    </>
  );
}
