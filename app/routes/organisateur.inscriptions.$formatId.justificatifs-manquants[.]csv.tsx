// GET /organisateur/inscriptions/{formatId}/justificatifs-manquants.csv: the format's registrations whose licence or
// PPS is missing or refused (name, contact, reason), to chase them up before the race. Its organiser only (404
// otherwise). Decision 0150.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { missingJustificatifsCsv } from "~/services/justificatifs.server";
import { requireOrganiser } from "~/utils/auth.server";
import { csvDownload, textNotFound } from "~/utils/http";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const csv = await missingJustificatifsCsv(context, user, params.formatId ?? "");
  if (!csv) return textNotFound("Format introuvable.");
  return csvDownload(csv.body, csv.fileName);
}
