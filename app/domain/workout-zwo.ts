// A training session as a Zwift workout file (.zwo) for running (issue 47, decision 0229). Pure: a string out,
// no I/O. Intensities are fractions of the runner's threshold speed, the unit Zwift's running workouts use for
// "Power". Warm-up and cool-down are ramps; a repeat of exactly [effort, récupération] is one IntervalsT; any other
// repeat is unrolled into its steps. Every text is escaped by the one XML/HTML escaping rule (markup.ts).

import { escapeHtml } from "./markup.ts";
import { isRepeat, type WorkoutRepeat, type WorkoutSession, type WorkoutStep } from "./workout.ts";
import { fileNameSlug } from "./csv.ts";

/** The author written in every file. */
export const ZWO_AUTHOR = "Balise";

/** Text safe inside an XML 1.0 element or attribute: control characters dropped, line breaks kept as references. */
export function xmlText(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 refuses these characters; they are removed.
  const clean = s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");
  return escapeHtml(clean).replace(/\r/g, "&#13;").replace(/\n/g, "&#10;").replace(/\t/g, "&#9;");
}

/** 0.7549999 → "0.755"; three decimals are a tenth of a percent of threshold speed. */
function num(x: number): string {
  return String(Math.round(x * 1000) / 1000);
}

function secs(x: number): string {
  return String(Math.max(0, Math.round(x)));
}

function mid(s: WorkoutStep): number {
  return (s.intensity.low + s.intensity.high) / 2;
}

function attrs(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => ` ${k}="${v}"`).join("");
}

function textEvents(events: { offset: number; note?: string }[]): string[] {
  return events
    .filter((e) => e.note && e.note.trim() !== "")
    .map((e) => `      <textevent timeoffset="${secs(e.offset)}" message="${xmlText(e.note?.trim() ?? "")}"/>`);
}

function element(name: string, pairs: [string, string][], events: string[]): string[] {
  if (events.length === 0) return [`    <${name}${attrs(pairs)}/>`];
  return [`    <${name}${attrs(pairs)}>`, ...events, `    </${name}>`];
}

/** One step: a ramp up (warm-up), a ramp down (cool-down) or a steady block with the range kept beside its middle. */
function stepElement(s: WorkoutStep): string[] {
  const events = textEvents([{ offset: 0, note: s.note }]);
  const { low, high } = s.intensity;
  const ramp = (name: string, from: number, to: number) =>
    element(
      name,
      [
        ["Duration", secs(s.durationSec)],
        ["PowerLow", num(from)],
        ["PowerHigh", num(to)],
      ],
      events,
    );
  if (s.kind === "echauffement") return ramp("Warmup", low, high);
  // Zwift's cool-down goes from PowerLow (start) to PowerHigh (end): down from the top of the range.
  if (s.kind === "retour_au_calme") return ramp("Cooldown", high, low);
  const range: [string, string][] =
    low === high
      ? []
      : [
          ["PowerLow", num(low)],
          ["PowerHigh", num(high)],
        ];
  return element("SteadyState", [["Duration", secs(s.durationSec)], ["Power", num(mid(s))], ...range], events);
}

/** A repeat Zwift can show as on/off intervals: exactly one effort then one récupération. */
export function isOnOffRepeat(r: WorkoutRepeat): boolean {
  return r.times >= 1 && r.steps.length === 2 && r.steps[0].kind === "effort" && r.steps[1].kind === "recuperation";
}

function intervalsElement(r: WorkoutRepeat): string[] {
  const [on, off] = r.steps;
  const events = textEvents([
    { offset: 0, note: on.note },
    { offset: on.durationSec, note: off.note },
  ]);
  return element(
    "IntervalsT",
    [
      ["Repeat", String(r.times)],
      ["OnDuration", secs(on.durationSec)],
      ["OffDuration", secs(off.durationSec)],
      ["OnPower", num(mid(on))],
      ["OffPower", num(mid(off))],
      ["PowerOnLow", num(on.intensity.low)],
      ["PowerOnHigh", num(on.intensity.high)],
      ["PowerOffLow", num(off.intensity.low)],
      ["PowerOffHigh", num(off.intensity.high)],
    ],
    events,
  );
}

/** The session as the text of a .zwo file (UTF-8). */
export function sessionToZwo(session: WorkoutSession): string {
  const body: string[] = [];
  for (const item of session.items) {
    if (!isRepeat(item)) body.push(...stepElement(item));
    else if (isOnOffRepeat(item)) body.push(...intervalsElement(item));
    else for (let i = 0; i < item.times; i++) for (const s of item.steps) body.push(...stepElement(s));
  }
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    "<workout_file>",
    `  <author>${xmlText(ZWO_AUTHOR)}</author>`,
    `  <name>${xmlText(session.title)}</name>`,
    `  <description>${xmlText(session.description)}</description>`,
    "  <sportType>run</sportType>",
    "  <tags/>",
    "  <workout>",
    ...body,
    "  </workout>",
    "</workout_file>",
    "",
  ].join("\n");
}

/** The file's name for a download: the date and a slug of the title ("2027-03-14-sortie-longue-1-h-45.zwo"). */
export function workoutFileName(session: Pick<WorkoutSession, "date" | "title">, extension: "zwo" | "fit"): string {
  const slug = fileNameSlug(session.title);
  return `${session.date}${slug ? `-${slug}` : ""}.${extension}`;
}
