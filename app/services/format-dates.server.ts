// The event form's save and the formats' race dates (issue 40, decision 0196): a new or changed date is never past,
// and once runners paid a format its date only moves later (the rule: app/domain/format-dates.ts). A postponement is
// e-mailed to the format's registered runners. The database keeps the payout's day from moving earlier whatever
// the application does (migration 0053).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { formatsWithCollectedPayments } from "~/db/payments.server";
import { raceMailColumns, withEvent } from "~/db/registrations.server";
import { formats, inscriptions } from "~/db/schema";
import { type FieldErrors, type FormatInput, formatFieldName } from "~/domain/course-form";
import { dateChangeAllowed } from "~/domain/format-dates";
import { parisDate } from "~/domain/refund";
import { postponementEmail } from "~/emails/postponement";
import * as paths from "~/domain/paths";

type Ctx = AppLoadContext;

export interface Postponement {
  formatId: string;
  oldDate: string;
  newDate: string;
}

/**
 * Checks the dates typed in the event form against the stored ones (`courseId` null: a new event). Errors are keyed
 * by the date inputs ("formats[1].date"); `postponed` lists the formats whose date moves later, to tell their runners
 * once saved.
 */
export async function checkFormatDates(
  context: Ctx,
  courseId: string | null,
  input: readonly FormatInput[],
): Promise<{ errors: FieldErrors; postponed: Postponement[] }> {
  const stored = courseId
    ? await context.db
        .select({ id: formats.id, date: formats.date })
        .from(formats)
        .where(eq(formats.course_id, courseId))
    : [];
  const oldDates = new Map(stored.map((f) => [f.id, f.date]));
  const oldDate = (f: FormatInput) => (f.id ? (oldDates.get(f.id) ?? null) : null);
  const changed = input.filter((f) => f.id && f.date !== oldDate(f)).map((f) => f.id as string);
  const paid = await formatsWithCollectedPayments(context.db, changed);
  const today = parisDate(context.clock.now());
  const errors: FieldErrors = {};
  const postponed: Postponement[] = [];
  input.forEach((f, i) => {
    const before = oldDate(f);
    const d = dateChangeAllowed({
      oldDate: before,
      newDate: f.date,
      today,
      hasCollectedPayments: f.id ? paid.has(f.id) : false,
    });
    if (!d.ok) errors[formatFieldName(i, "date")] = d.message;
    else if (d.postponed && f.id && before && f.date)
      postponed.push({ formatId: f.id, oldDate: before, newDate: f.date });
  });
  return { errors, postponed };
}

/** E-mails each runner registered (validated) on a postponed format its new date, once per registration and date. */
export async function sendPostponementEmails(context: Ctx, postponed: readonly Postponement[]): Promise<number> {
  let sent = 0;
  for (const p of postponed) {
    const runners = await withEvent(
      context.db
        .select({ id: inscriptions.id, ...raceMailColumns, heureDepart: formats.heure_depart })
        .from(inscriptions)
        .$dynamic(),
    ).where(
      and(
        eq(inscriptions.format_id, p.formatId),
        inArray(inscriptions.statut, ["validee"]),
        isNotNull(inscriptions.email),
      ),
    );
    for (const r of runners) {
      if (!r.email) continue;
      const mail = postponementEmail({
        prenom: r.prenom,
        courseNom: r.courseNom,
        formatNom: r.formatNom,
        oldDate: p.oldDate,
        newDate: p.newDate,
        heureDepart: r.heureDepart,
        url: paths.absoluteUrl(context.env.APP_URL, paths.myRegistration(r.id)),
      });
      const fresh = await context.mailer.send({
        to: r.email,
        ...mail,
        kind: "course_reportee",
        dedupeKey: `course-reportee:${r.id}:${p.newDate}`,
      });
      if (fresh) sent += 1;
    }
  }
  return sent;
}
