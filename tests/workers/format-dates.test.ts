// A format's race date once runners paid (issue 40, docs/decisions/0196): the database never moves the J+1 payout's
// day earlier (migration 0053), the event form refuses a paid format's date moved earlier or into the past (beside
// the field, what was typed kept), a postponement is saved and e-mailed to the runners; and the form's other
// promises: no past date for a new or changed date, no registration window ending after the race, no transfer fee
// above the price.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { FORMAT_DATE_MESSAGES } from "../../app/domain/format-dates";
import { parisDate } from "../../app/domain/refund";
import { CLOSING_AFTER_RACE_MESSAGE } from "../../app/domain/registration-window";
import { transferFeeAbovePriceMessage } from "../../app/domain/transfer";
import { runDuePayouts } from "../../app/services/payouts.server";
import { html } from "./accounts-helpers";
import { loadDemoData } from "./helpers";
import { courseForm, ORG1, post, row, rows, sessionCookie } from "./organiser-helpers";
import { account, enableOrganiserAccount, fixedClock, paidRegistration, testContext } from "./payments-helpers";

/** Today's Paris day moved by `n` days (YYYY-MM-DD). */
function day(n: number): string {
  const [y, m, d] = parisDate(new Date()).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The error shown beside the event form's field named `name` (ids have no brackets), unescaped (null: none). */
function errorOf(page: string, name: string): string | null {
  const id = `f-${name.replace(/[^a-z0-9]/gi, "-")}-error`;
  return new RegExp(`<p id="${id}" class="field-error">([^<]*)</p>`).exec(page)?.[1] ?? null;
}

let org1 = "";
let seq = 0;

beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
  org1 = await sessionCookie(ORG1.id);
});

/** An online event of the demo organiser, one format on `date` (42 € and 12 € meals); paid by a runner if `paid`. */
async function format(date: string, paid = true) {
  seq += 1;
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, lat, lng, organisateur_id, en_ligne, slug) VALUES (?, ?, 'Annecy', 'Haute-Savoie', '74000', 45.9, 6.1, ?, 1, ?)",
    ).bind(courseId, `Dates ${seq}`, ORG1.id, `dates-${seq}-${courseId.slice(0, 8)}`),
    env.DB.prepare(
      `INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, stock_repas, prix_repas_cents)
       VALUES (?, ?, 'Boucle', ?, '09:00', 4200, 10, 1200)`,
    ).bind(formatId, courseId, date),
  ]);
  const runner = await account("coureur-dates");
  const inscriptionId = paid ? await paidRegistration(courseId, formatId, runner) : null;
  return { courseId, formatId, runner, inscriptionId };
}

/** The event form as the organiser sends it for that event, the format's date set to `date` (and `more`). */
function editForm(f: { courseId: string; formatId: string }, date: string, more: Record<string, string> = {}) {
  return courseForm({ nom: "Trail daté", lieu: "Annecy", code_postal: "74000", lat: "45,9", lng: "6,1" }, [
    {
      id: f.formatId,
      nom: "Boucle",
      date,
      heure_depart: "09:00",
      prix: "42",
      stock_repas: "10",
      prix_repas: "12",
      ...more,
    },
  ]);
}

const payoutDue = async (formatId: string) =>
  (await row<{ payout_due_on: string | null }>("SELECT payout_due_on FROM paiements WHERE format_id = ?", formatId))
    ?.payout_due_on;
const formatDate = async (formatId: string) =>
  (await row<{ date: string | null }>("SELECT date FROM formats WHERE id = ?", formatId))?.date;

describe("the database: the payout's day never moves earlier (migration 0053)", () => {
  it("a format's date moved earlier, removed or put back in SQL leaves it; a later date moves it later", async () => {
    const f = await format(day(30));
    expect(await payoutDue(f.formatId)).toBe(day(31));
    await env.DB.prepare("UPDATE formats SET date = ? WHERE id = ?").bind(day(-1), f.formatId).run();
    expect(await payoutDue(f.formatId)).toBe(day(31));
    await env.DB.prepare("UPDATE formats SET date = NULL WHERE id = ?").bind(f.formatId).run();
    expect(await payoutDue(f.formatId)).toBe(day(31));
    await env.DB.prepare("UPDATE formats SET date = ? WHERE id = ?").bind(day(40), f.formatId).run();
    expect(await payoutDue(f.formatId)).toBe(day(41));
    await env.DB.prepare("UPDATE formats SET date = ? WHERE id = ?").bind(day(35), f.formatId).run();
    expect(await payoutDue(f.formatId)).toBe(day(41));
    // Today's cron pays nothing out for it.
    await runDuePayouts(testContext());
    expect(
      await rows(
        "SELECT id FROM transferts WHERE paiement_id IN (SELECT id FROM paiements WHERE format_id = ?)",
        f.formatId,
      ),
    ).toEqual([]);
  });
});

