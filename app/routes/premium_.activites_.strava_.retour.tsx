// GET /premium/activites/strava/retour: the consent page's return (decision 0232). OAuth comes back with a GET; the
// state must match the signed cookie given to this browser for this account (CSRF), then the code is exchanged and
// the link stored. Always redirects to the activities page, with what happened.
import { redirect } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isDomainError } from "~/domain/errors";
import * as paths from "~/domain/paths";
import { clearStateCookie, finishConnection } from "~/services/activity-sync.server";
import { requirePremium } from "~/services/subscriptions.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePremium(request, context);
  const headers = { "Set-Cookie": await clearStateCookie(context), "Cache-Control": "private, no-store" };
  try {
    await finishConnection(context, user.id, new URL(request.url).searchParams, request.headers.get("Cookie"));
    return redirect(paths.premiumActivities({ ok: "connecte" }), { headers });
  } catch (e) {
    if (!isDomainError(e)) throw e;
    return redirect(paths.premiumActivities({ strava: e.code }), { headers });
  }
}
