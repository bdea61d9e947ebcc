// Picks the activity tracking service for a request (decision 0232): Strava when its three variables are set, the
// local stand-in in development and test otherwise, none in production without them (the page says the sync is
// unavailable; the environment refuses a production Worker with only some of them).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActivitySyncProvider } from "~/providers/activity-sync";
import { createLocalActivitySync } from "~/providers/activity-sync-local.server";
import { createStravaProvider } from "~/providers/activity-sync-strava.server";
import { allowsLocalStandIns } from "~/utils/env.server";

type Ctx = Pick<AppLoadContext, "env" | "storage" | "clock">;

export function activitySyncProvider(context: Ctx): ActivitySyncProvider | null {
  const { env } = context;
  if (env.STRAVA_CLIENT_ID && env.STRAVA_CLIENT_SECRET && env.STRAVA_VERIFY_TOKEN)
    return createStravaProvider({
      clientId: env.STRAVA_CLIENT_ID,
      clientSecret: env.STRAVA_CLIENT_SECRET,
      verifyToken: env.STRAVA_VERIFY_TOKEN,
    });
  if (!allowsLocalStandIns(env)) return null;
  return createLocalActivitySync({ storage: context.storage, clock: context.clock });
}
