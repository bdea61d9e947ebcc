// The training plan's use cases (issue 47, decisions 0227 and 0228): generate the runner's plan from the form (the
// race from their registrations or typed), read it by weeks, one session with the assistant's explanation, the
// iCalendar feed behind its secret token and the token's rotation; and, for the watch exports and the weekly
// feedback, one session of a runner (planSessionOfUser) and a runner's sessions between two days
// (planSessionsBetween). Every read is scoped to the signed-in runner; the routes gate them with requirePremium.
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  planByCalendarToken,
  planOfUser,
  planWithSessions,
  type PlanRow,
  type RaceChoice,
  replacePlan,
  rotateCalendarToken,
  type SessionRow,
  sessionOfUser,
  sessionsOfUserBetween,
  upcomingRacesOfRunner,
} from "~/db/training-plans.server";
import { formatDateLong } from "~/domain/format";
import { writeCalendar } from "~/domain/icalendar";
import { parisWallClock } from "~/domain/paris-time";
import * as paths from "~/domain/paths";
import { buildTrainingPlan, PHASE_LABELS, type Phase } from "~/domain/training-plan";
import { TrainingPlanError } from "~/domain/training-plan-errors";
import type { PlanForm } from "~/domain/training-plan-form";
import { formatDuration } from "~/domain/format-duration";
import { SESSION_KIND_LABELS, sessionDurationSec, type WorkoutSession, type WorkoutStep } from "~/domain/workout";
import {
  explainFromFacts,
  intensityText,
  pickSessionExplainer,
  type SessionFacts,
} from "~/providers/session-assistant";
import { runnerIsPremium } from "./subscriptions.server";

type Ctx = AppLoadContext;

const today = (context: Ctx) => parisWallClock(context.clock.now()).date;

/** A secret, unguessable calendar token (32 random bytes, base64url). */
export function newCalendarToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The races the form offers: the formats of the runner's validated registrations to come. */
export function raceChoices(context: Ctx, userId: string): Promise<RaceChoice[]> {
  return upcomingRacesOfRunner(context.db, userId, today(context));
}

/**
 * Generates the runner's plan from the form and stores it in place of their old one (one batch). The race is one of
 * their registrations (its format's date, distance and D+) or the one they typed. Throws TrainingPlanError.
 */
export async function generatePlan(context: Ctx, userId: string, form: PlanForm, typed: Record<string, unknown>) {
  let race: { name: string; date: string; km: number; dplusM: number };
  if (form.formatId) {
    const choice = (await raceChoices(context, userId)).find((r) => r.formatId === form.formatId);
    if (!choice) throw new TrainingPlanError("course_introuvable");
    if (!choice.distanceKm) throw new TrainingPlanError("distance_nulle");
    race = { name: choice.name, date: choice.date, km: choice.distanceKm, dplusM: choice.dplusM ?? 0 };
  } else {
    race = {
      name: form.raceName ?? "Ma course",
      date: form.raceDate ?? "",
      km: form.distanceKm ?? 0,
      dplusM: form.dplusM,
    };
  }
  const plan = buildTrainingPlan(
    {
      race,
      weeklyKm: form.weeklyKm,
      longRun: form.longRun,
      targetSec: form.targetSec,
      days: form.days,
      longRunDay: form.longRunDay,
      thresholdPaceSecPerKm: form.thresholdPaceSec,
    },
    context.clock.now(),
  );
  const sessions = plan.weeks.flatMap((w) =>
    w.sessions.map((s) => ({
      id: crypto.randomUUID(),
      date: s.date,
      week: w.number,
      phase: w.phase,
      kind: s.kind,
      json: JSON.stringify(s),
    })),
  );
  await replacePlan(
    context.db,
    {
      userId,
      formatId: form.formatId,
      raceName: race.name,
      raceDate: race.date,
      distanceKm: race.km,
      dplusM: race.dplusM,
      targetSec: form.targetSec,
      thresholdPaceSec: form.thresholdPaceSec,
      parameters: JSON.stringify(typed),
      calendarToken: newCalendarToken(),
      sessions,
    },
    context.clock.now().toISOString(),
  );
}

