// The local stand-in's controls (development and test, decision 0232): its consent's return, and "record a new
// activity", which stores it at the stand-in and delivers the event Strava would to our own webhook handler, in
// process (as the local payment provider does).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { connectionOfUser } from "~/db/activities.server";
import * as paths from "~/domain/paths";
import { ActivitySyncError } from "~/providers/activity-sync";
import { isLocalActivitySync, localCode } from "~/providers/activity-sync-local.server";
import { activitySyncProvider } from "./activity-sync-provider.server";
import { handleActivityWebhook } from "./activity-sync.server";

type Ctx = Pick<AppLoadContext, "db" | "env" | "storage" | "clock">;

function localProvider(context: Ctx) {
  const provider = activitySyncProvider(context);
  if (!isLocalActivitySync(provider)) throw new Response("Page non trouvée", { status: 404 });
  return provider;
}

/** Where the consent page sends the runner back: our callback, with a code (a new athlete) or the refusal. */
export function localConsentReturn(granted: boolean, state: string): string {
  if (!granted) return paths.premiumStravaCallback({ error: "access_denied", state });
  const athleteId = String(100_000_000 + Math.floor(Math.random() * 899_999_999));
  return paths.premiumStravaCallback({ code: localCode(athleteId), state, scope: "read,activity:read_all" });
}

/** Records a new activity of account `userId`'s athlete at the stand-in and fires the webhook's create event. */
export async function recordLocalActivity(context: Ctx, userId: string): Promise<string> {
  const provider = localProvider(context);
  const c = await connectionOfUser(context.db, userId, provider.provider);
  if (!c) throw new ActivitySyncError("non_connecte");
  const now = context.clock.now().getTime();
  const activityId = await provider.record(c.athlete_id, {
    startedAt: new Date(now - 3900_000).toISOString(),
    name: "Sortie trail (simulée)",
    sport: "trail",
    distanceM: 12_400,
    elevationGainM: 650,
    movingTimeSec: 3900,
  });
  const event = {
    object_type: "activity",
    aspect_type: "create",
    object_id: Number(activityId),
    owner_id: Number(c.athlete_id),
    event_time: Math.floor(now / 1000),
    subscription_id: 1,
    updates: {},
  };
  const outcome = await handleActivityWebhook(context, JSON.stringify(event));
  if (outcome.status !== 200) throw new ActivitySyncError("prestataire");
  return activityId;
}
