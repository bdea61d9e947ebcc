// The weekly feedback in plain French sentences (decision 0230): volume, sessions, climbing, time, the long run,
// the trend toward the race. Pure; French typography (no-break space before ':', '%' and '!').

import { formatKm, formatMeters, formatNumber } from "./format.ts";
import { formatDuration } from "./format-duration.ts";
import type { LongRun, Trend, WeeklyFeedback } from "./weekly-feedback-types.ts";

/** Above this share of the planned volume, the week (or the trend) is "nettement plus que prévu". */
export const OVER_RATIO = 1.2;
/** From this share of the planned volume, the trend is on track. */
export const ON_TRACK_RATIO = 0.9;
/** Below this share, the runner is advised to adapt the plan rather than make up kilometres. */
export const LOW_RATIO = 0.7;

const NB = "\u00a0";
export const percent = (ratio: number) => `${Math.round(ratio * 100)}${NB}%`;
const plural = (n: number, one: string, many: string) => `${n}${NB}${n === 1 ? one : many}`;

type Facts = Omit<WeeklyFeedback, "sentences">;

function volumeSentence(f: Facts): string {
  const runs = f.sessions.matches.filter((m) => m.activity).length + f.extraActivities.length;
  if (!f.completion) {
    if (runs === 0) return "Aucune séance n'était prévue et aucune sortie de course n'a été enregistrée cette semaine.";
    return `Aucune séance n'était prévue cette semaine. Vous avez couru ${formatKm(f.done.distanceKm)} en ${plural(runs, "sortie", "sorties")}.`;
  }
  const lead = f.inProgress ? "Jusqu'ici, vous avez couru" : "Vous avez couru";
  if (runs === 0 && !f.inProgress) {
    const what = f.completion.basis === "distance" ? formatKm(f.planned.distanceKm) : formatDuration(f.planned.timeSec);
    return `Aucune sortie de course n'a été enregistrée cette semaine (${what} étaient prévus).`;
  }
  if (f.completion.basis === "distance")
    return `${lead} ${formatKm(f.done.distanceKm)} sur ${formatNumber(f.planned.distanceKm)} prévus (${percent(f.completion.ratio)}).`;
  return `${lead} ${formatDuration(f.done.timeSec)} sur ${formatDuration(f.planned.timeSec)} prévues (${percent(f.completion.ratio)}).`;
}

function detailSentences(f: Facts): string[] {
  const out: string[] = [];
  const s = f.sessions;
  if (s.planned > 0)
    out.push(`Séances faites${NB}: ${s.done} sur ${s.planned}${s.upcoming > 0 ? ` (${s.upcoming} à venir)` : ""}.`);
  if (f.planned.dplusM > 0)
    out.push(`Dénivelé positif${NB}: ${formatMeters(f.done.dplusM)} sur ${formatMeters(f.planned.dplusM)} prévus.`);
  else if (f.done.dplusM > 0) out.push(`Dénivelé positif${NB}: ${formatMeters(f.done.dplusM)}.`);
  if (f.completion?.basis === "distance" && f.done.timeSec > 0)
    out.push(
      `Temps de course${NB}: ${formatDuration(f.done.timeSec)} sur ${formatDuration(f.planned.timeSec)} prévues.`,
    );
  else if (!f.completion && f.done.timeSec > 0) out.push(`Temps de course${NB}: ${formatDuration(f.done.timeSec)}.`);
  if (f.completion && !f.inProgress && f.completion.ratio > OVER_RATIO)
    out.push(`C'est nettement plus que prévu${NB}: gardez de la fraîcheur pour les séances clés.`);
  return out;
}

export function longRunSentence(l: LongRun, inProgress: boolean): string | null {
  const goal = l.plannedSec != null ? formatDuration(l.plannedSec) : "";
  const done = l.doneSec != null ? formatDuration(l.doneSec) : "";
  switch (l.verdict) {
    case "au_dessus":
      return `Sortie longue${NB}: ${done}, au-dessus de l'objectif (${goal}).`;
    case "dans_objectif":
      return `Sortie longue${NB}: ${done}, dans l'objectif (${goal}).`;
    case "en_dessous":
      return `Sortie longue${NB}: ${done}, en dessous de l'objectif (${goal}).`;
    case "non_faite":
      return inProgress
        ? `Sortie longue${NB}: pas encore faite (objectif ${goal}).`
        : `Sortie longue${NB}: non faite (objectif ${goal}).`;
    case "sans_objectif":
      return l.doneSec ? `Sortie la plus longue${NB}: ${done}${l.doneKm ? ` (${formatKm(l.doneKm)})` : ""}.` : null;
  }
}

function trendPhrase(t: Trend): string {
  if (t.ratio == null) return "tenez les séances clés du plan";
  const span = t.weeks.length === 1 ? "cette semaine" : `sur les ${t.weeks.length} dernières semaines`;
  const share = `${span}, vous avez couru ${percent(t.ratio)} du volume prévu`;
  if (t.ratio > OVER_RATIO) return `${share}, attention à ne pas en faire trop`;
  if (t.ratio >= ON_TRACK_RATIO) return `${share}, continuez ainsi`;
  if (t.ratio >= LOW_RATIO) return `${share}, privilégiez les séances clés (sortie longue, fractionné)`;
  return `${share}, adaptez le plan à vos disponibilités plutôt que de rattraper les kilomètres`;
}

export function raceSentence(t: Trend, raceDate: string | null): string | null {
  if (raceDate == null || t.daysLeft == null) {
    if (t.ratio == null || t.weeks.length < 2) return null;
    const phrase = trendPhrase(t);
    return `${phrase[0].toUpperCase()}${phrase.slice(1)}.`;
  }
  const d = t.daysLeft;
  if (d < 0) return `Votre course est passée${NB}: bravo pour votre préparation${NB}!`;
  if (d === 0) return `C'est le jour de la course${NB}: bonne course${NB}!`;
  if (d === 1) return `La course est demain${NB}: reposez-vous, bonne course${NB}!`;
  if (d < 7) return `La course est dans ${d}${NB}jours${NB}: place à la fraîcheur, sans séance dure.`;
  return `Encore ${plural(t.weeksLeft ?? 0, "semaine", "semaines")} avant la course${NB}: ${trendPhrase(t)}.`;
}

/** The sentences, in the order the page and the e-mail show them. */
export function feedbackSentences(f: Facts, raceDate: string | null): string[] {
  return [
    volumeSentence(f),
    ...detailSentences(f),
    longRunSentence(f.longRun, f.inProgress),
    raceSentence(f.trend, raceDate),
  ].filter((x): x is string => x != null);
}
