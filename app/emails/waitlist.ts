// The waiting list's e-mails (issue 20), in French: joined (with the position), a place offered (with the deadline
// and the amount), the offer expired, left the list (or removed by the organiser). docs/decisions/0131-waiting-list.md
import { ordinal } from "~/domain/waitlist";
import { formatDateTimeLong, formatEuros } from "~/domain/format";
import { hello, type RaceEmailData, raceLine, renderEmail, type RenderedEmail } from "./layout";

/** `url`: the runner's entry (/liste-attente/{id}). */
export interface WaitlistEmailData extends RaceEmailData {
  genre?: string | null;
}

export function joinedEmail(d: WaitlistEmailData & { position: number }): RenderedEmail {
  return renderEmail({
    subject: `Liste d'attente : ${d.courseNom} — ${d.formatNom}`,
    preheader: `Vous êtes ${ordinal(d.position, d.genre)} sur la liste d'attente.`,
    paragraphs: [
      hello(d.prenom),
      `Votre inscription sur la liste d'attente de ${raceLine(d)} est enregistrée. Vous êtes ${ordinal(d.position, d.genre)} sur la liste.`,
      "Dès qu'une place se libère, elle est proposée au premier coureur de la liste : vous recevrez alors un email avec un lien pour payer, et un délai pour le faire. Aucun paiement n'est demandé avant.",
    ],
    action: { label: "Voir ma place sur la liste", url: d.url },
    footnote: "Vous pouvez quitter la liste à tout moment depuis cette page.",
  });
}

export function offerEmail(
  d: WaitlistEmailData & { deadline: string; totalCents: number; nombreRepas: number; repasVoulus: number },
): RenderedEmail {
  const meals =
    d.repasVoulus > 0 && d.nombreRepas === 0
      ? " Les repas demandés ne sont plus disponibles : la place vous est proposée sans repas."
      : d.nombreRepas > 0
        ? ` Repas compris : ${d.nombreRepas}.`
        : "";
  return renderEmail({
    subject: `Une place se libère : ${d.courseNom} — ${d.formatNom}`,
    preheader: `Payez avant le ${formatDateTimeLong(d.deadline)} pour la garder.`,
    paragraphs: [
      hello(d.prenom),
      `Une place s'est libérée pour ${raceLine(d)} et elle vous est réservée.`,
      `Pour la garder, payez ${formatEuros(d.totalCents)} avant le ${formatDateTimeLong(d.deadline)}.${meals}`,
      "Passé ce délai, la place sera proposée au coureur suivant de la liste.",
    ],
    action: { label: "Payer maintenant", url: d.url },
    footnote:
      "Si vous ne souhaitez plus cette place, quittez la liste depuis ce lien : elle passera aussitôt au suivant.",
  });
}

export function offerExpiredEmail(d: WaitlistEmailData): RenderedEmail {
  return renderEmail({
    subject: `Offre expirée : ${d.courseNom} — ${d.formatNom}`,
    preheader: "La place a été proposée au coureur suivant.",
    paragraphs: [
      hello(d.prenom),
      `La place qui vous était proposée pour ${raceLine(d)} n'a pas été payée dans le délai : elle a été proposée au coureur suivant de la liste d'attente.`,
      "Aucun paiement n'a été pris. Vous pouvez vous inscrire de nouveau sur la liste depuis la page de la course.",
    ],
    action: { label: "Voir la course", url: d.url },
  });
}

export function leftEmail(d: WaitlistEmailData & { byOrganiser: boolean }): RenderedEmail {
  return renderEmail({
    subject: `Liste d'attente quittée : ${d.courseNom} — ${d.formatNom}`,
    preheader: d.byOrganiser
      ? "L'organisateur vous a retiré de la liste d'attente."
      : "Vous avez quitté la liste d'attente.",
    paragraphs: [
      hello(d.prenom),
      d.byOrganiser
        ? `L'organisateur vous a retiré de la liste d'attente de ${raceLine(d)}. Pour toute question, contactez-le depuis la page de la course.`
        : `Vous avez quitté la liste d'attente de ${raceLine(d)}.`,
      "Aucun paiement n'a été pris.",
    ],
    action: { label: "Voir la course", url: d.url },
  });
}
