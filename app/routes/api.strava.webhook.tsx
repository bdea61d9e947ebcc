// /api/strava/webhook (public; decision 0232): GET is Strava's subscription check (hub.challenge echoed when the
// verify token is ours), POST an event about an athlete's activity, re-read from Strava before it is stored.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleActivityWebhook, verifyWebhook } from "~/services/activity-sync.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  return verifyWebhook(context, new URL(request.url).searchParams);
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return new Response("Méthode non autorisée", { status: 405, headers: { Allow: "GET, POST" } });
  const outcome = await handleActivityWebhook(context, await request.text());
  return Response.json(outcome.body, { status: outcome.status, headers: { "cache-control": "no-store" } });
}
