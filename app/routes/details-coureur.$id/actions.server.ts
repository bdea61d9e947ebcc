// The details page's actions beside its fields: the organiser's cancellation (a full refund with a reason), meals paid
// on site and the erasure of a finished registration's personal data. Each reads its form, calls one service, and
// redirects (or answers the form's errors).
import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { organiserCancelSchema } from "~/domain/cancellation";
import { fieldErrors } from "~/domain/form-errors";
import { onSiteMealsSchema } from "~/domain/meals-change";
import { cancelForOrganiser } from "~/services/organiser-cancel.server";
import { addRegistrantMealsPaidOnSite } from "~/services/meals-on-site.server";
import { eraseRegistrantData } from "~/services/registrant-erasure.server";
import { errorToShow } from "~/utils/domain-errors";
import type { CancelErrors, CancelValues } from "./CancelCard";
import type { EraseErrors } from "./EraseCard";
import type { MealsOnSiteErrors } from "./MealsOnSiteCard";
import * as paths from "~/domain/paths";

type User = { id: string; isAdmin: boolean };

/** The organiser cancels a paid registration: a full refund, a reason sent to the runner, confirmed (no JavaScript). */
export async function cancelAction(context: ActionFunctionArgs["context"], user: User, id: string, form: FormData) {
  const parsed = organiserCancelSchema.safeParse(Object.fromEntries(form));
  const values: CancelValues = { reason: String(form.get("reason") ?? ""), confirm: String(form.get("confirm") ?? "") };
  if (!parsed.success) {
    const errors: CancelErrors = fieldErrors(parsed.error);
    return data({ cancelErrors: errors, cancelValues: values }, { status: 400 });
  }
  try {
    await cancelForOrganiser(context, user, id, parsed.data.reason);
  } catch (e) {
    // A registration the organiser may not see reads like a missing one (404); a refusal is shown on the form.
    const err = errorToShow(e);
    return data({ cancelErrors: { form: err.message } as CancelErrors, cancelValues: values }, { status: err.status });
  }
  return redirect(paths.runnerDetails(id, { ok: "annulee" }, "historique"));
}

/** 'Repas payés sur place': meals added to a paid registration, paid to the organiser (no JavaScript needed). */
export async function mealsOnSiteAction(
  context: ActionFunctionArgs["context"],
  user: User,
  id: string,
  form: FormData,
) {
  const values = { nombre: String(form.get("nombre") ?? ""), paye: String(form.get("paye") ?? "") };
  const parsed = onSiteMealsSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors: MealsOnSiteErrors = fieldErrors(parsed.error);
    return data({ mealsErrors: errors, mealsValues: values }, { status: 400 });
  }
  try {
    await addRegistrantMealsPaidOnSite(context, user, id, parsed.data);
  } catch (e) {
    const err = errorToShow(e);
    return data(
      { mealsErrors: { nombre: err.message } as MealsOnSiteErrors, mealsValues: values },
      { status: err.status },
    );
  }
  return redirect(paths.runnerDetails(id, { ok: "repas", n: parsed.data.nombre }, "repas-sur-place"));
}

/** 'Effacer les données personnelles' of a finished registration, confirmed by a tick (no JavaScript needed). */
export async function eraseAction(context: ActionFunctionArgs["context"], user: User, id: string, form: FormData) {
  try {
    await eraseRegistrantData(context, user, id, form.get("confirm") === "on");
  } catch (e) {
    const err = errorToShow(e);
    const eraseErrors: EraseErrors = err.field === "confirm" ? { confirm: err.message } : { form: err.message };
    return data({ eraseErrors }, { status: err.status });
  }
  return redirect(paths.runnerDetails(id, { ok: "efface" }));
}
