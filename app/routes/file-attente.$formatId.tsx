// /file-attente/{formatId}: the opening queue of a format (issue 21), where a runner whose registration form was
// sent before their turn is brought back. The registration form's own address shows the same panel to a runner
// who waits (app/components/QueuePanel.tsx). Once admitted, the runner goes to the form.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { QUEUE_PAGE_TITLE, QueuePanel } from "~/components/QueuePanel";
import { mustWait } from "~/domain/opening-queue";
import { loadQueueFormat, passQueue, queueFacts, queueView } from "~/services/opening-queue.server";
import { requireUser } from "~/utils/auth.server";
import { readBesideSession } from "~/utils/session.server";
import * as paths from "~/domain/paths";
import { noindexMeta } from "~/utils/meta";

export const meta: MetaFunction = () => noindexMeta(QUEUE_PAGE_TITLE);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The format's read rides with the session look-up: one D1 round trip.
  const [user, format] = await Promise.all([
    requireUser(request, context),
    loadQueueFormat(context, params.formatId ?? "", (queries) => readBesideSession(request, context, queries)),
  ]);
  if (!format) throw new Response("Format introuvable.", { status: 404 });
  const gate = await passQueue(
    context,
    user.id,
    format,
    queueFacts(format, {
      id: format.course_id,
      nom: format.course_nom,
      slug: format.course_slug,
      updated_at: format.course_updated_at,
    }),
  );
  if (!mustWait(gate)) throw redirect(paths.registrationPage(format.course_id, format.id));
  return queueView(context, format, gate);
}

export default function FileAttente() {
  return <QueuePanel view={useLoaderData<typeof loader>()} />;
}
