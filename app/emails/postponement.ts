// A race postponed (issue 40, decision 0196): the organiser moved a format's date later after runners paid; each
// runner registered is told, in French, with the new date and what it changes for them.
import { formatDateLong, formatTime } from "~/domain/format";
import { hello, renderEmail, type RenderedEmail } from "./layout";

export interface PostponementEmailData {
  prenom: string | null;
  courseNom: string;
  formatNom: string;
  oldDate: string;
  newDate: string;
  heureDepart: string | null;
  /** Absolute URL of the runner's registration (/mon-inscription/{id}). */
  url: string;
}

export function postponementEmail(d: PostponementEmailData): RenderedEmail {
  const start = d.heureDepart ? ` à ${formatTime(d.heureDepart)}` : "";
  return renderEmail({
    subject: `Course reportée : ${d.courseNom} — ${d.formatNom} a lieu le ${formatDateLong(d.newDate)}`,
    preheader: `Nouvelle date : ${formatDateLong(d.newDate)}. Votre inscription reste valable.`,
    paragraphs: [
      hello(d.prenom),
      `L'organisateur a reporté ${d.courseNom} (${d.formatNom}) : la course a maintenant lieu le ${formatDateLong(d.newDate)}${start}, au lieu du ${formatDateLong(d.oldDate)}.`,
      "Votre inscription reste valable pour la nouvelle date, sans rien à faire de votre part.",
      "Si vous ne pouvez pas venir à cette date, vous pouvez annuler depuis votre inscription : le barème de remboursement compte les jours jusqu'à la nouvelle date.",
    ],
    action: { label: "Voir mon inscription", url: d.url },
  });
}
