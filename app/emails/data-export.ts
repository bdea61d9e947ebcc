// The e-mail of a « Mes données » export (decision 0219): the link to the ZIP, valid 7 days.
import { formatDateTimeLong } from "~/domain/format";
import { renderEmail, type RenderedEmail } from "./layout";

export function dataExportReadyMessage(url: string, expiresAt: string): RenderedEmail {
  return renderEmail({
    subject: "Vos données Balise sont prêtes",
    preheader: "L'archive de vos données personnelles est prête à être téléchargée.",
    paragraphs: [
      "Bonjour,",
      "Vous avez demandé une copie des données que Balise conserve à votre sujet. L'archive ZIP (fichiers JSON et CSV, et vos justificatifs) est prête.",
      `Le lien est valable jusqu'au ${formatDateTimeLong(expiresAt)} ; il faut être connecté à votre compte pour l'ouvrir.`,
    ],
    action: { label: "Télécharger mes données", url },
    footnote:
      "Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe : quelqu'un a pu se connecter à votre compte.",
  });
}
