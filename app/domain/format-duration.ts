// A duration in French as the site writes it: "3 h 45 min", "52 min", "2 h". Pure.

/** Seconds → "1 h 52 min" (rounded to the minute; no-break spaces inside, so it never wraps). */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "—";
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}\u00a0min`;
  return m === 0 ? `${h}\u00a0h` : `${h}\u00a0h\u00a0${String(m).padStart(2, "0")}\u00a0min`;
}
