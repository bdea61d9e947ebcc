// POST /premium/activites/strava: sends the Premium runner to the tracking service's consent page, with a state
// bound to their account in a short signed cookie (decision 0232). A GET lands back on the activities page.
import { redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isDomainError } from "~/domain/errors";
import * as paths from "~/domain/paths";
import { startConnection } from "~/services/activity-sync.server";
import { requirePremium } from "~/services/subscriptions.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePremium(request, context);
  return redirect(paths.premiumActivities());
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePremium(request, context);
  try {
    const { url, setCookie } = await startConnection(context, user.id);
    return redirect(url, { headers: { "Set-Cookie": setCookie, "Cache-Control": "private, no-store" } });
  } catch (e) {
    if (!isDomainError(e)) throw e;
    return redirect(paths.premiumActivities({ strava: e.code }));
  }
}