export interface SessionLine {
  id: string;
  date: string;
  dateLabel: string;
  kind: string;
  kindLabel: string;
  title: string;
  duration: string;
  distanceKm: number | null;
  dplusM: number | null;
}

export interface WeekView {
  number: number;
  phase: Phase;
  phaseLabel: string;
  volumeKm: number;
  duration: string;
  sessions: SessionLine[];
}

const parse = (row: SessionRow) => JSON.parse(row.seance) as WorkoutSession;

function line(row: SessionRow): SessionLine {
  const s = parse(row);
  return {
    id: row.id,
    date: s.date,
    dateLabel: formatDateLong(s.date),
    kind: s.kind,
    kindLabel: SESSION_KIND_LABELS[s.kind],
    title: s.title,
    duration: formatDuration(sessionDurationSec(s)),
    distanceKm: s.distanceKm,
    dplusM: s.dplusM,
  };
}

function weeksOf(rows: SessionRow[]): WeekView[] {
  const weeks = new Map<number, { phase: Phase; rows: SessionRow[] }>();
  for (const r of rows) {
    const w = weeks.get(r.semaine) ?? { phase: r.phase as Phase, rows: [] };
    w.rows.push(r);
    weeks.set(r.semaine, w);
  }
  return [...weeks.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([number, w]) => {
      const sessions = w.rows.map(parse);
      return {
        number,
        phase: w.phase,
        phaseLabel: PHASE_LABELS[w.phase],
        volumeKm: Math.round(sessions.reduce((sum, s) => sum + (s.distanceKm ?? 0), 0) * 10) / 10,
        duration: formatDuration(sessions.reduce((sum, s) => sum + sessionDurationSec(s), 0)),
        sessions: w.rows.map(line),
      };
    });
}

export interface PlanPageData {
  races: RaceChoice[];
  plan: {
    raceName: string;
    raceDateLabel: string;
    thresholdPace: string | null;
    weeks: WeekView[];
    calendarUrl: string;
    webcalUrl: string;
  } | null;
  /** The inputs the plan was made from, to fill the form again. */
  values: Record<string, unknown>;
}

