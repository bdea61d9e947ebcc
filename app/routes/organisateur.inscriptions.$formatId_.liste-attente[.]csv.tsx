// GET /organisateur/inscriptions/{formatId}/liste-attente.csv: the format's waiting list in order, as CSV, for its
// organiser only (404 otherwise).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RegistrantError } from "~/domain/registrants";
import { exportWaitlist } from "~/services/waitlist.server";
import { requireOrganiser } from "~/utils/auth.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  try {
    const { filename, body } = await exportWaitlist(context, user, params.formatId ?? "");
    return new Response(body, {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (e) {
    if (e instanceof RegistrantError && e.code === "not_found") {
      return new Response("Format introuvable.", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    throw e;
  }
}
