// GET /organisateur/retrait/{formatId}/liste.json: the desk's list of a format (decision 0216), what a phone keeps
// to work offline, with each QR's signature. For the event's owner or a co-organiser with Inscriptions (404 else).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { checkInDesk } from "~/services/check-in.server";
import { requireOrganiser } from "~/utils/auth.server";
import { notFoundOrRethrow } from "~/utils/domain-errors";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const desk = await checkInDesk(context, user, params.formatId ?? "").catch(notFoundOrRethrow);
  return Response.json(desk, { headers: { "Cache-Control": "private, no-store" } });
}
