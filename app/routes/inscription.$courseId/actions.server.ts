// The registration form's action, by intent: 'actualiser' (re-render without JavaScript, nothing saved),
// 'liste_attente' (join a full format's waiting list, no payment now), 'payer' (a place hold and the checkout).
import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { DocumentRef } from "~/components/JustificatifDocumentField";
import { mustWait } from "~/domain/opening-queue";
import { parisDate } from "~/domain/refund";
import { registrationTotals } from "~/domain/registration-rules";
import type { PromoKind } from "~/domain/promo-code";
import { resolvePromo } from "~/services/promo-codes.server";
import {
  formValues,
  parseMealCount,
  parseRegistration,
  RegistrationError,
  REGISTRATION_MSG,
  type RegistrationValues,
} from "~/domain/registration";
import { documentFromForm } from "~/services/justificatif-documents.server";
import { passQueue } from "~/services/opening-queue.server";
import { startRegistration } from "~/services/register.server";
import { joinWaitlist } from "~/services/waitlist.server";
import { mapDomainError } from "~/utils/domain-errors";
import * as paths from "~/domain/paths";
import type { Errors } from "./ErrorSummary";
import { pageData } from "./page-data.server";

export interface ActionResult {
  values: RegistrationValues;
  errors: Errors;
  formError: string | null;
  /** The justificatif's document given so far (kept when the form comes back with errors), and its error. */
  document?: DocumentRef | null;
  documentError?: string | null;
  /** The runner's own registration in this format, when the form was refused for it (one place per runner). */
  existingId?: string | null;
  /** The promo code applied ('Appliquer'): the summary shows its discount before paying (ADR 0214). */
  promo?: AppliedPromo | null;
}

/** A code as the summary applies it (the discount recomputed as the format and meals change). */
export interface AppliedPromo {
  code: string;
  type_remise: PromoKind;
  valeur: number;
}

export async function registrationAction({ request, params, context }: ActionFunctionArgs) {
  const { user, course, formats } = await pageData(request, context, params.courseId ?? "");
  const form = await request.formData();
  const values = formValues(form);
  let document: DocumentRef | null = null;
  let documentError: string | null = null;
  const reply = (status: number, errors: Errors, formError: string | null = null) =>
    data<ActionResult>({ values, errors, formError, document, documentError }, { status });

  if (!course.en_ligne) return reply(403, {}, REGISTRATION_MSG.offline);
  // The justificatif's document (decision 0150): stored at once, so a form sent back with errors keeps it.
  ({ doc: document, error: documentError } = await documentFromForm(context, user.id, form));
  // 'Actualiser' (without JavaScript) and 'Appliquer' (the promo code): show the chosen justificatif's field, the new
  // total and the code's discount, nothing saved.
  if (form.get("intent") === "actualiser" || form.get("intent") === "appliquer_code") {
    if (!values.code_promo?.trim()) return reply(200, {});
    const f = formats.find((x) => x.id === values.format_id);
    if (!f) return reply(400, { code_promo: REGISTRATION_MSG.format });
    const totals = registrationTotals(f, parseMealCount(values.nombre_repas, f.stock_repas) ?? 0);
    try {
      const applied = await resolvePromo(context, values.code_promo, {
        courseId: course.id,
        userId: user.id,
        formatId: f.id,
        email: values.email,
        club: values.club,
        totalCents: totals.totalCents,
      });
      const promo = applied && { code: applied.code, type_remise: applied.type_remise, valeur: applied.valeur };
      return data<ActionResult>({ values, errors: {}, formError: null, document, documentError, promo });
    } catch (e) {
      const err = mapDomainError(e);
      if (!err) throw e;
      return reply(err.status, { code_promo: err.message });
    }
  }
  if (!course.paymentsOpen) return reply(409, {}, REGISTRATION_MSG.closed);

  // 'Rejoindre la liste d'attente' (a full format whose list is on): the same fields, no payment now.
  if (form.get("intent") === "liste_attente") {
    const parsed = parseRegistration(values, formats, parisDate(context.clock.now()), "waitlist");
    if (!parsed.ok) return reply(400, parsed.errors);
    try {
      const { entryId } = await joinWaitlist(context, user.id, course.id, parsed.data);
      return redirect(paths.waitlistEntry(entryId, { notice: "rejointe" }));
    } catch (e) {
      // Shown above the form, and beside the format when it is the format that refuses.
      const err = mapDomainError(e);
      if (!err) throw e;
      return reply(err.status, err.field ? { [err.field]: err.message } : {}, err.message);
    }
  }

  const parsed = parseRegistration(values, formats, parisDate(context.clock.now()));
  if (!parsed.ok || documentError) return reply(400, parsed.ok ? {} : parsed.errors);
  // During an opening rush only admitted runners reach the checkout (metered, issue 21).
  const gate = await passQueue(context, user.id, parsed.data.format);
  if (mustWait(gate)) return redirect(paths.openingQueue(parsed.data.format.id));
  try {
    const { url } = await startRegistration(
      context,
      user.id,
      course.id,
      parsed.data,
      document?.id ?? null,
      values.code_promo ?? null,
    );
    return redirect(url);
  } catch (e) {
    const err = mapDomainError(e);
    if (!err) {
      console.error("inscription", e);
      return reply(500, {}, REGISTRATION_MSG.saveError);
    }
    // A refusal about one field goes beside it (the summary lists it); any other above the form.
    if (err.field) return reply(err.status, { [err.field]: err.message });
    // The runner already holds a place in this format: the page links to that registration (the error carries it).
    if (err.code === "deja_inscrit" && e instanceof RegistrationError)
      return data<ActionResult>(
        { values, errors: {}, formError: err.message, document, documentError, existingId: e.inscriptionId ?? null },
        { status: err.status },
      );
    return reply(err.status, {}, err.message);
  }
}
