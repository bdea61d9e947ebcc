// /organisateur/journal/{courseId}/export.csv: the event's journal as the filters keep it, for its owner only.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseJournalFilters } from "~/domain/audit";
import { journalCsv } from "~/services/journal.server";
import { requireOrganiser } from "~/utils/auth.server";
import { notFoundOrRethrow } from "~/utils/domain-errors";
import { csvDownload } from "~/utils/http";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const filters = parseJournalFilters(new URL(request.url).searchParams);
  const body = await journalCsv(context, user, params.courseId ?? "", filters).catch(notFoundOrRethrow);
  return csvDownload(body, "journal.csv");
}
