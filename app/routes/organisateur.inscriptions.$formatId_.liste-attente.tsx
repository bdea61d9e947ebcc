// POST /organisateur/inscriptions/{formatId}/liste-attente: the organiser turns the format's waiting list on or
// off, or removes a runner from it (issue 20). Its organiser only (404 otherwise); back to the registrants page.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { removeFromWaitlist, setWaitlistEnabled } from "~/services/waitlist.server";
import { requireOrganiser } from "~/utils/auth.server";
import * as paths from "~/domain/paths";
import { notFoundOrRethrow } from "~/utils/domain-errors";

export const waitlistOrganiserSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("activer") }),
  z.object({ intent: z.literal("desactiver") }),
  z.object({ intent: z.literal("retirer"), entry_id: z.string().min(1).max(100) }),
]);

const back = (formatId: string, ok: string) => redirect(paths.formatRegistrants(formatId, { ok }, "liste-attente"));

export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(paths.formatRegistrants(params.formatId ?? "", undefined, "liste-attente"));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const formatId = params.formatId ?? "";
  const parsed = waitlistOrganiserSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return new Response("Formulaire incomplet.", { status: 400 });
  try {
    if (parsed.data.intent === "retirer") {
      await removeFromWaitlist(context, user, formatId, parsed.data.entry_id);
      return back(formatId, "liste_retire");
    }
    await setWaitlistEnabled(context, user, formatId, parsed.data.intent === "activer");
    return back(formatId, parsed.data.intent === "activer" ? "liste_on" : "liste_off");
  } catch (e) {
    notFoundOrRethrow(e);
  }
}
