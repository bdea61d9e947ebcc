// The advance on request (issue 43, decision 0215): an event's finance page for its organiser (payments, books,
// requests), the request, and the admin's decision. A release is the admin's 'acompte' on the event's collected
// payments with the request's id as its token: the transfers' ids derive from it, so a release sent twice transfers
// once; the J+1 payout then sends only what the advance left (each payment's net remaining).
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  decideAdvance,
  eventNetRemaining,
  eventTotals,
  findAdvance,
  insertAdvanceRequest,
  listEventAdvances,
  listEventPayments,
  listPendingAdvances,
  recordAdvancePaid,
  type AdvanceRow,
} from "~/db/advances.server";
import { accountEmail } from "~/db/audit.server";
import { advanceDecisionEmail } from "~/emails/advance";
import {
  type AdvanceDecision,
  AdvanceError,
  advanceEstimate,
  advanceRefusal,
  ADVANCE_STATUS_LABELS,
} from "~/domain/advance";
import { formatEuros } from "~/domain/format";
import { DEFAULT_DEPOSIT_PERCENT } from "~/domain/money";
import * as paths from "~/domain/paths";
import { type AuditActor, recordAction } from "./audit.server";
import { requireEventRight } from "./event-access.server";
import { releaseFunds, type ReleaseReport } from "./payouts.server";

type Ctx = AppLoadContext;
export type { AdvanceRow, EventPaymentRow } from "~/db/advances.server";

/** The most recent payments the finance page lists (the totals count them all). */
export const EVENT_PAYMENTS_SHOWN = 200;

/** The event whose money the user may see: its owner's, or a co-organiser's with Finances (else not found). */
async function financeCourse(context: Ctx, user: AuditActor, courseId: string) {
  return (await requireEventRight(context, user, courseId, "finances")).course;
}

/** An event's finance page: its books, its payments, its advance requests and what a new request would bring. */
export async function eventFinances(context: Ctx, user: AuditActor, courseId: string) {
  const course = await financeCourse(context, user, courseId);
  const [totals, payments, advances, net] = await Promise.all([
    eventTotals(context.db, course.id),
    listEventPayments(context.db, course.id, EVENT_PAYMENTS_SHOWN),
    listEventAdvances(context.db, course.id),
    eventNetRemaining(context.db, course.id),
  ]);
  const pending = advances.some((a) => a.statut === "en_attente");
  return {
    course: { id: course.id, nom: course.nom },
    totals,
    payments,
    advances,
    estimate: advanceEstimate(net.nets, DEFAULT_DEPOSIT_PERCENT),
    defaultPercent: DEFAULT_DEPOSIT_PERCENT,
    refusal: advanceRefusal({ netRemainingCents: net.total, pending }),
  };
}

/** The organiser asks for an advance on the event's collected net; one pending request per event at a time. */
export async function requestAdvance(
  context: Ctx,
  user: AuditActor,
  courseId: string,
  input: { message: string | null },
): Promise<string> {
  const course = await financeCourse(context, user, courseId);
  const net = await eventNetRemaining(context.db, course.id);
  const refusal = advanceRefusal({ netRemainingCents: net.total, pending: false });
  if (refusal) throw new AdvanceError(refusal);
  const id = await insertAdvanceRequest(context.db, {
    id: crypto.randomUUID(),
    courseId: course.id,
    demandePar: user.id,
    message: input.message,
    netRestant: net.total,
    at: context.clock.now().toISOString(),
  });
  if (!id) throw new AdvanceError("deja_demandee");
  const estimate = advanceEstimate(net.nets, DEFAULT_DEPOSIT_PERCENT);
  await recordAction(
    context,
    user,
    "organisateur",
    "acompte.demande",
    { courseId: course.id, courseNom: course.nom, objet: `Acompte de ${formatEuros(estimate)} estimé` },
    [{ champ: "Net restant", avant: "", apres: formatEuros(net.total) }],
  );
  return id;
}

