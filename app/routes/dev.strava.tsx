// /dev/strava: the local stand-in for Strava (development and test only, decision 0232). GET with a state is its
// consent page (authorise or refuse, back to our callback); the POST "nouvelle_activite" records a new activity of
// the signed-in runner's athlete and sends our webhook the event Strava would.
import { redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import * as paths from "~/domain/paths";
import { isDomainError } from "~/domain/errors";
import { localConsentReturn, recordLocalActivity } from "~/services/activity-sync-dev.server";
import styles from "~/styles/payments.css?url";
import { requireUser } from "~/utils/auth.server";
import { requireDevelopment } from "~/utils/dev-only.server";
import { noindexMeta } from "~/utils/meta";
import { postedFormOr400 } from "~/utils/http";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => noindexMeta("Strava (simulation locale) — Balise");

const DevStravaSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("autoriser"), state: z.string().max(200) }),
  z.object({ intent: z.literal("refuser"), state: z.string().max(200) }),
  z.object({ intent: z.literal("nouvelle_activite") }),
]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDevelopment(context);
  await requireUser(request, context);
  return { state: new URL(request.url).searchParams.get("state") ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevelopment(context);
  const user = await requireUser(request, context);
  const posted = await postedFormOr400(request, DevStravaSchema);
  if (posted.intent === "nouvelle_activite") {
    try {
      await recordLocalActivity(context, user.id);
      return redirect(paths.premiumActivities({ ok: "nouvelle" }));
    } catch (e) {
      if (!isDomainError(e)) throw e;
      return redirect(paths.premiumActivities({ strava: e.code }));
    }
  }
  return redirect(localConsentReturn(posted.intent === "autoriser", posted.state));
}

/** The athlete's two answers: the intent sent, the button's text and its style. */
const ANSWERS = [
  ["autoriser", "Autoriser", "btn-primary"],
  ["refuser", "Refuser", "btn-ghost"],
] as const;

export default function LocalStrava() {
  const { state } = useLoaderData<typeof loader>();
  return (
    <section className="paydev">
      <p className="paydev-banner">Strava simulé (service local)&nbsp;: aucun compte Strava réel n'est utilisé.</p>
      <div className="card paydev-card">
        <h1>Autoriser Balise à lire vos activités&nbsp;?</h1>
        <p>Balise pourra lire vos activités (y compris privées) pour votre bilan hebdomadaire.</p>
        <div className="paydev-actions">
          {ANSWERS.map(([intent, label, style]) => (
            <Form key={intent} method="post">
              <input type="hidden" name="state" value={state} />
              <button type="submit" name="intent" value={intent} className={`btn ${style}`}>
                {label}
              </button>
            </Form>
          ))}
        </div>
      </div>
    </section>
  );
}
