// The @IA assistant explaining one session of the training plan (issue 47, decision 0227): the plan is made by rules
// (app/domain/training-plan.ts); the explanation is the assistant's, from the session's facts only. Like the event
// page's @IA (app/providers/assistant.ts): a local assistant that writes from the facts without a network, and
// Workers AI when the Worker has an `AI` binding.
import { formatDuration } from "~/domain/format-duration";
import { askWorkersAi, type WorkersAiBinding, WORKERS_AI_MODEL, workersAiOf } from "./assistant-workers-ai";
import { PHASE_LABELS, type Phase } from "~/domain/training-plan";
import { flatSteps, SESSION_KIND_LABELS, sessionDurationSec, type WorkoutSession } from "~/domain/workout";
import { frenchDay } from "~/domain/french-dates";

export interface SessionFacts {
  session: WorkoutSession;
  phase: Phase;
  week: number;
  weeks: number;
  raceName: string;
  raceDate: string;
  /** m/s; null when the runner gave no threshold pace (intensities stay relative). */
  thresholdSpeedMps: number | null;
}

export interface SessionExplainer {
  readonly name: string;
  /** A French explanation. May throw: the caller falls back to the local one. */
  explain(facts: SessionFacts): Promise<string>;
}

/** A speed (m/s) as a pace « 4:45 min/km ». */
export function paceText(speedMps: number): string {
  const sec = Math.round(1000 / speedMps);
  return `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, "0")}\u00a0min/km`;
}

const pct = (x: number) => `${Math.round(x * 100)}\u00a0%`;

/** One step's intensity in words: a pace range when the threshold is known, else a share of the threshold speed. */
export function intensityText(range: { low: number; high: number }, thresholdSpeedMps: number | null): string {
  if (thresholdSpeedMps)
    return `entre ${paceText(range.high * thresholdSpeedMps)} et ${paceText(range.low * thresholdSpeedMps)}`;
  return `à ${pct(range.low)}–${pct(range.high)} de votre vitesse seuil`;
}

const PHASE_AIMS: Record<Phase, string> = {
  base: "construire l'endurance et l'habitude de courir régulièrement",
  developpement: "augmenter la charge et travailler l'allure seuil",
  affutage: "courir les séances les plus spécifiques, au plus près de la course",
  relachement: "réduire le volume pour arriver reposé, en gardant un peu d'intensité",
};

const KIND_WHY: Record<WorkoutSession["kind"], string> = {
  footing:
    "Le footing entretient l'endurance fondamentale sans fatigue\u00a0: si vous ne pouvez plus parler, ralentissez.",
  sortie_longue:
    "La sortie longue habitue le corps à durer\u00a0: c'est la séance clé de la semaine, à allure facile, jamais en course.",
  fractionne:
    "Le fractionné fait courir plus vite que l'allure seuil par petites doses\u00a0: la récupération en trottinant fait partie de la séance.",
  seuil:
    "Le seuil se court « soutenu mais contrôlé »\u00a0: vous devez pouvoir tenir l'allure jusqu'au bout de chaque bloc.",
  cotes: "Les côtes renforcent les jambes et la foulée\u00a0: montez dynamique, redescendez en trottinant.",
  recuperation: "La récupération active relance la circulation après la sortie longue\u00a0: très lent, c'est voulu.",
  course: "C'est le jour J\u00a0: partez prudemment, buvez et mangez tôt, et gardez de la marge pour la fin.",
};

/** The session's facts as French text: the context of a language model, and the body of the local explanation. */
export function sessionFactsText(f: SessionFacts): string {
  const s = f.session;
  const lines = [
    `Séance « ${s.title} » (${SESSION_KIND_LABELS[s.kind]}) du ${frenchDay(s.date)}, semaine ${f.week} sur ${f.weeks}, phase ${PHASE_LABELS[f.phase]}.`,
    `Préparation de ${f.raceName}, le ${frenchDay(f.raceDate)}.`,
    `Durée totale\u00a0: ${formatDuration(sessionDurationSec(s))}${s.distanceKm ? `, environ ${String(s.distanceKm).replace(".", ",")}\u00a0km` : ""}${s.dplusM ? `, ${s.dplusM}\u00a0m de D+` : ""}.`,
    `But\u00a0: ${s.description}`,
    "Déroulé\u00a0:",
  ];
  for (const item of s.items) {
    if ("times" in item) {
      const inner = item.steps
        .map((st) => `${formatDuration(st.durationSec)} ${intensityText(st.intensity, f.thresholdSpeedMps)}`)
        .join(" puis ");
      lines.push(`- ${item.times} fois\u00a0: ${inner}`);
    } else
      lines.push(
        `- ${formatDuration(item.durationSec)} ${intensityText(item.intensity, f.thresholdSpeedMps)}${item.note ? ` (${item.note})` : ""}`,
      );
  }
  return lines.join("\n");
}

/** The local assistant's explanation: the phase's aim, the session's point, how to run its steps. */
export function explainFromFacts(f: SessionFacts): string {
  const efforts = flatSteps(f.session).filter((st) => st.kind === "effort");
  const parts = [
    `Semaine ${f.week} sur ${f.weeks}, phase ${PHASE_LABELS[f.phase].toLowerCase()}\u00a0: le but est de ${PHASE_AIMS[f.phase]}.`,
    KIND_WHY[f.session.kind],
    sessionFactsText(f).split("\n").slice(2).join("\n"),
  ];
  if (efforts.length > 0 && !f.thresholdSpeedMps)
    parts.push("Indiquez votre allure seuil dans le formulaire du plan pour lire ces intensités en min/km.");
  return parts.join("\n");
}

export function createLocalSessionExplainer(): SessionExplainer {
  return { name: "local", explain: async (f) => explainFromFacts(f) };
}

const SYSTEM = [
  "Tu es l'assistant d'entraînement de Balise, une plateforme française de course à pied et de trail.",
  "Explique en français, en vouvoyant, en cinq phrases au plus, à quoi sert la séance ci-dessous et comment la courir.",
  "N'utilise que les informations données. N'invente ni allure, ni distance, ni conseil médical.",
].join(" ");

export function createWorkersAiSessionExplainer(ai: WorkersAiBinding, model = WORKERS_AI_MODEL): SessionExplainer {
  return {
    name: "workers-ai",
    explain: async (f) =>
      askWorkersAi(ai, model, {
        system: `${SYSTEM}\n\n${sessionFactsText(f)}`,
        user: "Explique-moi cette séance.",
        maxTokens: 400,
        maxChars: 2000,
      }),
  };
}

/** Workers AI when the bindings have an `AI` binding, else the local assistant. */
export function pickSessionExplainer(bindings: unknown): SessionExplainer {
  const ai = workersAiOf(bindings);
  return ai ? createWorkersAiSessionExplainer(ai) : createLocalSessionExplainer();
}
