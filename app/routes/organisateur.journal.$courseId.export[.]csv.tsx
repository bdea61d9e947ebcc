// /organisateur/journal/{courseId}/export.csv: the event's journal as the filters keep it, for its owner only.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseJournalFilters } from "~/domain/audit";
import { journalCsv } from "~/services/journal.server";
import { readAsOrganiser } from "~/utils/auth.server";
import { csvDownload } from "~/utils/http";

export async function loader(args: LoaderFunctionArgs) {
  const filters = parseJournalFilters(new URL(args.request.url).searchParams);
  const body = await readAsOrganiser(args, "courseId", (context, user, id) => journalCsv(context, user, id, filters));
  return csvDownload(body, "journal.csv");
}
