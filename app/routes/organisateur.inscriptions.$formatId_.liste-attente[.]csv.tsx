// GET /organisateur/inscriptions/{formatId}/liste-attente.csv: the format's waiting list in order, as CSV, for its
// organiser only (404 otherwise).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RegistrantError } from "~/domain/registrants";
import { exportWaitlist } from "~/services/waitlist.server";
import { requireOrganiser } from "~/utils/auth.server";
import { csvDownload, textNotFound } from "~/utils/http";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  try {
    const { filename, body } = await exportWaitlist(context, user, params.formatId ?? "");
    return csvDownload(body, filename);
  } catch (e) {
    if (e instanceof RegistrantError && e.code === "not_found") return textNotFound("Format introuvable.");
    throw e;
  }
}
