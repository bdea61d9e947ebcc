// Premium's weekly feedback in workerd with real D1 (issue 47, decision 0230): two crons fired at once on a Monday
// send one e-mail per Premium runner with a plan; a Tuesday sends none; a lapsed runner gets none; the week's
// figures add up the plan's sessions and the activities stored through the activities' store.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { upsertActivity } from "~/db/activities.server";
import type { ActivitySport } from "~/domain/activity";
import { fixedClock } from "~/providers/clock";
import { runMaintenance } from "~/services/maintenance.server";
import { generatePlan, planSessionsBetween } from "~/services/training-plan.server";
import { feedbackForWeek, reviewedWeek, sendWeeklyFeedback } from "~/services/weekly-feedback.server";
import { loadDemoData } from "./helpers";
import { testContext } from "./payments-helpers";
import { newPremiumRunner, typedPlanForm } from "./premium-helpers";

const PLANNED_AT = testContext(fixedClock("2026-11-26T09:00:00.000Z"));
/** Monday 7 December 2026, 09:00 in Paris: the week reviewed is Monday 30 November to Sunday 6 December. */
const MONDAY = "2026-12-07T08:00:00.000Z";
const TUESDAY = "2026-12-08T08:00:00.000Z";
const WEEK = "2026-11-30";

function runner(periodEnd = "2027-11-26T00:00:00.000Z"): Promise<{ id: string; email: string }> {
  return newPremiumRunner("bilan", periodEnd);
}

function form() {
  return typedPlanForm({ nomCourse: "Marathon du bilan" });
}

async function withPlan(periodEnd?: string) {
  const r = await runner(periodEnd);
  const f = form();
  await generatePlan(PLANNED_AT, r.id, f.data, f.typed);
  return r;
}

const mails = (to: string) =>
  env.DB.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE to_email = ? AND kind = 'premium_weekly_feedback'")
    .bind(to)
    .first<number>("n");

beforeAll(loadDemoData);

describe("the Monday e-mail", () => {
  it("two crons fired at once on a Monday send one e-mail per Premium runner with a plan, none on Tuesday", async () => {
    const a = await withPlan();
    const b = await withPlan();
    const noPlan = await runner();
    const monday = testContext(fixedClock(MONDAY));
    const reports = await Promise.all([runMaintenance(monday), runMaintenance(monday)]);
    expect(reports.every((r) => r.errors === 0)).toBe(true);
    expect(reports[0].weeklyFeedbacks + reports[1].weeklyFeedbacks).toBeGreaterThanOrEqual(2);
    expect(await mails(a.email)).toBe(1);
    expect(await mails(b.email)).toBe(1);
    expect(await mails(noPlan.email)).toBe(0);
    const key = await env.DB.prepare("SELECT dedupe_key AS k, subject AS s FROM mail_outbox WHERE to_email = ?")
      .bind(a.email)
      .first<{ k: string; s: string }>();
    expect(key?.k).toBe(`premium:bilan:${a.id}:${WEEK}`);
    expect(key?.s).toContain("30\u00a0novembre");

    // The next run on Monday sends nothing again; a Tuesday sends nothing, even to a runner not sent yet.
    expect(await sendWeeklyFeedback(monday)).toBe(0);
    const late = await withPlan();
    expect(await sendWeeklyFeedback(testContext(fixedClock(TUESDAY)))).toBe(0);
    expect(await mails(a.email)).toBe(1);
    expect(await mails(late.email)).toBe(0);
  });

  it("greets the runner by the first name of their profile, and plainly without one", async () => {
    const named = await withPlan();
    await env.DB.prepare("INSERT INTO profils_utilisateurs (user_id, prenom) VALUES (?, ' Léa ')").bind(named.id).run();
    const plain = await withPlan();
    await sendWeeklyFeedback(testContext(fixedClock(MONDAY)));
    const text = (to: string) =>
      env.DB.prepare("SELECT text FROM mail_outbox WHERE to_email = ? AND kind = 'premium_weekly_feedback'")
        .bind(to)
        .first<string>("text");
    expect((await text(named.email))?.split("\n")).toContain("Bonjour Léa,");
    expect((await text(plain.email))?.split("\n")).toContain("Bonjour,");
  });

  it("sends nothing to a runner whose subscription has lapsed", async () => {
    const lapsed = await withPlan("2026-12-01T00:00:00.000Z");
    await sendWeeklyFeedback(testContext(fixedClock(MONDAY)));
    expect(await mails(lapsed.email)).toBe(0);
  });
});

describe("the week's figures", () => {
  it("adds up the plan's sessions of the week and the running activities done", async () => {
    const r = await withPlan();
    const sessions = (await planSessionsBetween(PLANNED_AT, r.id, WEEK, "2026-12-06")).map((s) => s.session);
    expect(sessions.length).toBe(3);
    const longRun = sessions.find((s) => s.kind === "sortie_longue");
    expect(longRun).toBeTruthy();
    const run = (
      sourceId: string,
      startedAt: string,
      km: number,
      dplus: number,
      sec: number,
      sport: ActivitySport = "course",
    ) =>
      upsertActivity(PLANNED_AT.db, {
        id: crypto.randomUUID(),
        userId: r.id,
        sourceId,
        summary: {
          startedAt,
          name: sourceId,
          sport,
          distanceM: km * 1000,
          elevationGainM: dplus,
          movingTimeSec: sec,
          source: "gpx",
        },
      });
    await run("mardi", `${sessions[0].date}T17:00:00.000Z`, 8, 40, 2700);
    await run("dimanche", `${longRun!.date}T08:00:00.000Z`, 16.5, 120, 5400);
    await run("velo", `${longRun!.date}T14:00:00.000Z`, 40, 300, 5400, "autre");
    await run("avant", "2026-11-29T23:30:00.000Z", 5, 0, 1500); // Monday 30 November 00:30 in Paris: in the week

    const page = await feedbackForWeek(testContext(fixedClock(MONDAY)), r.id, WEEK);
    const f = page.feedback;
    const sum = (xs: (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);
    expect(f.planned.distanceKm).toBeCloseTo(sum(sessions.map((s) => s.distanceKm)), 1);
    expect(f.done).toEqual({ distanceKm: 29.5, dplusM: 160, timeSec: 9600 });
    expect(f.sessions.planned).toBe(3);
    expect(f.sessions.done).toBeGreaterThanOrEqual(2);
    expect(f.otherActivities.map((a) => a.name)).toEqual(["velo"]);
    expect(f.longRun.doneSec).toBe(5400);
    expect(f.trend.weeks.at(-1)?.weekStart).toBe(WEEK);
    expect(f.trend.daysLeft).toBeGreaterThan(100);
    expect(f.sentences.length).toBeGreaterThan(0);
    expect(page.plan?.raceName).toBe("Marathon du bilan");
    expect(page.activityCount).toBe(4);
  });
});

describe("the week the page reviews", () => {
  it("is `semaine` when it is a Monday, else the current week's", () => {
    const now = new Date(TUESDAY);
    expect(reviewedWeek(WEEK, now)).toBe(WEEK);
    expect(reviewedWeek("2026-12-01", now)).toBe("2026-12-07");
    expect(reviewedWeek("2026-02-30", now)).toBe("2026-12-07");
    expect(reviewedWeek("n'importe quoi", now)).toBe("2026-12-07");
    expect(reviewedWeek(null, now)).toBe("2026-12-07");
  });
});