/** The admin's queue: pending requests, oldest first, each with the event's net remaining now. */
export function pendingAdvances(context: Ctx) {
  return listPendingAdvances(context.db);
}

/** One request for the admin's decision page, with the event's net remaining now and the default release. */
export async function advanceForAdmin(context: Ctx, id: string) {
  const row = await findAdvance(context.db, id);
  if (!row) throw new AdvanceError("introuvable");
  const net = await eventNetRemaining(context.db, row.course_id);
  return {
    request: { ...row, statutLabel: ADVANCE_STATUS_LABELS[row.statut] },
    netNow: net.total,
    payments: net.nets.length,
    defaultPercent: DEFAULT_DEPOSIT_PERCENT,
    estimate: advanceEstimate(net.nets, DEFAULT_DEPOSIT_PERCENT),
  };
}

export type AdvanceOutcome = { statut: "versee"; montantCents: number; report: ReleaseReport } | { statut: "refusee" };

/**
 * The admin releases (transfers of `pourcentage` % of each collected payment's net remaining) or refuses (with a
 * reason) a pending request. The decision is written first, by one conditional UPDATE: of two admins deciding at
 * once, one wins and the other is told it was already decided; then the transfers, then the organiser's e-mail.
 */
export async function decideAdvanceRequest(
  context: Ctx,
  admin: AuditActor,
  id: string,
  decision: AdvanceDecision,
): Promise<AdvanceOutcome> {
  const row = await findAdvance(context.db, id);
  if (!row) throw new AdvanceError("introuvable");
  const at = context.clock.now().toISOString();
  const target = {
    courseId: row.course_id,
    courseNom: row.course_nom,
    objet: `Demande du ${row.created_at.slice(0, 10)}`,
  };
  if (decision.intent === "refuser") {
    if (!(await decideAdvance(context.db, id, { statut: "refusee", motif: decision.motif, by: admin.id, at })))
      throw new AdvanceError("deja_traitee");
    await recordAction(context, admin, "admin", "acompte.refuse", target, [
      { champ: "Motif", avant: "", apres: decision.motif },
    ]);
    await notify(context, row, { statut: "refusee", motif: decision.motif });
    return { statut: "refusee" };
  }
  const pourcentage = decision.pourcentage;
  if (!(await decideAdvance(context.db, id, { statut: "versee", pourcentage, by: admin.id, at })))
    throw new AdvanceError("deja_traitee");
  const net = await eventNetRemaining(context.db, row.course_id);
  const report = await releaseFunds(context, {
    paiementIds: net.paiementIds,
    mode: "acompte",
    depositPercent: pourcentage,
    adminId: admin.id,
    token: id,
  });
  const montantCents = await recordAdvancePaid(context.db, id);
  await recordAction(context, admin, "admin", "acompte.verse", target, [
    { champ: "Acompte", avant: "", apres: `${pourcentage} % — ${formatEuros(montantCents)}` },
  ]);
  await notify(context, row, { statut: "versee", pourcentage, montantCents });
  return { statut: "versee", montantCents, report };
}

/** The decision's e-mail to the event's owner and to whoever asked, once each. */
async function notify(
  context: Ctx,
  row: AdvanceRow,
  d: { statut: "versee"; pourcentage: number; montantCents: number } | { statut: "refusee"; motif: string },
): Promise<void> {
  const url = paths.absoluteUrl(context.env.APP_URL, paths.eventFinances(row.course_id));
  const mail = advanceDecisionEmail({ courseNom: row.course_nom, url, ...d });
  const ids = new Set([row.organisateur_id, row.demande_par].filter((v): v is string => !!v));
  for (const userId of ids) {
    const to = await accountEmail(context.db, userId);
    if (to)
      await context.mailer.send({ to, ...mail, kind: "advance_decision", dedupeKey: `acompte:${row.id}:${userId}` });
  }
}
