// GET /organisateur/inscriptions/{formatId}/liste-attente.csv: the format's waiting list in order, as CSV, for its
// organiser only (404 otherwise).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { exportWaitlist } from "~/services/waitlist.server";
import { requireOrganiser } from "~/utils/auth.server";
import { mapDomainError } from "~/utils/domain-errors";
import { csvDownload, textNotFound } from "~/utils/http";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  try {
    const { filename, body } = await exportWaitlist(context, user, params.formatId ?? "");
    return csvDownload(body, filename);
  } catch (e) {
    // A format that is not this organiser's reads like a missing one: the same plain-text 404.
    const err = mapDomainError(e);
    if (err?.status === 404) return textNotFound(err.message);
    throw e;
  }
}
