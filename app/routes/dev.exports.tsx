// /dev/exports (development and tests only, like every /dev page: the Worker answers 404 elsewhere): runs the cron's
// « Mes données » step now (decision 0219), so a developer or an end-to-end test need not wait for the cron.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import * as paths from "~/domain/paths";
import { buildPendingExports } from "~/services/data-export.server";
import accountsCss from "~/styles/accounts.css?url";
import { allowsLocalStandIns } from "~/utils/env.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => [
  { title: "Exports en attente — Balise" },
  { name: "robots", content: "noindex" },
];

function devOnly(context: LoaderFunctionArgs["context"]) {
  if (!allowsLocalStandIns(context.env)) throw new Response("Page non trouvée", { status: 404 });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  devOnly(context);
  const built = new URL(request.url).searchParams.get("prets");
  return { built: built === null ? null : Number(built) };
}

export async function action({ context }: ActionFunctionArgs) {
  devOnly(context);
  return redirect(paths.devExports({ prets: await buildPendingExports(context, 20) }));
}

export default function DevExports() {
  const { built } = useLoaderData<typeof loader>();
  return (
    <section className="container profile-page">
      <h1>Exports « Mes données » en attente</h1>
      <p className="muted">
        Développement uniquement&nbsp;: prépare maintenant les archives que la tâche planifiée ferait.
      </p>
      {built !== null ? <p role="status">{built} archive(s) préparée(s).</p> : null}
      <Form method="post">
        <button type="submit" className="btn btn-primary">
          Préparer les exports en attente
        </button>
      </Form>
    </section>
  );
}
