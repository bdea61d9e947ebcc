// The page's action, by intent: the bib transfer's offer and withdrawal, and the self-edit of the runner's fields
// (with the justificatif's document). The server decides: owner, status, dates.
import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { DocumentRef } from "~/components/JustificatifDocumentField";
import { readOnlyMessage } from "~/domain/cancellation";
import { isCompetition } from "~/domain/eligibility";
import { fieldErrors } from "~/domain/form-errors";
import { makeSelfEditSchema, pickSelfEdit } from "~/domain/my-registration";
import { parisDate } from "~/domain/refund";
import { makeTransferOfferSchema, TransferToWaitlistSchema, transferRecipient } from "~/domain/transfer";
import { documentFromForm, setRegistrationDocument } from "~/services/justificatif-documents.server";
import { verifyJustificatif } from "~/services/justificatifs.server";
import { loadRunnerRegistrationDetails, saveRunnerFields } from "~/services/runner-registration.server";
import { offerTransfer, offerTransferToWaitlist, withdrawTransfer } from "~/services/transfer.server";
import { mapDomainError } from "~/utils/domain-errors";
import * as paths from "~/domain/paths";
import { notFound } from "./page-data.server";

type Ctx = ActionFunctionArgs["context"];
type User = { id: string; email: string };

export type TransferResult = {
  errors: Record<string, string>;
  formError: string;
  email: string;
  recipient?: "personne" | "liste";
  /** The confirmation box was ticked: it stays ticked when the form comes back with an error. */
  confirmed?: boolean;
};

/** The transfer forms of this page (offer, withdraw): the server decides (owner, status, dates). */
async function transferAction(context: Ctx, user: User, id: string, intent: string, values: Record<string, string>) {
  const fail = (t: TransferResult, status: number) =>
    data({ errors: {}, formError: "", values: null, document: null, transfer: t }, { status });
  if (intent === "cession-retirer") {
    await withdrawTransfer(context, user.id, id);
    return redirect(paths.myRegistration(id, { cession: "retiree" }, "cession"));
  }
  const email = values.cession_email ?? "";
  const recipient = transferRecipient(values.cession_destinataire);
  const confirmed = values.cession_confirmation === "on";
  try {
    if (recipient === "liste") {
      const parsed = TransferToWaitlistSchema.safeParse(values);
      if (!parsed.success)
        return fail(
          { errors: fieldErrors(parsed.error) as Record<string, string>, formError: "", email, recipient, confirmed },
          400,
        );
      await offerTransferToWaitlist(context, user, id);
    } else {
      const parsed = makeTransferOfferSchema(user.email).safeParse(values);
      if (!parsed.success)
        return fail(
          { errors: fieldErrors(parsed.error) as Record<string, string>, formError: "", email, recipient, confirmed },
          400,
        );
      await offerTransfer(context, user, id, parsed.data.cession_email);
    }
  } catch (e) {
    const err = mapDomainError(e);
    if (!err) throw e;
    return fail({ errors: {}, formError: err.message, email, recipient, confirmed }, err.status);
  }
  return redirect(
    paths.myRegistration(id, { cession: recipient === "liste" ? "proposee-liste" : "proposee" }, "cession"),
  );
}

/** The page's form posted by its owner `user`: a transfer intent, or the self-edit of the runner's fields. */
export async function myRegistrationAction(context: Ctx, user: User, id: string, request: Request) {
  const reg = await loadRunnerRegistrationDetails(context, user.id, id);
  if (!reg) throw notFound();
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string") values[k] = v;
  const intent = values.intent ?? "";
  if (intent === "cession-proposer" || intent === "cession-retirer")
    return transferAction(context, user, id, intent, values);
  const transfer = null as TransferResult | null;
  const locked = readOnlyMessage(reg.inscription.statut);
  if (locked)
    return data(
      {
        errors: {} as Record<string, string>,
        formError: locked,
        values: values as Record<string, string> | null,
        document: null as DocumentRef | null,
        transfer,
      },
      { status: 409 },
    );

  // The justificatif's document (decision 0150): stored at once, so a form sent back with errors keeps it.
  const competition = isCompetition(reg.format);
  const doc = competition ? await documentFromForm(context, user.id, form) : { doc: null, error: null };
  const parsed = makeSelfEditSchema(parisDate(context.clock.now()), reg.format).safeParse(values);
  if (!parsed.success || doc.error) {
    const errors = (parsed.success ? {} : fieldErrors(parsed.error)) as Record<string, string>;
    if (doc.error) errors.justificatif_document = doc.error;
    return data(
      { errors, formError: "Corrigez les champs signalés.", values, document: doc.doc, transfer },
      { status: 400 },
    );
  }
  const result = await saveRunnerFields(context, user.id, id, pickSelfEdit(parsed.data));
  if (result === "introuvable") throw notFound();
  if (result === "lecture_seule") {
    return data(
      { errors: {}, formError: readOnlyMessage("annulee") ?? "", values, document: doc.doc, transfer },
      { status: 409 },
    );
  }
  await setRegistrationDocument(context, user.id, id, doc.doc?.id ?? null);
  await verifyJustificatif(context, id);
  return redirect(paths.myRegistration(id, { enregistre: 1 }));
}
