// The Monday e-mail of Premium's weekly feedback (issue 47, decision 0230): the week's sentences from
// weeklyFeedback, and a link to the week's feedback page. French, HTML plus text, via renderEmail.
import { frenchDay } from "~/domain/french-dates";
import * as paths from "~/domain/paths";
import type { WeeklyFeedback } from "~/domain/weekly-feedback";
import { hello, renderEmail, type RenderedEmail } from "./layout";

export interface WeeklyFeedbackEmailInput {
  feedback: WeeklyFeedback;
  /** APP_URL: the link to the week's page is built from it. */
  appUrl: string;
  prenom?: string | null;
}

/** The week's page, as an absolute address (the query's `semaine` is the Monday). */
export function weeklyFeedbackUrl(appUrl: string, weekStart: string): string {
  return paths.absoluteUrl(appUrl, paths.premiumFeedback({ semaine: weekStart }));
}

/** "du 8 au 14 mars 2027", "du 29 mars au 4 avril 2027", "du 27 décembre 2027 au 2 janvier 2028". */
export function weekSpan(weekStart: string, weekEnd: string): string {
  const [start, end] = [frenchDay(weekStart), frenchDay(weekEnd)];
  const [sy, sm] = weekStart.split("-");
  const [ey, em] = weekEnd.split("-");
  if (sy !== ey) return `du ${start} au ${end}`;
  const words = start.split("\u00a0");
  return sm === em ? `du ${words[0]} au ${end}` : `du ${words[0]}\u00a0${words[1]} au ${end}`;
}

export function weeklyFeedbackEmail(m: WeeklyFeedbackEmailInput): RenderedEmail {
  const f = m.feedback;
  const span = weekSpan(f.weekStart, f.weekEnd);
  return renderEmail({
    subject: `Votre bilan de la semaine ${span}`,
    preheader: f.sentences[0] ?? "Votre bilan d'entraînement de la semaine.",
    paragraphs: [
      hello(m.prenom),
      `Voici le bilan de votre semaine d'entraînement, ${span}\u00a0:`,
      ...f.sentences,
      "Le détail séance par séance et l'évolution des dernières semaines sont sur votre page de bilan.",
    ],
    action: { label: "Voir mon bilan", url: weeklyFeedbackUrl(m.appUrl, f.weekStart) },
    footnote:
      "Ce bilan est envoyé chaque lundi avec votre abonnement Balise Premium, à partir de votre plan et des activités importées ou synchronisées.",
  });
}
