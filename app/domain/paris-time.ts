// Wall-clock times in Europe/Paris (the events' dates and start times) as instants, and back. Pure: no clock read.

let partsFmt: Intl.DateTimeFormat | undefined;

/** The Paris wall-clock offset from UTC, in minutes, at the instant `at` (60 in winter, 120 in summer). */
export function parisOffsetMinutes(at: Date): number {
  partsFmt ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Paris",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const p = Object.fromEntries(partsFmt.formatToParts(at).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant of a Paris wall-clock date ("YYYY-MM-DD") and time ("HH:MM", midnight when absent). In the hour
 * skipped in spring the time is read one hour later; in the hour repeated in autumn, the first one.
 */
export function parisInstant(date: string, time?: string | null): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!d) return null;
  const t = time ? /^(\d{2}):(\d{2})/.exec(time) : null;
  if (time && !t) return null;
  const [y, m, day, h, min] = [Number(d[1]), Number(d[2]), Number(d[3]), t ? Number(t[1]) : 0, t ? Number(t[2]) : 0];
  if (h > 23 || min > 59) return null;
  const wall = Date.UTC(y, m - 1, day, h, min);
  // 2027-13-01 or 2027-02-30 would roll over into another date: not a date.
  if (new Date(wall).getUTCMonth() !== m - 1 || new Date(wall).getUTCDate() !== day) return null;
  // Try the offset an hour before and at the wall time: the first that reads back as the wall time wins.
  for (const probe of [wall - 3 * 3_600_000, wall]) {
    const candidate = wall - parisOffsetMinutes(new Date(probe)) * 60_000;
    if (candidate + parisOffsetMinutes(new Date(candidate)) * 60_000 === wall) return new Date(candidate);
  }
  // The skipped hour: read with the offset in force before it (02:30 becomes 03:30 summer time).
  return new Date(wall - parisOffsetMinutes(new Date(wall - 3 * 3_600_000)) * 60_000);
}

/** The Paris wall-clock date ("YYYY-MM-DD") and time ("HH:MM") of an instant (what a form shows back). */
export function parisWallClock(at: Date): { date: string; time: string } {
  const local = new Date(at.getTime() + parisOffsetMinutes(at) * 60_000);
  const iso = local.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
