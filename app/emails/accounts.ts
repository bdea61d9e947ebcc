// E-mails of the account flows.
import { renderEmail, type RenderedEmail } from "./layout";

export function confirmEmailMessage(url: string): RenderedEmail {
  return renderEmail({
    subject: "Confirmez votre adresse email — Balise",
    preheader: "Un clic pour activer votre compte Balise.",
    paragraphs: [
      "Bonjour,",
      "Merci d'avoir créé votre compte Balise. Pour l'activer, confirmez votre adresse email en cliquant sur le bouton ci-dessous.",
    ],
    action: { label: "Confirmer mon adresse email", url },
    footnote:
      "Ce lien est valable 48 heures et ne peut servir qu'une fois. Si vous n'avez pas créé de compte, ignorez cet email.",
  });
}

export function alreadyRegisteredMessage(loginUrl: string, forgotUrl: string): RenderedEmail {
  return renderEmail({
    subject: "Vous avez déjà un compte Balise",
    preheader: "Quelqu'un a essayé de créer un compte avec votre adresse.",
    paragraphs: [
      "Bonjour,",
      "Quelqu'un (peut-être vous) a essayé de créer un compte Balise avec cette adresse email, mais un compte existe déjà.",
      `Connectez-vous : ${loginUrl}`,
      "Mot de passe oublié ? Utilisez le bouton ci-dessous pour en choisir un nouveau.",
    ],
    action: { label: "Réinitialiser mon mot de passe", url: forgotUrl },
    footnote: "Si ce n'était pas vous, vous pouvez ignorer cet email : votre compte n'a pas été modifié.",
  });
}

export function resetPasswordMessage(url: string): RenderedEmail {
  return renderEmail({
    subject: "Réinitialisation de votre mot de passe — Balise",
    preheader: "Choisissez un nouveau mot de passe.",
    paragraphs: [
      "Bonjour,",
      "Vous avez demandé à réinitialiser le mot de passe de votre compte Balise. Cliquez sur le bouton ci-dessous pour en choisir un nouveau.",
    ],
    action: { label: "Choisir un nouveau mot de passe", url },
    footnote:
      "Ce lien est valable 1 heure et ne peut servir qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez cet email : votre mot de passe reste inchangé.",
  });
}

export function passwordChangedMessage(forgotUrl: string): RenderedEmail {
  return renderEmail({
    subject: "Votre mot de passe a été modifié — Balise",
    preheader: "Votre mot de passe Balise vient d'être changé.",
    paragraphs: [
      "Bonjour,",
      "Le mot de passe de votre compte Balise vient d'être modifié. Par sécurité, toutes vos sessions ouvertes ont été fermées.",
      "Si vous n'êtes pas à l'origine de ce changement, réinitialisez immédiatement votre mot de passe.",
    ],
    action: { label: "Réinitialiser mon mot de passe", url: forgotUrl },
  });
}

export function accountErasureMessage(url: string): RenderedEmail {
  return renderEmail({
    subject: "Confirmez la suppression de votre compte — Balise",
    preheader: "Un dernier clic pour supprimer votre compte Balise.",
    paragraphs: [
      "Bonjour,",
      "Vous avez demandé la suppression de votre compte Balise. Cliquez sur le bouton ci-dessous, puis confirmez sur la page qui s'ouvre : votre compte et votre profil seront supprimés, et vos inscriptions passées anonymisées.",
    ],
    action: { label: "Supprimer mon compte", url },
    footnote:
      "Ce lien est valable 1 heure et ne peut servir qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez cet email et changez votre mot de passe : votre compte reste intact.",
  });
}
