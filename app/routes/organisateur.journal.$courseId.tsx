// /organisateur/journal/{courseId}: what was done on an event and by whom (issue 43, decision 0212), for the event's
// owner only (another organiser's event is not found). Filters by person, action and dates (a GET form); pages of 50;
// the CSV of what the filters keep.
import { EventToolPage } from "~/components/EventToolPage";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { JournalView, journalQuery } from "~/components/JournalView";
import { parseJournalFilters } from "~/domain/audit";
import * as paths from "~/domain/paths";
import { eventJournal } from "~/services/journal.server";
import organiserCss from "~/styles/organiser.css?url";
import { readAsOrganiser } from "~/utils/auth.server";
import { organiserPageMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: organiserCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => organiserPageMeta("Journal", data?.course.nom);

export async function loader(args: LoaderFunctionArgs) {
  const filters = parseJournalFilters(new URL(args.request.url).searchParams);
  const journal = await readAsOrganiser(args, "courseId", (context, user, id) =>
    eventJournal(context, user, id, filters),
  );
  return { ...journal, filters };
}

export default function EventJournalPage() {
  const { course, rows, total, people, filters } = useLoaderData<typeof loader>();
  return (
    <EventToolPage
      section="Journal"
      event={course.nom}
      intro={
        <>
          Chaque action faite sur cette épreuve, par qui et quand : modifications, inscrits, annulations, exports. Le
          journal ne peut être ni modifié ni effacé.
        </>
      }
    >
      <JournalView
        rows={rows}
        total={total}
        people={people}
        filters={filters}
        pageLink={(p) => paths.eventJournal(course.id, journalQuery(filters, p))}
        csvLink={paths.eventJournalCsv(course.id, journalQuery(filters))}
        showEvent={false}
      />
    </EventToolPage>
  );
}
