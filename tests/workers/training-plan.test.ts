// The training plan's store and use cases in workerd with real D1 (issue 47, decisions 0227 and 0228): a plan
// regenerated replaces the old one entirely (two regenerations fired at once leave one whole plan, never a mix), a
// session is its owner's only, the calendar feed answers its token with one VEVENT per session, an empty calendar
// once the subscription has lapsed, and nothing after 'Nouveau lien'.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { isoWeekday } from "~/domain/training-plan";
import { PlanFormSchema } from "~/domain/training-plan-form";
import { fixedClock } from "~/providers/clock";
import {
  generatePlan,
  planCalendarFeed,
  planSessionOfUser,
  planSessionsBetween,
  rotatePlanCalendar,
  sessionPage,
} from "~/services/training-plan.server";
import { DEMO_USERS } from "~/db/demo-data";
import { raceChoices } from "~/services/training-plan.server";
import { loadDemoData } from "./helpers";
import { testContext } from "./payments-helpers";
import { newPremiumRunner, typedPlanForm } from "./premium-helpers";

const context = testContext(fixedClock("2026-11-26T09:00:00.000Z"));

async function premiumRunner(periodEnd = "2027-11-26T00:00:00.000Z"): Promise<string> {
  return (await newPremiumRunner("plan", periodEnd)).id;
}

function form(jours: string[], jourSortieLongue: string) {
  return typedPlanForm({ jours, jourSortieLongue });
}

const rows = (userId: string) =>
  env.DB.prepare("SELECT id, date, plan_id FROM seances_plan WHERE user_id = ? ORDER BY date")
    .bind(userId)
    .all<{ id: string; date: string; plan_id: string }>()
    .then((r) => r.results);
const tokenOf = (userId: string) =>
  env.DB.prepare("SELECT jeton_calendrier AS t FROM plans_entrainement WHERE user_id = ?")
    .bind(userId)
    .first<string>("t");

beforeAll(loadDemoData);

describe("the training plan's store", () => {
  it("replaces a plan entirely when it is generated again, keeping its calendar token", async () => {
    const userId = await premiumRunner();
    const first = form(["2", "4", "6", "7"], "7");
    await generatePlan(context, userId, first.data, first.typed);
    const before = await rows(userId);
    const token = await tokenOf(userId);
    expect(before.length).toBeGreaterThan(40);

    const second = form(["1", "3", "6"], "6");
    await generatePlan(context, userId, second.data, second.typed);
    const after = await rows(userId);
    expect(after.filter((r) => before.some((b) => b.id === r.id))).toEqual([]);
    expect(after.every((r) => [1, 3, 6, 7].includes(isoWeekday(r.date)))).toBe(true);
    expect(new Set(after.map((r) => r.plan_id)).size).toBe(1);
    expect(await tokenOf(userId)).toBe(token);
    const plans = await env.DB.prepare("SELECT count(*) AS n FROM plans_entrainement WHERE user_id = ?")
      .bind(userId)
      .first<number>("n");
    expect(plans).toBe(1);
  });

  it("leaves one whole plan when two regenerations run at once", async () => {
    const userId = await premiumRunner();
    const a = form(["2", "4", "7"], "7");
    const b = form(["1", "3", "5", "6"], "6");
    await Promise.all([
      generatePlan(context, userId, a.data, a.typed),
      generatePlan(context, userId, b.data, b.typed),
      generatePlan(context, userId, a.data, a.typed),
    ]);
    const days = new Set((await rows(userId)).map((r) => isoWeekday(r.date)));
    // The race (Sunday 11 April) is in both plans; every other session is on one plan's days only.
    days.delete(7);
    const onlyA = [...days].every((d) => [2, 4].includes(d));
    const onlyB = [...days].every((d) => [1, 3, 5, 6].includes(d));
    expect(onlyA || onlyB).toBe(true);
    expect(days.size).toBeGreaterThan(0);
  });

  it("shows a session to its owner only", async () => {
    const owner = await premiumRunner();
    const other = await premiumRunner();
    const f = form(["2", "4", "6", "7"], "7");
    await generatePlan(context, owner, f.data, f.typed);
    const [session] = await rows(owner);

    const mine = await planSessionOfUser(context, owner, session.id);
    expect(mine?.session.date).toBe(session.date);
    expect(mine?.thresholdSpeedMps).toBeCloseTo(1000 / 300);
    expect(await planSessionOfUser(context, other, session.id)).toBeNull();
    await expect(sessionPage(context, other, session.id, false)).rejects.toMatchObject({ status: 404 });
    const page = await sessionPage(context, owner, session.id, true);
    expect(page.explanation).toContain("Semaine 1");
    expect(page.assistant).toBe("local");

    const week = await planSessionsBetween(context, owner, "2026-11-30", "2026-12-06");
    expect(week.length).toBe(4);
    expect(week.every((s) => s.session.date >= "2026-11-30" && s.session.date <= "2026-12-06")).toBe(true);
    expect(await planSessionsBetween(context, other, "2026-11-30", "2026-12-06")).toEqual([]);
  });
});

describe("the calendar feed", () => {
  it("has one VEVENT per session, none once the subscription has lapsed, and stops after 'Nouveau lien'", async () => {
    const userId = await premiumRunner();
    const f = form(["2", "4", "6", "7"], "7");
    await generatePlan(context, userId, f.data, f.typed);
    const token = (await tokenOf(userId))!;
    const count = (await rows(userId)).length;

    const feed = await planCalendarFeed(context, token);
    expect(feed?.match(/BEGIN:VEVENT/g)).toHaveLength(count);
    expect(await planCalendarFeed(context, "x".repeat(43))).toBeNull();

    const lapsed = await planCalendarFeed(testContext(fixedClock("2028-01-15T09:00:00.000Z")), token);
    expect(lapsed).toContain("BEGIN:VCALENDAR");
    expect(lapsed).not.toContain("BEGIN:VEVENT");

    await rotatePlanCalendar(context, userId);
    expect(await planCalendarFeed(context, token)).toBeNull();
    const fresh = (await tokenOf(userId))!;
    expect(fresh).not.toBe(token);
    expect((await planCalendarFeed(context, fresh))?.match(/BEGIN:VEVENT/g)).toHaveLength(count);
  });
});

describe("the race from a registration", () => {
  it("offers the formats of the runner's validated registrations to come, and refuses any other", async () => {
    const runner = DEMO_USERS.coureur.id;
    const choices = await raceChoices(context, runner);
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.every((c) => c.date > "2026-11-26")).toBe(true);
    const race = choices.find((c) => (c.distanceKm ?? 0) > 0 && c.date >= "2026-12-20");
    expect(race).toBeDefined();
    const f = form(["2", "4", "6", "7"], "7");
    const chosen = PlanFormSchema.parse({ ...f.typed, formatId: race!.formatId, dateCourse: "", distanceKm: "" });
    await generatePlan(context, runner, chosen, f.typed);
    const plan = await env.DB.prepare(
      "SELECT format_id, date_course, distance_km FROM plans_entrainement WHERE user_id = ?",
    )
      .bind(runner)
      .first();
    expect(plan).toEqual({ format_id: race!.formatId, date_course: race!.date, distance_km: race!.distanceKm });

    const other = await premiumRunner();
    await expect(generatePlan(context, other, { ...chosen, formatId: race!.formatId }, f.typed)).rejects.toMatchObject({
      code: "course_introuvable",
      field: "formatId",
    });
  });
});
