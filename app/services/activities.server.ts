// The runner's activities (issue 47, decision 0231): the page's list, the import of a .gpx/.fit/.tcx file (the
// no-account path) and the deletion of one. The file is read by app/domain/activity-files; its SHA-256 is its source
// id, so the same file imported twice is one activity.
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  activitiesOfUser,
  type ActivityRow,
  connectionOfUser,
  deleteActivity,
  upsertActivity,
} from "~/db/activities.server";
import { DomainError } from "~/domain/errors";
import { ACTIVITY_FILE_MAX_BYTES, ActivityFileError, readActivityFile } from "~/domain/activity-files";
import { activitySyncProvider } from "./activity-sync-provider.server";

type Ctx = Pick<AppLoadContext, "db" | "env" | "storage" | "clock">;

export class ActivityNotFoundError extends DomainError<"activite_introuvable"> {
  constructor() {
    super("activite_introuvable", 404, "Cette activité n'existe pas ou ne vous appartient pas.");
    this.name = "ActivityNotFoundError";
  }
}

export interface ActivityView {
  id: string;
  name: string;
  sport: string;
  source: string;
  startedAt: string;
  distanceM: number;
  elevationGainM: number;
  movingTimeSec: number;
}

export interface ActivitiesPage {
  activities: ActivityView[];
  /** 'indisponible': no tracking service in this environment; 'local': the stand-in (development). */
  sync: "strava" | "local" | "indisponible";
  connection: { athleteId: string; since: string } | null;
}

const viewOf = (r: ActivityRow): ActivityView => ({
  id: r.id,
  name: r.name,
  sport: r.sport,
  source: r.source,
  startedAt: r.started_at,
  distanceM: r.distance_m,
  elevationGainM: r.elevation_gain_m,
  movingTimeSec: r.moving_time_s,
});

export async function activitiesPage(context: Ctx, userId: string): Promise<ActivitiesPage> {
  const provider = activitySyncProvider(context);
  const [rows, connection] = await Promise.all([
    activitiesOfUser(context.db, userId),
    provider ? connectionOfUser(context.db, userId, provider.provider) : Promise.resolve(null),
  ]);
  return {
    activities: rows.map(viewOf),
    sync: provider ? (provider.source === "local" ? "local" : "strava") : "indisponible",
    connection: connection ? { athleteId: connection.athlete_id, since: connection.created_at } : null,
  };
}

async function sha256(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Imports an uploaded file for account `userId`; throws ActivityFileError (beside the field) when it is unusable. */
export async function importActivityFile(context: Ctx, userId: string, file: unknown): Promise<string> {
  const named = file instanceof Blob && typeof (file as File).name === "string" && (file as File).name !== "";
  if (!named) throw new ActivityFileError("no_file");
  if ((file as File).size > ACTIVITY_FILE_MAX_BYTES) throw new ActivityFileError("too_large");
  const buffer = await (file as File).arrayBuffer();
  const summary = readActivityFile((file as File).name, new Uint8Array(buffer));
  return upsertActivity(context.db, { id: crypto.randomUUID(), userId, sourceId: await sha256(buffer), summary });
}

export async function removeActivity(context: Ctx, userId: string, activityId: string): Promise<void> {
  if (!(await deleteActivity(context.db, userId, activityId))) throw new ActivityNotFoundError();
}
