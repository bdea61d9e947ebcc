// The e-mail telling a runner their licence or PPS was refused by the organiser, with the reason and the link to fix
// it (decision 0150). French, HTML plus text, via renderEmail.
import { formatDateLong } from "~/domain/format";
import { hello, renderEmail, type RenderedEmail } from "./layout";

export interface JustificatifRefusedEmailInput {
  prenom: string | null;
  courseNom: string;
  formatNom: string;
  date: string | null;
  /** The reason as the organiser gave it (refusalText). */
  reason: string;
  /**
   * The registration page, absolute URL, where the justificatif is corrected; null for a runner the organiser added by
   * hand (no account: no page of theirs), who is told to answer the organiser instead (issue 42).
   */
  url: string | null;
  /** The organiser's name and e-mail, for a runner without an account. */
  organiser?: { nom: string | null; email: string | null } | null;
}

export function justificatifRefusedEmail(m: JustificatifRefusedEmailInput): RenderedEmail {
  const what = `${m.courseNom} — ${m.formatNom}`;
  const when = m.date ? ` du ${formatDateLong(m.date)}` : "";
  return renderEmail({
    subject: `Justificatif à corriger\u00a0: ${what}`,
    preheader: "L'organisateur n'a pas pu valider votre licence ou votre PPS.",
    paragraphs: [
      hello(m.prenom),
      `L'organisateur de ${what}${when} n'a pas pu valider votre justificatif (licence FFA ou PPS).`,
      `Motif\u00a0: ${m.reason}`,
      m.url
        ? "Votre inscription est conservée. Corrigez le numéro, la date de validité ou déposez un nouveau document depuis la page de votre inscription\u00a0: l'organisateur le vérifiera de nouveau."
        : `Votre inscription est conservée. C'est l'organisateur qui a enregistré votre inscription\u00a0: envoyez-lui votre justificatif corrigé (numéro, date de validité ou document)${organiserContact(m.organiser)}, il le vérifiera de nouveau.`,
    ],
    action: m.url ? { label: "Corriger mon justificatif", url: m.url } : undefined,
    footnote: "Sans justificatif valable, l'organisateur peut vous refuser le départ (règles de la FFA).",
  });
}

/** ' à Trail Club (contact@club.fr)', ' à l'adresse contact@club.fr', or nothing. */
function organiserContact(o: JustificatifRefusedEmailInput["organiser"]): string {
  if (!o) return "";
  const nom = o.nom?.trim();
  const email = o.email?.trim();
  if (nom && email) return ` à ${nom} (${email})`;
  if (email) return ` à l'adresse ${email}`;
  if (nom) return ` à ${nom}`;
  return "";
}
