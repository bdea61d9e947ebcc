import { RETENTION_RULES } from "~/domain/retention";

/** The text of the privacy policy (/confidentialite). */
export function PrivacyText() {
  return (
    <>
      <h2>Données collectées</h2>
      <p>
        Compte (e-mail, mot de passe chiffré), profil coureur (identité, coordonnées, club, justificatif licence ou PPS,
        contact d'urgence), inscriptions et paiements. Les données de carte bancaire sont traitées par notre prestataire
        de paiement et ne transitent jamais par nos serveurs.
      </p>
      <h2>Finalités</h2>
      <p>
        Gérer votre compte et vos inscriptions, transmettre à l'organisateur les informations nécessaires à l'épreuve,
        encaisser et rembourser, vous envoyer les e-mails transactionnels (confirmation, annulation, mot de passe).
      </p>
      <h2>Résultats publics</h2>
      <p>
        Vous choisissez d'apparaître ou non dans les résultats officiels publiés (case « Apparaître dans les résultats
        publics »). Ce choix est modifiable depuis votre profil et chaque inscription.
      </p>
      <h2>Données de santé</h2>
      <p>
        Le numéro de licence ou l'identifiant PPS sont des données sensibles&nbsp;: ils ne sont visibles que de vous et
        de l'organisateur de l'épreuve, et sont supprimés ou anonymisés à l'issue de la durée de conservation.
      </p>
      <h2>Destinataires</h2>
      <p>
        L'organisateur de l'épreuve à laquelle vous vous inscrivez (et les co-organisateurs qu'il a désignés) reçoit les
        informations de votre inscription. Notre prestataire de paiement (Stripe) traite le paiement et les
        remboursements, notre prestataire d'envoi d'e-mails achemine les messages, et notre hébergeur (Cloudflare)
        héberge le service. Aucune donnée n'est vendue ni transmise à des fins publicitaires.
      </p>
      <h2>Conservation</h2>
      <p>
        Votre compte et vos inscriptions sont conservés tant que votre compte existe. Les pièces comptables (montants,
        dates, frais, reversements) sont conservées 10 ans, sans donnée personnelle au-delà de ce qu'exige la loi. Les
        durées suivantes sont appliquées automatiquement&nbsp;:
      </p>
      <ul>
        {RETENTION_RULES.map((r) => (
          <li key={r.key}>
            <strong>{r.donnees}</strong>&nbsp;: {r.duree}. {r.fin}
          </li>
        ))}
      </ul>
      <h2>Vos droits</h2>
      <p>
        Accès, rectification, effacement, limitation, portabilité et opposition&nbsp;: écrivez-nous via la page Contact.
        Vous pouvez aussi saisir la CNIL.
      </p>
      <h2>Cookies</h2>
      <p>
        Balise n'utilise que des cookies nécessaires&nbsp;: la session de connexion, le mode d'affichage (coureur ou
        organisateur) et, pendant cinq minutes après un enregistrement, un repère technique qui vous montre vos propres
        modifications aussitôt (il ne contient aucune donnée personnelle). Aucun cookie publicitaire.
      </p>
    </>
  );
}
