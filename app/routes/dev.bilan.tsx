// /dev/bilan (development and tests only, like every /dev page: the Worker answers 404 elsewhere): sends now the
// Monday e-mail of Premium's weekly feedback (decision 0230) for the current week, so a developer or an end-to-end
// test need not wait for a Monday's cron. Each runner still gets it once per week (the outbox's dedupe key).
import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DevTaskPage } from "~/components/DevTaskPage";
import * as paths from "~/domain/paths";
import { mondayOf } from "~/domain/weekly-feedback";
import { sendWeeklyFeedback } from "~/services/weekly-feedback.server";
import accountsCss from "~/styles/accounts.css?url";
import { devTaskLoader, requireDevelopment } from "~/utils/dev-only.server";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => noindexMeta("Bilans hebdomadaires — Balise");

export const loader = devTaskLoader("envoyes");

export async function action({ context }: ActionFunctionArgs) {
  requireDevelopment(context);
  const week = mondayOf(context.clock.now());
  return redirect(paths.devWeeklyFeedback({ envoyes: await sendWeeklyFeedback(context, 50, week) }));
}

export default function DevWeeklyFeedback() {
  const { done } = useLoaderData<typeof loader>();
  return (
    <DevTaskPage
      title="Bilans hebdomadaires Premium"
      intro={
        <>
          Développement uniquement&nbsp;: envoie maintenant le bilan de la semaine en cours, comme la tâche planifiée le
          fait chaque lundi pour la semaine écoulée.
        </>
      }
      done={done === null ? null : `${done} bilan(s) envoyé(s).`}
      button="Envoyer les bilans de la semaine"
    />
  );
}
