// The finish-time estimate's references from Balise (issue 47, decision 0234): the signed-in runner's own published
// results and recent activities that can stand as a race time, and the one the runner picked, read again on the
// server by its id and the account (another account's id is « introuvable », never shown).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { activitiesOfUser, activityOfUser, type ActivityRow } from "~/db/activities.server";
import { type RunnerResultRow, resultsOfRunner } from "~/db/results-page.server";
import type { ActivitySport } from "~/domain/activity";
import {
  ACTIVITY_MAX_AGE_DAYS,
  type ActivityCandidate,
  activityChoices,
  activityReference,
  type CourseReference,
  EstimateReferenceError,
  type ResultCandidate,
  resultChoices,
  resultReference,
} from "~/domain/estimate-references";
import { parisWallClock } from "~/domain/paris-time";
import type { ReferencePick } from "~/domain/race-tools-forms";
import { ActivityNotFoundError } from "./activities.server";

type Ctx = Pick<AppLoadContext, "db" | "clock">;

const resultCandidate = (r: RunnerResultRow): ResultCandidate => ({
  id: String(r.id),
  courseNom: r.course_nom,
  formatNom: r.format_nom,
  date: r.date,
  distanceKm: r.distance_km,
  dplus: r.denivele_dplus,
  statut: r.statut,
  seconds: r.temps_secondes,
});

const activityCandidate = (r: ActivityRow): ActivityCandidate => ({
  id: r.id,
  name: r.name,
  sport: r.sport as ActivitySport,
  startedAt: r.started_at,
  distanceM: r.distance_m,
  elevationGainM: r.elevation_gain_m,
  movingTimeSec: r.moving_time_s,
});

/** One line of the lists: where it comes from, the reference it gives and its index. */
export interface ReferenceChoiceView {
  id: string;
  /** A result: the event; an activity: its name. */
  title: string;
  /** A result: the format; an activity: null. */
  detail: string | null;
  /** A result: the race day (YYYY-MM-DD); an activity: its start (ISO). */
  date: string | null;
  reference: CourseReference;
  index: number;
}

export interface EstimateReferenceChoices {
  results: ReferenceChoiceView[];
  activities: ReferenceChoiceView[];
}

const resultView = (c: ResultCandidate, reference: CourseReference, index: number): ReferenceChoiceView => ({
  id: c.id,
  title: c.courseNom,
  detail: c.formatNom,
  date: c.date,
  reference,
  index,
});

const activityView = (c: ActivityCandidate, reference: CourseReference, index: number): ReferenceChoiceView => ({
  id: c.id,
  title: c.name,
  detail: null,
  date: c.startedAt,
  reference,
  index,
});

/** The runner's results and activities that can be a reference (newest first, at most 10 of each). */
export async function estimateReferenceChoices(context: Ctx, userId: string): Promise<EstimateReferenceChoices> {
  const now = context.clock.now();
  const since = new Date(now.getTime() - ACTIVITY_MAX_AGE_DAYS * 86_400_000).toISOString();
  const [results, activities] = await Promise.all([
    resultsOfRunner(context.db, userId),
    activitiesOfUser(context.db, userId, 100, since),
  ]);
  return {
    results: resultChoices(results.map(resultCandidate), parisWallClock(now).date).map((c) =>
      resultView(c.item, c.reference, c.index),
    ),
    activities: activityChoices(activities.map(activityCandidate), now).map((c) =>
      activityView(c.item, c.reference, c.index),
    ),
  };
}

export type PickedReference = ReferenceChoiceView & { source: ReferencePick["source"] };

/**
 * The reference the runner picked, read again for this account: EstimateReferenceError (result) or
 * ActivityNotFoundError (activity) when it is not theirs or does not exist; EstimateReferenceError with the reason
 * when it cannot be a reference (a DNF, a walk, too old…).
 */
export async function pickedReference(context: Ctx, userId: string, pick: ReferencePick): Promise<PickedReference> {
  const now = context.clock.now();
  if (pick.source === "resultat") {
    const id = /^\d{1,12}$/.test(pick.id) ? Number(pick.id) : null;
    const [row] = id === null ? [] : await resultsOfRunner(context.db, userId, id);
    if (!row) throw new EstimateReferenceError("resultat_introuvable");
    const candidate = resultCandidate(row);
    const q = resultReference(candidate, parisWallClock(now).date);
    if (!q.ok) throw new EstimateReferenceError("resultat_inutilisable", q.why);
    return { source: "resultat", ...resultView(candidate, q.reference, q.index) };
  }
  const row = pick.id === "" ? null : await activityOfUser(context.db, userId, pick.id);
  if (!row) throw new ActivityNotFoundError();
  const candidate = activityCandidate(row);
  const q = activityReference(candidate, now);
  if (!q.ok) throw new EstimateReferenceError("activite_inutilisable", q.why);
  return { source: "activite", ...activityView(candidate, q.reference, q.index) };
}
