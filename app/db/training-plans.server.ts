// The training plans' store (issue 47, decisions 0227 and 0228): the only writer of plans_entrainement and
// seances_plan (tests/unit/training-plan-store.test.ts scans app/ for another). A plan is replaced in one D1 batch
// (the plan's row upserted on its owner, keeping its id and its calendar token; the old sessions deleted; the new
// ones inserted), so a reader sees the old plan or the new one, never a mix. Every read is scoped by its owner, except
// the calendar feed's, which the secret token stands in for.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { batchAll } from "./batch.server";

export interface PlanRow {
  id: string;
  user_id: string;
  format_id: string | null;
  course_nom: string;
  date_course: string;
  distance_km: number;
  dplus_m: number;
  objectif_sec: number | null;
  allure_seuil_sec: number | null;
  parametres: string;
  jeton_calendrier: string;
  created_at: string;
  updated_at: string;
}

export interface SessionRow {
  id: string;
  plan_id: string;
  user_id: string;
  date: string;
  semaine: number;
  phase: string;
  type: string;
  seance: string;
}

export interface NewPlan {
  userId: string;
  formatId: string | null;
  raceName: string;
  raceDate: string;
  distanceKm: number;
  dplusM: number;
  targetSec: number | null;
  thresholdPaceSec: number | null;
  parameters: string;
  /** The token a first plan gets (a replaced plan keeps its own). */
  calendarToken: string;
  sessions: { id: string; date: string; week: number; phase: string; kind: string; json: string }[];
}

/** D1 binds at most 100 parameters a statement: 8 per session row. */
const ROWS_PER_INSERT = 12;

function insertSessions(userId: string, rows: NewPlan["sessions"]): SQL[] {
  const out: SQL[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const values = rows
      .slice(i, i + ROWS_PER_INSERT)
      .map(
        (r) =>
          sql`(${r.id}, (SELECT id FROM plans_entrainement WHERE user_id = ${userId}), ${userId}, ${r.date}, ${r.week}, ${r.phase}, ${r.kind}, ${r.json})`,
      );
    out.push(sql`INSERT INTO seances_plan (id, plan_id, user_id, date, semaine, phase, type, seance)
      VALUES ${sql.join(values, sql`, `)}`);
  }
  return out;
}

/**
 * Stores the runner's plan in place of the one they had, in one batch: all of it or nothing. The plan keeps its id
 * and its calendar token (a calendar app subscribed to the feed sees the new sessions).
 */
export async function replacePlan(db: Db, plan: NewPlan, nowIso: string): Promise<void> {
  await batchAll(db, [
    sql`INSERT INTO plans_entrainement (id, user_id, format_id, course_nom, date_course, distance_km, dplus_m,
        objectif_sec, allure_seuil_sec, parametres, jeton_calendrier, created_at, updated_at)
      VALUES (${crypto.randomUUID()}, ${plan.userId}, ${plan.formatId}, ${plan.raceName}, ${plan.raceDate},
        ${plan.distanceKm}, ${plan.dplusM}, ${plan.targetSec}, ${plan.thresholdPaceSec}, ${plan.parameters},
        ${plan.calendarToken}, ${nowIso}, ${nowIso})
      ON CONFLICT (user_id) DO UPDATE SET format_id = excluded.format_id, course_nom = excluded.course_nom,
        date_course = excluded.date_course, distance_km = excluded.distance_km, dplus_m = excluded.dplus_m,
        objectif_sec = excluded.objectif_sec, allure_seuil_sec = excluded.allure_seuil_sec,
        parametres = excluded.parametres, updated_at = excluded.updated_at`,
    sql`DELETE FROM seances_plan WHERE user_id = ${plan.userId}`,
    ...insertSessions(plan.userId, plan.sessions),
  ]);
}

/** The runner's plan, or null. */
export async function planOfUser(db: Db, userId: string): Promise<PlanRow | null> {
  const [row] = await db.all<PlanRow>(sql`SELECT * FROM plans_entrainement WHERE user_id = ${userId} LIMIT 1`);
  return row ?? null;
}

interface PlanWithSessions {
  plan: PlanRow;
  sessions: SessionRow[];
}

/**
 * A plan and its sessions (date order), in one round trip: `plan` picks the plan (a condition on plans_entrainement
 * `p`), `sessions` its sessions (on seances_plan `s`).
 */
async function planAndSessions(db: Db, plan: SQL, sessions: SQL): Promise<PlanWithSessions | null> {
  const [plans, rows] = await batchAll<[PlanRow[], SessionRow[]]>(db, [
    sql`SELECT p.* FROM plans_entrainement p WHERE ${plan} LIMIT 1`,
    sql`SELECT s.* FROM seances_plan s WHERE ${sessions} ORDER BY s.date, s.rowid`,
  ]);
  return plans[0] ? { plan: plans[0], sessions: rows } : null;
}

/** The runner's plan and its sessions, or null; both read by their owner (the sessions by their owner's index). */
export function planWithSessions(db: Db, userId: string): Promise<PlanWithSessions | null> {
  return planAndSessions(db, sql`p.user_id = ${userId}`, sql`s.user_id = ${userId}`);
}

/** One session of the runner's plan; null when there is none with that id or it is someone else's. */
export async function sessionOfUser(db: Db, userId: string, sessionId: string): Promise<SessionRow | null> {
  const [row] = await db.all<SessionRow>(
    sql`SELECT * FROM seances_plan WHERE id = ${sessionId} AND user_id = ${userId} LIMIT 1`,
  );
  return row ?? null;
}

/** The runner's sessions from `from` to `to` (YYYY-MM-DD, both included), in date order. */
export function sessionsOfUserBetween(db: Db, userId: string, from: string, to: string): Promise<SessionRow[]> {
  return db.all<SessionRow>(
    sql`SELECT * FROM seances_plan WHERE user_id = ${userId} AND date >= ${from} AND date <= ${to} ORDER BY date, rowid`,
  );
}

/** The plan a calendar token opens, with its sessions; null for an unknown token. */
export function planByCalendarToken(db: Db, token: string): Promise<PlanWithSessions | null> {
  return planAndSessions(
    db,
    sql`p.jeton_calendrier = ${token}`,
    sql`s.plan_id = (SELECT id FROM plans_entrainement WHERE jeton_calendrier = ${token})`,
  );
}

/** Gives the runner's plan a new calendar token (the old feed URL stops working). False when there is no plan. */
export async function rotateCalendarToken(db: Db, userId: string, token: string, nowIso: string): Promise<boolean> {
  const rows = await db.all<{ id: string }>(
    sql`UPDATE plans_entrainement SET jeton_calendrier = ${token}, updated_at = ${nowIso} WHERE user_id = ${userId}
      RETURNING id`,
  );
  return rows.length > 0;
}

export interface RaceChoice {
  formatId: string;
  name: string;
  date: string;
  distanceKm: number | null;
  dplusM: number | null;
}

/** The formats of the runner's validated registrations whose date is after `today`: the races a plan may prepare. */
export function upcomingRacesOfRunner(db: Db, userId: string, today: string): Promise<RaceChoice[]> {
  return db.all<RaceChoice>(sql`SELECT DISTINCT f.id AS formatId, c.nom || ' – ' || f.nom AS name, f.date AS date,
      f.distance_km AS distanceKm, f.denivele_dplus AS dplusM
    FROM inscriptions i JOIN formats f ON f.id = i.format_id JOIN courses c ON c.id = f.course_id
    WHERE i.coureur_id = ${userId} AND i.statut = 'validee' AND f.date > ${today}
    ORDER BY f.date, f.id LIMIT 20`);
}
