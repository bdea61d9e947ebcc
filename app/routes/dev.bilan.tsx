// /dev/bilan (development and tests only, like every /dev page: the Worker answers 404 elsewhere): sends now the
// Monday e-mail of Premium's weekly feedback (decision 0230) for the current week, so a developer or an end-to-end
// test need not wait for a Monday's cron. Each runner still gets it once per week (the outbox's dedupe key).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import * as paths from "~/domain/paths";
import { mondayOf } from "~/domain/weekly-feedback";
import { sendWeeklyFeedback } from "~/services/weekly-feedback.server";
import accountsCss from "~/styles/accounts.css?url";
import { allowsLocalStandIns } from "~/utils/env.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => [
  { title: "Bilans hebdomadaires — Balise" },
  { name: "robots", content: "noindex" },
];

function devOnly(context: LoaderFunctionArgs["context"]) {
  if (!allowsLocalStandIns(context.env)) throw new Response("Page non trouvée", { status: 404 });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  devOnly(context);
  const sent = new URL(request.url).searchParams.get("envoyes");
  return { sent: sent === null ? null : Number(sent) };
}

export async function action({ context }: ActionFunctionArgs) {
  devOnly(context);
  const week = mondayOf(context.clock.now());
  return redirect(paths.devWeeklyFeedback({ envoyes: await sendWeeklyFeedback(context, 50, week) }));
}

export default function DevWeeklyFeedback() {
  const { sent } = useLoaderData<typeof loader>();
  return (
    <section className="container profile-page">
      <h1>Bilans hebdomadaires Premium</h1>
      <p className="muted">
        Développement uniquement&nbsp;: envoie maintenant le bilan de la semaine en cours, comme la tâche planifiée le
        fait chaque lundi pour la semaine écoulée.
      </p>
      {sent !== null ? <p role="status">{sent} bilan(s) envoyé(s).</p> : null}
      <Form method="post">
        <button type="submit" className="btn btn-primary">
          Envoyer les bilans de la semaine
        </button>
      </Form>
    </section>
  );
}
