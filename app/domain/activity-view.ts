// How an activity reads on the page (issue 47; durations: format-duration.ts): its distance "12,4 km", its D+ "650 m",
// its source in French. Pure.
import { ACTIVITY_SOURCE_LABELS } from "./activity.ts";
import { formatMeters } from "./format.ts";
import { labelOf } from "./labels.ts";

const oneDecimal = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 12 400 → "12,4 km"; always one decimal, so the list's column reads alike (5 000 → "5,0 km"). */
export const formatActivityDistance = (metres: number): string =>
  `${oneDecimal.format(Math.round(metres / 100) / 10).replace(/\u202f/g, "\u00a0")}\u00a0km`;

/** 650 → "650 m". */
export const formatActivityClimb = (metres: number): string => formatMeters(Math.round(metres));

export function activitySourceLabel(source: string): string {
  return labelOf(ACTIVITY_SOURCE_LABELS, source);
}
