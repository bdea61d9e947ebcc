// The e-mails of a registration's payment: the confirmation (once per registration, whatever the replays) and the
// refund of a payment that could not be kept (late, wrong amount, event withdrawn).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { courses, formats, inscriptions } from "~/db/schema";
import {
  confirmationEmail,
  refusedPaymentEmail,
  strayPaymentEmail,
  type RefusedPaymentReason,
  type StrayPaymentReason,
} from "~/emails/registration";
import { withEvent } from "~/db/registrations.server";
import * as paths from "~/domain/paths";
import { confirmationQrUrl } from "./check-in.server";

type Ctx = AppLoadContext;

/** An address of the site for an e-mail. */
const siteUrl = (context: Ctx, path: string) => paths.absoluteUrl(context.env.APP_URL, path);

async function emailData(context: Ctx, inscriptionId: string) {
  const [r] = await withEvent(
    context.db
      .select({
        i: inscriptions,
        courseNom: courses.nom,
        lieu: courses.lieu,
        formatNom: formats.nom,
        date: formats.date,
        heure: formats.heure_depart,
        km: formats.distance_km,
        dplus: formats.denivele_dplus,
      })
      .from(inscriptions)
      .$dynamic(),
  )
    .where(eq(inscriptions.id, inscriptionId))
    .limit(1);
  if (!r?.i.email) return null;
  return {
    to: r.i.email,
    data: {
      inscriptionId,
      courseNom: r.courseNom,
      lieu: r.lieu,
      formatNom: r.formatNom,
      date: r.date,
      heureDepart: r.heure,
      distanceKm: r.km,
      dplus: r.dplus,
      prenom: r.i.prenom,
      nom: r.i.nom,
      email: r.i.email,
      nombreRepas: r.i.nombre_repas,
      totalCents: r.i.prix_total_coureur_cents,
    },
  };
}

/** The confirmation e-mail, sent once per registration whatever the replays (dedupe key). */
export async function sendConfirmationEmail(context: Ctx, inscriptionId: string): Promise<boolean> {
  const d = await emailData(context, inscriptionId);
  if (!d) return false;
  const mail = confirmationEmail({
    ...d.data,
    url: siteUrl(context, paths.myRegistration(inscriptionId)),
    qrUrl: await confirmationQrUrl(context, inscriptionId),
  });
  return context.mailer.send({
    to: d.to,
    ...mail,
    kind: "confirmation_inscription",
    dedupeKey: `confirmation:${inscriptionId}`,
  });
}

/** A payment that belongs to no place, refunded in full (once per checkout session). */
export async function sendStrayPaymentEmail(
  context: Ctx,
  input: { inscriptionId: string; sessionId: string; amountCents: number; reason: StrayPaymentReason },
): Promise<boolean> {
  const d = await emailData(context, input.inscriptionId);
  if (!d) return false;
  const mail = strayPaymentEmail(
    { ...d.data, totalCents: input.amountCents, coursesUrl: siteUrl(context, paths.eventsPage()) },
    input.reason,
  );
  return context.mailer.send({
    to: d.to,
    ...mail,
    kind: "paiement_rembourse",
    dedupeKey: `stray-payment:${input.sessionId}`,
  });
}

/** A payment that could not be kept, refunded in full: the runner is told why, once. */
export async function sendRefusedPaymentEmail(
  context: Ctx,
  inscriptionId: string,
  amountCents: number,
  reason: RefusedPaymentReason,
): Promise<boolean> {
  const d = await emailData(context, inscriptionId);
  if (!d) return false;
  const mail = refusedPaymentEmail(
    { ...d.data, totalCents: amountCents, coursesUrl: siteUrl(context, paths.eventsPage()) },
    reason,
  );
  return context.mailer.send({
    to: d.to,
    ...mail,
    kind: "paiement_rembourse",
    dedupeKey: `refused-payment:${inscriptionId}`,
  });
}
