// /admin/journal/export.csv: the journal of every event as the filters keep it. Admins only.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseJournalFilters } from "~/domain/audit";
import { journalCsv } from "~/services/journal.server";
import { requireAdmin } from "~/utils/auth.server";
import { csvDownload } from "~/utils/http";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const filters = parseJournalFilters(new URL(request.url).searchParams);
  return csvDownload(await journalCsv(context, null, null, filters), "journal-admin.csv");
}
