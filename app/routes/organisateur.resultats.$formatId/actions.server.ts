// The organiser's results page's action (issue 44): one intent per form. The file import is multipart (a real
// form, no JavaScript needed); each success redirects to the page (the preview, or the published notice).
import { type ActionFunctionArgs, data, redirect } from "@remix-run/cloudflare";
import * as paths from "~/domain/paths";
import { DraftLineFormSchema, DraftVersionFormSchema, parsePublishedCorrection } from "~/domain/results-forms";
import {
  abandonDraft,
  changeDraftLine,
  correctPublishedLine,
  importResultsFile,
  publishDraft,
  requireResultsRight,
} from "~/services/results.server";
import { requireOrganiser } from "~/utils/auth.server";
import { errorToShow, notFoundOrRethrow } from "~/utils/domain-errors";

type Args = Pick<ActionFunctionArgs, "request" | "context" | "params">;
export type ActionResult = {
  intent: string;
  ligne?: number;
  errors: Record<string, string>;
  values?: Record<string, string>;
};

const text = (form: FormData, k: string) => String(form.get(k) ?? "");
const failed = (intent: string, e: unknown, extra: Partial<ActionResult> = {}) => {
  const err = errorToShow(e);
  return data<ActionResult>(
    { intent, errors: { [err.field ?? "form"]: err.message }, ...extra },
    { status: err.status },
  );
};

export async function resultsAction({ request, context, params }: Args) {
  const user = await requireOrganiser(request, context);
  const formatId = params.formatId ?? "";
  // Who asks is checked before anything is said about the form.
  await requireResultsRight(context, user, formatId).catch(notFoundOrRethrow);
  const form = await request.formData();
  const intent = text(form, "intent");
  const back = (query?: Record<string, string>) => redirect(paths.formatResultsAdmin(formatId, query));
  try {
    if (intent === "importer") {
      await importResultsFile(context, user, formatId, form.get("fichier"));
      return back();
    }
    if (intent === "corriger-ligne" || intent === "retirer-ligne") {
      const fields = Object.fromEntries(
        ["version", "ligne", "dossard", "temps", "classement", "categorie", "statut"].map((k) => [k, text(form, k)]),
      );
      const parsed = DraftLineFormSchema.safeParse(fields);
      if (!parsed.success) return data<ActionResult>({ intent, errors: { form: "Ligne invalide." } }, { status: 400 });
      const { version, ligne, ...values } = parsed.data;
      try {
        await changeDraftLine(context, user, formatId, { version, ligne, values, remove: intent === "retirer-ligne" });
      } catch (e) {
        return failed(intent, e, { ligne, values: fields });
      }
      return back({ ligne: String(ligne) });
    }
    if (intent === "publier" || intent === "abandonner") {
      const parsed = DraftVersionFormSchema.safeParse({ version: text(form, "version") });
      if (!parsed.success)
        return data<ActionResult>({ intent, errors: { form: "Version invalide." } }, { status: 400 });
      if (intent === "abandonner") {
        await abandonDraft(context, user, formatId, parsed.data.version);
        return back({ notice: "abandonne" });
      }
      const count = await publishDraft(context, user, formatId, parsed.data.version);
      return back({ notice: "publie", lignes: String(count) });
    }
    if (intent === "corriger-resultat") {
      const values = Object.fromEntries(
        ["dossard", "temps", "classement", "categorie", "statut"].map((k) => [k, text(form, k)]),
      );
      const parsed = parsePublishedCorrection(values);
      if (!parsed.ok) return data<ActionResult>({ intent, errors: parsed.errors, values }, { status: 400 });
      try {
        await correctPublishedLine(context, user, formatId, parsed.data);
      } catch (e) {
        return failed(intent, e, { values });
      }
      return back({ notice: "corrige", dossard: String(parsed.data.dossard) });
    }
  } catch (e) {
    return failed(intent, e);
  }
  return data<ActionResult>({ intent, errors: { form: "Action inconnue." } }, { status: 400 });
}
