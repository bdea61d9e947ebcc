// POST /organisateur/retrait/{formatId}/synchroniser: a phone's scans in one JSON batch (decision 0216), sent when
// the network allows. Idempotent: a runner already checked in stays checked in once, with the earliest time. Answers
// each scan's outcome and the fresh list. For the event's owner or a co-organiser with Inscriptions (404 else).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ScanBatchSchema } from "~/domain/check-in";
import { checkInDesk, recordScans } from "~/services/check-in.server";
import { requireOrganiser } from "~/utils/auth.server";
import { notFoundOrRethrow } from "~/utils/domain-errors";

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const formatId = params.formatId ?? "";
  let body: unknown = null;
  try {
    body = await request.json();
  } catch {
    body = null;
  }
  const parsed = ScanBatchSchema.safeParse(body);
  if (!parsed.success) return Response.json({ error: "Envoi illisible." }, { status: 400 });
  try {
    const outcomes = await recordScans(context, user, formatId, parsed.data);
    const { runners, counter } = await checkInDesk(context, user, formatId);
    return Response.json({ outcomes, runners, counter }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (e) {
    return notFoundOrRethrow(e);
  }
}

export function loader() {
  return new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "POST" } });
}