function calendarUrls(context: Ctx, plan: PlanRow) {
  const url = paths.absoluteUrl(context.env.APP_URL, paths.premiumPlanCalendar(plan.jeton_calendrier));
  return { calendarUrl: url, webcalUrl: url.replace(/^https?:\/\//, "webcal://") };
}

/** The plan page: the form's races and values, and the runner's plan by weeks. */
export async function planPage(context: Ctx, userId: string): Promise<PlanPageData> {
  const [races, found] = await Promise.all([raceChoices(context, userId), planWithSessions(context.db, userId)]);
  if (!found) return { races, plan: null, values: {} };
  const { plan, sessions } = found;
  const pace = plan.allure_seuil_sec;
  return {
    races,
    values: JSON.parse(plan.parametres) as Record<string, unknown>,
    plan: {
      raceName: plan.course_nom,
      raceDateLabel: formatDateLong(plan.date_course),
      thresholdPace: pace ? `${Math.floor(pace / 60)}:${String(pace % 60).padStart(2, "0")}` : null,
      weeks: weeksOf(sessions),
      ...calendarUrls(context, plan),
    },
  };
}

/** 'Nouveau lien': a new secret token for the runner's calendar feed; the old address stops working. */
export async function rotatePlanCalendar(context: Ctx, userId: string): Promise<void> {
  const done = await rotateCalendarToken(context.db, userId, newCalendarToken(), context.clock.now().toISOString());
  if (!done) throw new TrainingPlanError("plan_introuvable");
}

/**
 * One session of the runner's plan with the threshold speed of the plan (for the .zwo and .FIT exports): null when
 * the session does not exist or is another runner's.
 */
export async function planSessionOfUser(
  context: Ctx,
  userId: string,
  sessionId: string,
): Promise<{ session: WorkoutSession; thresholdSpeedMps: number | null } | null> {
  const [row, plan] = await Promise.all([sessionOfUser(context.db, userId, sessionId), planOfUser(context.db, userId)]);
  if (!row || !plan) return null;
  const pace = plan.allure_seuil_sec;
  return { session: parse(row), thresholdSpeedMps: pace ? 1000 / pace : null };
}

/** The runner's planned sessions from `from` to `to` (YYYY-MM-DD, both included), in date order (weekly feedback). */
export async function planSessionsBetween(
  context: Ctx,
  userId: string,
  from: string,
  to: string,
): Promise<{ id: string; week: number; phase: Phase; session: WorkoutSession }[]> {
  const rows = await sessionsOfUserBetween(context.db, userId, from, to);
  return rows.map((r) => ({ id: r.id, week: r.semaine, phase: r.phase as Phase, session: parse(r) }));
}

const STEP_LABELS: Record<WorkoutStep["kind"], string> = {
  echauffement: "échauffement",
  effort: "effort",
  recuperation: "récupération",
  retour_au_calme: "retour au calme",
  continu: "course continue",
};

function stepText(st: WorkoutStep, speed: number | null): string {
  return `${formatDuration(st.durationSec)} de ${STEP_LABELS[st.kind]} ${intensityText(st.intensity, speed)}${st.note ? ` (${st.note})` : ""}`;
}

/** The session's steps in French, a repeat as one line (« 6 × [3 min d'effort …, 2 min de récupération …] »). */
export function stepLines(session: WorkoutSession, speed: number | null): string[] {
  return session.items.map((item) =>
    "times" in item
      ? `${item.times} × [${item.steps.map((st) => stepText(st, speed)).join(", puis ")}]`
      : stepText(item, speed),
  );
}

export interface SessionPageData {
  line: SessionLine;
  /** The steps in French (« 15 min — échauffement — entre 6:19 et 5:47 min/km »), repeats as one line. */
  steps: string[];
  session: WorkoutSession;
  facts: SessionFacts;
  explanation: string | null;
  assistant: string | null;
}

/** One session of the runner's plan (404 for another's), and the assistant's explanation when asked. */
export async function sessionPage(
  context: Ctx,
  userId: string,
  sessionId: string,
  explain: boolean,
): Promise<SessionPageData> {
  const found = await planWithSessions(context.db, userId);
  const row = found?.sessions.find((s) => s.id === sessionId);
  if (!found || !row) throw new TrainingPlanError("seance_introuvable");
  const session = parse(row);
  const pace = found.plan.allure_seuil_sec;
  const facts: SessionFacts = {
    session,
    phase: row.phase as Phase,
    week: row.semaine,
    weeks: Math.max(...found.sessions.map((s) => s.semaine)),
    raceName: found.plan.course_nom,
    raceDate: found.plan.date_course,
    thresholdSpeedMps: pace ? 1000 / pace : null,
  };
  let explanation: string | null = null;
  let assistant: string | null = null;
  if (explain) {
    const explainer = pickSessionExplainer(context.bindings);
    try {
      explanation = await explainer.explain(facts);
      assistant = explainer.name;
    } catch (e) {
      console.error("plan: assistant failed", e);
      explanation = explainFromFacts(facts);
      assistant = "local";
    }
  }
  return {
    line: line(row),
    steps: stepLines(session, facts.thresholdSpeedMps),
    session,
    facts,
    explanation,
    assistant,
  };
}

/**
 * The calendar feed of a token: null for an unknown token (404); an empty calendar while the plan's owner is not
 * Premium (lapsed: the events leave their calendar, the subscription keeps working when they come back).
 */
export async function planCalendarFeed(context: Ctx, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const found = await planByCalendarToken(context.db, token);
  if (!found) return null;
  const premium = await runnerIsPremium(context, found.plan.user_id);
  const name = `Plan Balise – ${found.plan.course_nom}`;
  const events = premium
    ? found.sessions.map((row) => {
        const s = parse(row);
        return {
          uid: `${row.id}@balise`,
          date: s.date,
          summary: s.title,
          description: `${s.description}\n${formatDuration(sessionDurationSec(s))}${s.distanceKm ? ` – environ ${String(s.distanceKm).replace(".", ",")} km` : ""}`,
          url: paths.absoluteUrl(context.env.APP_URL, paths.premiumPlanSession(row.id)),
        };
      })
    : [];
  return writeCalendar({ name, stamp: context.clock.now(), events });
}
