// GET /organisateur/inscriptions/{formatId}/justificatifs-manquants.csv: the format's registrations whose licence or
// PPS is missing or refused (name, contact, reason), to chase them up before the race. Its organiser only (404
// otherwise). Decision 0150.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { missingJustificatifsCsv } from "~/services/justificatifs.server";
import { requireOrganiser } from "~/utils/auth.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const csv = await missingJustificatifsCsv(context, user, params.formatId ?? "");
  if (!csv)
    return new Response("Format introuvable.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(csv.body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csv.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
