// A small iCalendar (RFC 5545) writer for the training plan's feed (issue 47, decision 0228): a VCALENDAR of all-day
// VEVENTs. Text values escaped (§3.3.11), content lines folded at 75 octets without cutting a UTF-8 character
// (§3.1), lines ended by CRLF. Pure: the stamp is passed in.

export interface CalendarEvent {
  /** Stable across fetches (calendar apps update the event with the same UID). */
  uid: string;
  /** YYYY-MM-DD: an all-day event on that day. */
  date: string;
  summary: string;
  description?: string;
  url?: string;
}

export interface Calendar {
  /** The calendar's name shown by the app (X-WR-CALNAME). */
  name: string;
  events: CalendarEvent[];
  /** DTSTAMP of every event: when the feed was made. */
  stamp: Date;
}

const CRLF = "\r\n";

/** A TEXT value escaped: backslash, semicolon, comma, and line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A content line folded: at most 75 octets a line, continuation lines start with one space (CRLF between). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // The first line holds 75 octets; a continuation line holds 74 after its leading space.
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

/** YYYY-MM-DD → YYYYMMDD. */
const basicDate = (day: string) => day.replace(/-/g, "");
/** The UTC instant in the basic format (20261128T101500Z). */
export function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The calendar as an RFC 5545 text (CRLF line ends, folded lines, ending with CRLF). */
export function writeCalendar(calendar: Calendar): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Balise//Plan d'entrainement//FR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    "X-WR-TIMEZONE:Europe/Paris",
  ];
  const stamp = utcStamp(calendar.stamp);
  for (const e of calendar.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${basicDate(e.date)}`,
      `DTEND;VALUE=DATE:${basicDate(nextDay(e.date))}`,
      `SUMMARY:${escapeText(e.summary)}`,
    );
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push("TRANSP:TRANSPARENT", "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}