describe("the event form: a paid format's date", () => {
  it("saved with yesterday's date: refused beside the field, what was typed kept, nothing moves, no payout", async () => {
    const f = await format(day(30));
    const res = await post(`/modifier-course/${f.courseId}`, editForm(f, day(-1)), org1);
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(errorOf(page, "formats[0].date")).toBe(FORMAT_DATE_MESSAGES.earlier(day(30)));
    expect(page).toContain(`value="${day(-1)}"`);
    expect(page).toContain('value="Trail daté"');
    expect(await formatDate(f.formatId)).toBe(day(30));
    expect(await payoutDue(f.formatId)).toBe(day(31));
    // The next cron (even tomorrow) sends the organiser nothing for it; the runner is told nothing.
    await runDuePayouts(testContext(fixedClock(`${day(1)}T10:00:00.000Z`)));
    expect(
      await rows(
        "SELECT id FROM transferts WHERE paiement_id IN (SELECT id FROM paiements WHERE format_id = ?)",
        f.formatId,
      ),
    ).toEqual([]);
    expect(
      await row(
        "SELECT count(*) AS n FROM mail_outbox WHERE to_email = ? AND kind = 'course_reportee'",
        f.runner.email,
      ),
    ).toEqual({ n: 0 });
  });

  it.each([
    ["earlier but still to come", 20],
    ["to today", 0],
  ])("moved %s: refused the same way", async (_label, to) => {
    const f = await format(day(30));
    const res = await post(`/modifier-course/${f.courseId}`, editForm(f, day(to)), org1);
    expect(res.status).toBe(400);
    expect(errorOf(await html(res), "formats[0].date")).toBe(FORMAT_DATE_MESSAGES.earlier(day(30)));
    expect(await formatDate(f.formatId)).toBe(day(30));
  });

  it("its date removed: refused beside the field", async () => {
    const f = await format(day(30));
    const res = await post(`/modifier-course/${f.courseId}`, editForm(f, ""), org1);
    expect(res.status).toBe(400);
    expect(errorOf(await html(res), "formats[0].date")).toBe(FORMAT_DATE_MESSAGES.removed);
    expect(await formatDate(f.formatId)).toBe(day(30));
  });

  it("postponed: saved, the payout moves later with it, the paid runner is e-mailed in French, once", async () => {
    const f = await format(day(30));
    const res = await post(`/modifier-course/${f.courseId}`, editForm(f, day(60)), org1);
    expect(res.status).toBe(302);
    expect(await formatDate(f.formatId)).toBe(day(60));
    expect(await payoutDue(f.formatId)).toBe(day(61));
    const mails = await rows<{ subject: string; text: string }>(
      "SELECT subject, text FROM mail_outbox WHERE to_email = ? AND kind = 'course_reportee'",
      f.runner.email,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("Course reportée : Trail daté — Boucle a lieu le ");
    expect(mails[0].text).toContain(`/mon-inscription/${f.inscriptionId}`);
    expect(mails[0].text).toContain("Votre inscription reste valable pour la nouvelle date");
    // Saved again as it is: nothing more is sent.
    expect((await post(`/modifier-course/${f.courseId}`, editForm(f, day(60)), org1)).status).toBe(302);
    expect(
      await row(
        "SELECT count(*) AS n FROM mail_outbox WHERE to_email = ? AND kind = 'course_reportee'",
        f.runner.email,
      ),
    ).toEqual({ n: 1 });
  });
});

describe("the event form: past dates, the registration window, the transfer fee", () => {
  it("a new event on a past date is refused beside the field, nothing created", async () => {
    const before = await row<{ n: number }>("SELECT count(*) AS n FROM courses");
    const res = await post(
      "/organisateur/nouvelle-course",
      courseForm({ nom: "Course d'hier" }, [{ nom: "Boucle", date: day(-1) }]),
      org1,
    );
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(errorOf(page, "formats[0].date")).toBe(FORMAT_DATE_MESSAGES.past);
    expect(page).toContain(`value="${day(-1)}"`);
    expect(await row("SELECT count(*) AS n FROM courses")).toEqual(before);
  });

  it("an unpaid format: its past date kept as it is saves; changed to another past day, refused", async () => {
    const f = await format(day(-10), false);
    expect((await post(`/modifier-course/${f.courseId}`, editForm(f, day(-10)), org1)).status).toBe(302);
    const res = await post(`/modifier-course/${f.courseId}`, editForm(f, day(-3)), org1);
    expect(res.status).toBe(400);
    expect(errorOf(await html(res), "formats[0].date")).toBe(FORMAT_DATE_MESSAGES.past);
    expect(await formatDate(f.formatId)).toBe(day(-10));
    // Unpaid, it may move earlier as long as it stays to come.
    expect((await post(`/modifier-course/${f.courseId}`, editForm(f, day(5)), org1)).status).toBe(302);
    expect((await post(`/modifier-course/${f.courseId}`, editForm(f, day(2)), org1)).status).toBe(302);
    expect(await formatDate(f.formatId)).toBe(day(2));
  });

  it("a registration window ending after the race and a transfer fee above the price: refused beside each field", async () => {
    const f = await format(day(30), false);
    const res = await post(
      `/modifier-course/${f.courseId}`,
      editForm(f, day(30), { cloture_date: day(31), cession_active: "oui", cession_frais: "42,01" }),
      org1,
    );
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(errorOf(page, "formats[0].cloture_date")).toBe(CLOSING_AFTER_RACE_MESSAGE);
    expect(errorOf(page, "formats[0].cession_frais")).toBe(transferFeeAbovePriceMessage(4200));
    expect(page).toContain('value="42,01"');
    expect(await row("SELECT cloture_inscriptions, cession_active FROM formats WHERE id = ?", f.formatId)).toEqual({
      cloture_inscriptions: null,
      cession_active: 0,
    });
    // At the start and at the price: saved.
    const ok = await post(
      `/modifier-course/${f.courseId}`,
      editForm(f, day(30), {
        cloture_date: day(30),
        cloture_heure: "09:00",
        cession_active: "oui",
        cession_frais: "42",
      }),
      org1,
    );
    expect(ok.status).toBe(302);
  });
});
