// The race tools' course (issue 47, decisions 0225 and 0226): a published event's format, its GPX read the way the
// event page reads it (loadFormatGpx), cut into segments with their effort, and the organiser's aid stations.
// A missing format or an unpublished event is a 404; a format without a GPX is said on the page.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getRaceFormat } from "~/db/catalogue/race-format.server";
import { type AidStation, parseAidStations } from "~/domain/aid-stations";
import { CourseError } from "~/domain/course-errors";
import { courseEffort, segmentLengthFor } from "~/domain/course-effort";
import { elevationProfile, type ProfilePoint } from "~/domain/gpx";
import type { PaceSegment } from "~/domain/pace-plan";
import { loadFormatGpx } from "~/services/event-page.server";

export interface RaceFormatInfo {
  id: string;
  nom: string;
  date: string | null;
  heureDepart: string | null;
  courseNom: string;
  courseSlug: string;
}

export interface RaceCourse {
  distanceKm: number;
  dplus: number;
  dmoins: number;
  effortKm: number;
  clamped: boolean;
  hasElevation: boolean;
  segmentKm: number;
  segments: PaceSegment[];
  profile: { points: ProfilePoint[]; minEle: number; maxEle: number } | null;
  stations: AidStation[];
  unplaced: string[];
  unplacedBarriers: string[];
  /** The organiser gave a text of aid stations (even one we could not place). */
  hasAidText: boolean;
}

export type RaceTool =
  | { format: RaceFormatInfo; kind: "no_gpx" }
  | { format: RaceFormatInfo; kind: "gpx_error"; message: string }
  | { format: RaceFormatInfo; kind: "ok"; course: RaceCourse };

/** The format's course for the estimate and the pace card; throws the 404 CourseError when it is not public. */
export async function loadRaceTool(
  context: Pick<AppLoadContext, "db" | "storage">,
  formatId: string,
): Promise<RaceTool> {
  const row = await getRaceFormat(context.db, formatId.slice(0, 200));
  if (!row?.en_ligne) throw new CourseError("format_not_found");
  const format: RaceFormatInfo = {
    id: row.id,
    nom: row.nom,
    date: row.date,
    heureDepart: row.heure_depart,
    courseNom: row.course_nom,
    courseSlug: row.course_slug ?? "",
  };
  if (!row.gpx_url) return { format, kind: "no_gpx" };
  const loaded = await loadFormatGpx(context, row.gpx_url);
  if ("error" in loaded) return { format, kind: "gpx_error", message: loaded.error };
  const profile = elevationProfile(loaded.gpx, { maxPoints: 300, maxTrackPoints: 2 });
  const segmentKm = segmentLengthFor(profile.distanceKm);
  const effort = courseEffort(loaded.gpx, segmentKm);
  const aid = parseAidStations(row.ravitaillements, effort.distanceKm);
  return {
    format,
    kind: "ok",
    course: {
      distanceKm: effort.distanceKm,
      dplus: effort.dplus,
      dmoins: effort.dmoins,
      effortKm: effort.effortKm,
      clamped: effort.clamped,
      hasElevation: effort.hasElevation,
      segmentKm,
      segments: effort.segments.map(({ energyKm: _e, clamped: _c, ...s }) => s),
      profile:
        profile.hasElevation && profile.minEle != null && profile.maxEle != null
          ? { points: profile.points, minEle: profile.minEle, maxEle: profile.maxEle }
          : null,
      stations: aid.stations,
      unplaced: aid.unplaced,
      unplacedBarriers: aid.unplacedBarriers,
      hasAidText: !!row.ravitaillements?.trim(),
    },
  };
}
