// GET /organisateur/inscriptions/{formatId}/export.csv?col=nom&col=email…: the format's registrants as CSV,
// for its organiser only (404 otherwise). Streamed: rows are read 500 at a time (keyset) and written as they
// come, so a format of 20,000 registrants never sits in memory (bench/csv-export measures it).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseExportColumns } from "~/domain/csv";
import { exportRegistrants } from "~/services/registrants-export.server";
import { requireOrganiser } from "~/utils/auth.server";
import { mapDomainError } from "~/utils/domain-errors";
import { csvDownload, textNotFound } from "~/utils/http";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const url = new URL(request.url);
  const columns = parseExportColumns(url.searchParams.getAll("col"));
  try {
    const { fileName, stream } = await exportRegistrants(context, user, params.formatId ?? "", columns);
    return csvDownload(stream, fileName);
  } catch (e) {
    // A format that is not this organiser's reads like a missing one: the same plain-text 404.
    const err = mapDomainError(e);
    if (err?.status === 404) return textNotFound(err.message);
    throw e;
  }
}
