// GET /organisateur/retrait/{formatId}/liste.json: the desk's list of a format (decision 0216), what a phone keeps
// to work offline, with each QR's signature. For the event's owner or a co-organiser with Inscriptions (404 else).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { checkInDesk } from "~/services/check-in.server";
import { readAsOrganiser } from "~/utils/auth.server";

export async function loader(args: LoaderFunctionArgs) {
  const desk = await readAsOrganiser(args, "formatId", checkInDesk);
  return Response.json(desk, { headers: { "Cache-Control": "private, no-store" } });
}
