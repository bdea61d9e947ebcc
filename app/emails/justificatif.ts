// The e-mail telling a runner their licence or PPS was refused by the organiser, with the reason and the link to fix
// it (decision 0150). French, HTML plus text, via renderEmail.
import { formatDateLong } from "~/utils/format";
import { renderEmail, type RenderedEmail } from "./layout";

export interface JustificatifRefusedEmailInput {
  prenom: string | null;
  courseNom: string;
  formatNom: string;
  date: string | null;
  /** The reason as the organiser gave it (refusalText). */
  reason: string;
  /** The registration page, absolute URL, where the justificatif is corrected. */
  url: string;
}

export function justificatifRefusedEmail(m: JustificatifRefusedEmailInput): RenderedEmail {
  const what = `${m.courseNom} — ${m.formatNom}`;
  const hello = m.prenom?.trim() ? `Bonjour ${m.prenom.trim()},` : "Bonjour,";
  const when = m.date ? ` du ${formatDateLong(m.date)}` : "";
  return renderEmail({
    subject: `Justificatif à corriger\u00a0: ${what}`,
    preheader: "L'organisateur n'a pas pu valider votre licence ou votre PPS.",
    paragraphs: [
      hello,
      `L'organisateur de ${what}${when} n'a pas pu valider votre justificatif (licence FFA ou PPS).`,
      `Motif\u00a0: ${m.reason}`,
      "Votre inscription est conservée. Corrigez le numéro, la date de validité ou déposez un nouveau document depuis la page de votre inscription\u00a0: l'organisateur le vérifiera de nouveau.",
    ],
    action: { label: "Corriger mon justificatif", url: m.url },
    footnote: "Sans justificatif valable, l'organisateur peut vous refuser le départ (règles de la FFA).",
  });
}
