// The e-mail inviting someone to an event's team (issue 43, decision 0213), in French: who invites, to which event,
// with which rights, the link and its deadline.
import { formatDateTimeLong } from "~/domain/format";
import { renderEmail, type RenderedEmail } from "./layout";

export function teamInvitationEmail(d: {
  invitedBy: string;
  courseNom: string;
  rights: string;
  expiresAt: string;
  url: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Invitation à co-organiser ${d.courseNom} — Balise`,
    preheader: `${d.invitedBy} vous invite dans l'équipe de ${d.courseNom}.`,
    paragraphs: [
      "Bonjour,",
      `${d.invitedBy} vous invite à co-organiser l'épreuve «\u00a0${d.courseNom}\u00a0» sur Balise, avec les droits suivants\u00a0: ${d.rights}.`,
      "Acceptez l'invitation avec le bouton ci-dessous. Vous n'avez pas encore de compte Balise ? Vous le créerez sur la page de l'invitation, avec cette adresse email.",
    ],
    action: { label: "Voir l'invitation", url: d.url },
    footnote: `Cette invitation est valable jusqu'au ${formatDateTimeLong(d.expiresAt)} et ne sert qu'une fois. Si vous ne connaissez pas cette personne, ignorez cet email.`,
  });
}
