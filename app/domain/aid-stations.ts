// The organiser's aid stations (the format's free text `ravitaillements`) read for positions and barrier times
// (issue 47, decision 0225). Pure. The text is split into items at ';', new lines and commas that are not decimal
// commas ("km 25,5" stays whole); in each item a position is "km 12", "12 km", "au km 25,5", "km12", "12,5 km"
// and a barrier time "barrière horaire 11h30", "BH 14:00", "barrière 9 h". An item without a position is kept as
// unplaced (named on the page, no time). "Arrivée" alone is the finish, which the estimate shows anyway.

export interface AidStation {
  /** The organiser's name for it, without the position ("Lac Blanc"); "Ravitaillement" when only a position. */
  label: string;
  /** Kilometres from the start. */
  km: number;
  /** Barrier time as "HH:MM" (local time of the race day), null when none. */
  barrier: string | null;
}

export interface ParsedAidStations {
  stations: AidStation[];
  /** Items without a position (no time can be given for them). */
  unplaced: string[];
  /** Barrier times found in an item without a position. */
  unplacedBarriers: string[];
}

const KM_BEFORE = /\b(?:au\s+)?km\s*(\d{1,3}(?:[.,]\d{1,2})?)\b/i;
const KM_AFTER = /\b(\d{1,3}(?:[.,]\d{1,2})?)\s*km\b/i;
const BARRIER = /\b(?:barri[eè]re(?:\s+horaire)?|BH)\s*(?:[:à-]\s*)?(\d{1,2})\s*(?:h|:)\s*(\d{2})?\b/i;
const FINISH = /^\s*arriv[ée]e\s*$/i;

function toNumber(s: string): number {
  return Number(s.replace(",", "."));
}

function cleanLabel(text: string): string {
  return text
    .replace(/[()[\]]/g, " ")
    .replace(/[\s\-–—:,.]+$/g, "")
    .replace(/^[\s\-–—:,.]+/g, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** One item: its position, its barrier time, its name. */
function readItem(item: string): { km: number | null; barrier: string | null; label: string } {
  let rest = item;
  let barrier: string | null = null;
  const b = BARRIER.exec(rest);
  if (b) {
    const h = Number(b[1]);
    const m = Number(b[2] ?? "0");
    if (h < 24 && m < 60) barrier = `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
    rest = rest.replace(b[0], " ");
  }
  let km: number | null = null;
  const k = KM_BEFORE.exec(rest) ?? KM_AFTER.exec(rest);
  if (k) {
    km = toNumber(k[1]);
    rest = rest.replace(k[0], " ");
  }
  return { km, barrier, label: cleanLabel(rest) };
}

/** Reads the organiser's text; `distanceKm` (the course's) drops positions beyond the finish. */
export function parseAidStations(text: string | null | undefined, distanceKm: number): ParsedAidStations {
  const out: ParsedAidStations = { stations: [], unplaced: [], unplacedBarriers: [] };
  if (!text) return out;
  const items = text
    .split(/[;\n]|,(?!\d)/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const item of items) {
    if (FINISH.test(item)) continue;
    const { km, barrier, label } = readItem(item);
    if (km == null || !(km > 0) || km > distanceKm + 0.5) {
      out.unplaced.push(cleanLabel(item));
      if (barrier) out.unplacedBarriers.push(barrier);
      continue;
    }
    out.stations.push({ label: label || "Ravitaillement", km: Math.min(km, distanceKm), barrier });
  }
  out.stations.sort((a, b) => a.km - b.km);
  return out;
}
