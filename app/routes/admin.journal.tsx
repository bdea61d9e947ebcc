// /admin/journal: what organisers and admins did on every event (issue 43, decision 0212), newest first. Filters by
// person, action and dates (a GET form); pages of 50; the CSV of what the filters keep. Admins only.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { AdminNav } from "~/components/AdminNav";
import { JournalView, journalQuery } from "~/components/JournalView";
import { parseJournalFilters } from "~/domain/audit";
import * as paths from "~/domain/paths";
import { adminJournal } from "~/services/journal.server";
import { requireAdmin } from "~/utils/auth.server";
import { adminLinks, adminMeta } from "~/components/admin-head";

export const links = adminLinks;
export const meta = adminMeta("Journal");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const filters = parseJournalFilters(new URL(request.url).searchParams);
  return { ...(await adminJournal(context, filters)), filters };
}

export default function AdminJournalPage() {
  const { rows, total, people, filters } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <h1>Journal des actions</h1>
      <AdminNav />
      <JournalView
        rows={rows}
        total={total}
        people={people}
        filters={filters}
        pageLink={(p) => paths.adminJournal(journalQuery(filters, p))}
        csvLink={paths.adminJournalCsv(journalQuery(filters))}
        showEvent
        eventLink={paths.adminEvent}
      />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
