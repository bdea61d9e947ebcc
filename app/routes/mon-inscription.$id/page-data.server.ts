// The runner's own registration page's data (the loader's): the registration's fields, its justificatif's check,
// the refund quote, the notices the URL carries, the history and the bib transfer panel.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { useLoaderData } from "@remix-run/react";
import { CancelError, readOnlyMessage } from "~/domain/cancellation";
import { isCompetition } from "~/domain/eligibility";
import { JUSTIFICATIF_ETAT_LABELS, justificatifEtat, refusalText } from "~/domain/justificatif";
import { parisDate } from "~/domain/refund";
import { isReadOnlyForRunner, runnerListStatus, runnerListTone, runnerMayPay } from "~/domain/registration-rules";
import { ownDocument } from "~/services/justificatif-documents.server";
import { ownResults } from "~/services/results.server";
import { loadHistory } from "~/services/registration-changes.server";
import { loadRunnerRegistrationDetails } from "~/services/runner-registration.server";
import { loadTransferPanel } from "~/services/transfer-reads.server";
import { domainErrorResponse } from "~/utils/domain-errors";

type Ctx = LoaderFunctionArgs["context"];

/** Someone else's registration reads like a missing one: the French 404. */
export const notFound = () => domainErrorResponse(new CancelError("inscription_introuvable"));

/** The page's data for the runner `userId` (owner only: anyone else gets the 404). */
export async function myRegistrationPage(context: Ctx, userId: string, id: string, url: URL) {
  const reg = await loadRunnerRegistrationDetails(context, userId, id);
  if (!reg) throw notFound();
  const i = reg.inscription;
  const competition = isCompetition(reg.format);
  const etat = justificatifEtat(i, competition);
  return {
    id: i.id,
    statut: i.statut,
    // The same words as the runner's lists (issue 42): an unpaid or expired registration is not 'Active'.
    badge: runnerListStatus(i, context.clock.now()),
    badgeTone: runnerListTone(i, context.clock.now()),
    mayPay: runnerMayPay(i),
    readOnly: isReadOnlyForRunner(i.statut),
    readOnlyMessage: readOnlyMessage(i.statut),
    fields: {
      nom: i.nom,
      prenom: i.prenom,
      genre: i.genre,
      date_naissance: i.date_naissance,
      nationalite: i.nationalite,
      email: i.email,
      telephone: i.telephone,
      adresse: i.adresse,
      adresse_complement: i.adresse_complement,
      code_postal: i.code_postal,
      ville: i.ville,
      pays: i.pays,
      club: i.club,
      justificatif_type: i.justificatif_type,
      numero_licence: i.numero_licence,
      pps_identifier: i.pps_identifier,
      pps_expiration: i.pps_expiration,
      contact_urgence_nom: i.contact_urgence_nom,
      contact_urgence_telephone: i.contact_urgence_telephone,
      apparaitre_resultats: i.apparaitre_resultats,
    } as Record<string, string | boolean | null>,
    dossard: i.dossard,
    // The justificatif's check by the organiser (decision 0150), separate from the registration's status.
    justificatif: {
      competition,
      etat,
      label: JUSTIFICATIF_ETAT_LABELS[etat],
      reason: etat === "refuse" ? refusalText(i.justificatif_motif, i.justificatif_commentaire) : null,
      document: await ownDocument(context, userId, i.justificatif_document_id),
    },
    course: reg.course,
    format: reg.format,
    quote: reg.quote,
    paid: reg.paid,
    canCancel: reg.can.ok,
    annulation: reg.annulation
      ? { refund_cents: reg.annulation.refund_cents, percent: reg.annulation.percent, status: reg.annulation.status }
      : null,
    today: parisDate(context.clock.now()),
    saved: url.searchParams.get("enregistre") === "1",
    cancelled: url.searchParams.get("annulation") === "ok",
    cancelPending: url.searchParams.get("annulation") === "en-cours",
    history: await loadHistory(context, i.id),
    // Bib transfer (issue 22): the rules, the running offer, what the seller would get back.
    transfer: await loadTransferPanel(context, userId, i.id),
    transferNotice: url.searchParams.get("cession"),
    // The registration's published result (issue 44); the registration is the runner's (checked above).
    result: (await ownResults(context, [i.id])).get(i.id) ?? null,
  };
}

/** What the page's components receive (`useLoaderData<typeof loader>()`). */
export type PageData = ReturnType<
  typeof useLoaderData<(args: LoaderFunctionArgs) => ReturnType<typeof myRegistrationPage>>
>;
