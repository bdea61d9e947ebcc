import { describe, expect, it } from "vitest";
import { flatSteps, type WorkoutSession, type WorkoutStep } from "./workout.ts";
import { cool, fractionne, pyramid, sortieLongue, warm } from "./workout.fixtures.ts";
import { sessionToZwo, workoutFileName } from "./workout-zwo.ts";

// A strict little XML reader, written for these tests: it refuses a raw '<' or '&' in text or attributes, an
// unknown entity, a tag closed by the wrong name and anything left open, so an escaping mistake fails the test.
interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

function decode(s: string): string {
  if (/[<>]/.test(s)) throw new Error(`raw markup character in ${JSON.stringify(s)}`);
  return s.replace(/&([^;]*);?/g, (whole, ent: string) => {
    if (!whole.endsWith(";")) throw new Error(`bare '&' in ${JSON.stringify(s)}`);
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (ent in named) return named[ent];
    const m = /^#(x[0-9a-f]+|\d+)$/i.exec(ent);
    if (!m) throw new Error(`unknown entity &${ent};`);
    return String.fromCodePoint(m[1][0].toLowerCase() === "x" ? Number.parseInt(m[1].slice(1), 16) : Number(m[1]));
  });
}

function parseXml(xml: string): XmlNode {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const root: XmlNode = { name: "#root", attrs: {}, children: [], text: "" };
  const stack = [root];
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w.-]+\s*=\s*"[^"]*")*)\s*(\/?)>/y;
  let i = 0;
  while (i < body.length) {
    const lt = body.indexOf("<", i);
    const text = body.slice(i, lt === -1 ? body.length : lt);
    stack[stack.length - 1].text += decode(text);
    if (lt === -1) break;
    tag.lastIndex = lt;
    const m = tag.exec(body);
    if (!m) throw new Error(`malformed tag at ${lt}: ${body.slice(lt, lt + 40)}`);
    const [, closing, name, rawAttrs, selfClosing] = m;
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
    } else {
      const attrs: Record<string, string> = {};
      for (const a of rawAttrs.matchAll(/([\w.-]+)\s*=\s*"([^"]*)"/g)) {
        if (a[1] in attrs) throw new Error(`duplicate attribute ${a[1]}`);
        attrs[a[1]] = decode(a[2]);
      }
      const node: XmlNode = { name, attrs, children: [], text: "" };
      stack[stack.length - 1].children.push(node);
      if (!selfClosing) stack.push(node);
    }
    i = tag.lastIndex;
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1].name}>`);
  const elements = root.children;
  if (elements.length !== 1 || root.text.trim() !== "") throw new Error("one root element expected");
  return elements[0];
}

const child = (n: XmlNode, name: string) => {
  const found = n.children.filter((c) => c.name === name);
  if (found.length !== 1) throw new Error(`expected one <${name}>, got ${found.length}`);
  return found[0];
};

/** What Zwift would run: each element back to timed steps (intervals unrolled), with the notes it shows. */
interface ReadStep {
  durationSec: number;
  low: number;
  high: number;
  notes: string[];
}
function readWorkout(xml: string) {
  const file = parseXml(xml);
  const steps: ReadStep[] = [];
  const f = (n: XmlNode, a: string) => Number(n.attrs[a]);
  const notesAt = (n: XmlNode, from: number, to: number) =>
    n.children
      .filter((c) => c.name === "textevent" && f(c, "timeoffset") >= from && f(c, "timeoffset") < to)
      .map((c) => c.attrs.message);
  for (const el of child(file, "workout").children) {
    const d = f(el, "Duration");
    if (el.name === "Warmup")
      steps.push({ durationSec: d, low: f(el, "PowerLow"), high: f(el, "PowerHigh"), notes: notesAt(el, 0, d) });
    else if (el.name === "Cooldown")
      steps.push({ durationSec: d, low: f(el, "PowerHigh"), high: f(el, "PowerLow"), notes: notesAt(el, 0, d) });
    else if (el.name === "SteadyState") {
      const [low, high] =
        "PowerLow" in el.attrs ? [f(el, "PowerLow"), f(el, "PowerHigh")] : [f(el, "Power"), f(el, "Power")];
      expect(f(el, "Power")).toBeCloseTo((low + high) / 2, 3);
      steps.push({ durationSec: d, low, high, notes: notesAt(el, 0, d) });
    } else if (el.name === "IntervalsT") {
      const on = f(el, "OnDuration");
      const off = f(el, "OffDuration");
      expect(f(el, "OnPower")).toBeCloseTo((f(el, "PowerOnLow") + f(el, "PowerOnHigh")) / 2, 3);
      expect(f(el, "OffPower")).toBeCloseTo((f(el, "PowerOffLow") + f(el, "PowerOffHigh")) / 2, 3);
      for (let r = 0; r < f(el, "Repeat"); r++) {
        steps.push({
          durationSec: on,
          low: f(el, "PowerOnLow"),
          high: f(el, "PowerOnHigh"),
          notes: notesAt(el, 0, on),
        });
        steps.push({
          durationSec: off,
          low: f(el, "PowerOffLow"),
          high: f(el, "PowerOffHigh"),
          notes: notesAt(el, on, on + off),
        });
      }
    } else throw new Error(`unexpected <${el.name}>`);
  }
  return {
    author: child(file, "author").text,
    name: child(file, "name").text,
    description: child(file, "description").text,
    sportType: child(file, "sportType").text,
    elements: child(file, "workout").children.map((c) => c.name),
    intervals: child(file, "workout")
      .children.filter((c) => c.name === "IntervalsT")
      .map((c) => c.attrs),
    steps,
  };
}

const expected = (s: WorkoutSession): ReadStep[] =>
  flatSteps(s).map((x: WorkoutStep) => ({
    durationSec: x.durationSec,
    low: x.intensity.low,
    high: x.intensity.high,
    notes: x.note ? [x.note] : [],
  }));

const cotes: WorkoutSession = {
  date: "2027-03-12",
  kind: "cotes",
  title: "Côtes : 2 × (1 min + 2 min)",
  description: "Deux séries pyramidales en côte.",
  items: [
    warm,
    {
      times: 2,
      steps: pyramid,
    },
    { kind: "continu", durationSec: 300, intensity: { low: 0.75, high: 0.75 } },
    cool,
  ],
  distanceKm: null,
  dplusM: 250,
};

describe("sessionToZwo: a Zwift running workout that reads back to the same session", () => {
  it.each([
    ["intervals as one IntervalsT", fractionne, ["Warmup", "IntervalsT", "Cooldown"]],
    [
      "a repeat that is not [effort, récupération] unrolled",
      cotes,
      ["Warmup", ...Array(8).fill("SteadyState"), "SteadyState", "Cooldown"],
    ],
    ["a single continuous run", sortieLongue, ["SteadyState"]],
  ] as const)("%s", (_label, session, elements) => {
    const read = readWorkout(sessionToZwo(session));
    expect(read.sportType).toBe("run");
    expect(read.author).toBe("Balise");
    expect(read.name).toBe(session.title);
    expect(read.description).toBe(session.description);
    expect(read.elements).toEqual(elements);
    expect(read.steps).toEqual(expected(session));
  });

  it("the intervals carry the repeat count, on/off durations and the middle of each range", () => {
    const [iv] = readWorkout(sessionToZwo(fractionne)).intervals;
    expect(iv).toMatchObject({ Repeat: "6", OnDuration: "180", OffDuration: "120", OnPower: "1.1", OffPower: "0.625" });
  });

  it("a warm-up ramps up and a cool-down ramps down", () => {
    const xml = sessionToZwo(fractionne);
    expect(xml).toContain('<Warmup Duration="900" PowerLow="0.6" PowerHigh="0.75">');
    expect(xml).toContain('<Cooldown Duration="600" PowerLow="0.7" PowerHigh="0.55"/>');
  });

  it("escapes & < > \" ' in every text and keeps accents as UTF-8", () => {
    const nasty = `Côtes & "seuil" <rapide> d'été\nligne 2`;
    const session: WorkoutSession = {
      ...sortieLongue,
      title: nasty,
      description: `Allure < 5'00"/km & > 4'30"`,
      items: [
        { kind: "continu", durationSec: 60, intensity: { low: 0.8, high: 0.8 }, note: `Relâchez & "respirez" <3 'ok'` },
      ],
    };
    const xml = sessionToZwo(session);
    expect(xml).toContain("Côtes &amp; &quot;seuil&quot; &lt;rapide&gt; d&#39;été&#10;ligne 2");
    const read = readWorkout(xml);
    expect(read.name).toBe(nasty);
    expect(read.description).toBe(`Allure < 5'00"/km & > 4'30"`);
    expect(read.steps[0].notes).toEqual([`Relâchez & "respirez" <3 'ok'`]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it("drops the control characters XML 1.0 refuses", () => {
    const xml = sessionToZwo({ ...sortieLongue, title: "Seuil\u0001 \u0008fort" });
    expect(readWorkout(xml).name).toBe("Seuil fort");
  });

  it("an empty repeat and a repeat of zero times write nothing; a single [effort, récupération] is one interval", () => {
    const session: WorkoutSession = {
      ...sortieLongue,
      items: [
        { times: 0, steps: [{ kind: "effort", durationSec: 60, intensity: { low: 1, high: 1 } }] },
        { times: 3, steps: [] },
        {
          times: 1,
          steps: [
            { kind: "effort", durationSec: 60, intensity: { low: 1, high: 1 } },
            { kind: "recuperation", durationSec: 30, intensity: { low: 0.5, high: 0.5 } },
          ],
        },
      ],
    };
    const read = readWorkout(sessionToZwo(session));
    expect(read.elements).toEqual(["IntervalsT"]);
    expect(read.steps).toEqual(expected(session));
  });

  it("the reader used here refuses unescaped text (the test can fail)", () => {
    expect(() => readWorkout(sessionToZwo(sortieLongue).replace("Endurance fondamentale.", "A & B"))).toThrow(
      /bare '&'/,
    );
    expect(() => readWorkout(sessionToZwo(sortieLongue).replace("</name>", "</nom>"))).toThrow();
  });
});

describe("workoutFileName", () => {
  it.each([
    [{ date: "2027-03-14", title: "Sortie longue 1 h 45" }, "zwo", "2027-03-14-sortie-longue-1-h-45.zwo"],
    [{ date: "2027-03-10", title: "Fractionné 6 × 3 min" }, "fit", "2027-03-10-fractionne-6-3-min.fit"],
    [{ date: "2027-03-10", title: "—" }, "fit", "2027-03-10.fit"],
  ] as const)("%o → %s", (s, ext, name) => {
    expect(workoutFileName(s, ext)).toBe(name);
  });
});
