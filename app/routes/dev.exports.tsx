// /dev/exports (development and tests only, like every /dev page: the Worker answers 404 elsewhere): runs the cron's
// « Mes données » step now (decision 0219), so a developer or an end-to-end test need not wait for the cron.
import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DevTaskPage } from "~/components/DevTaskPage";
import * as paths from "~/domain/paths";
import { buildPendingExports } from "~/services/data-export.server";
import accountsCss from "~/styles/accounts.css?url";
import { devTaskLoader, requireDevelopment } from "~/utils/dev-only.server";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => noindexMeta("Exports en attente — Balise");

export const loader = devTaskLoader("prets");

export async function action({ context }: ActionFunctionArgs) {
  requireDevelopment(context);
  return redirect(paths.devExports({ prets: await buildPendingExports(context, 20) }));
}

export default function DevExports() {
  const { done } = useLoaderData<typeof loader>();
  return (
    <DevTaskPage
      title="Exports « Mes données » en attente"
      intro="Développement uniquement&nbsp;: prépare maintenant les archives que la tâche planifiée ferait."
      done={done === null ? null : `${done} archive(s) préparée(s).`}
      button="Préparer les exports en attente"
    />
  );
}
