import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { elevationAt, markersDescription, markerText, profileMarkers } from "./profile-markers";

const nb = (s: string) => s.replace(/\u00a0/g, " ");
const POINTS = [
  { d: 0, e: 1000 },
  { d: 5, e: 1500 },
  { d: 10, e: 1200 },
  { d: 10, e: 1300 },
  { d: 20, e: 1000 },
];

describe("elevationAt: linear between the two points around the kilometre", () => {
  it.each([
    [0, 1000],
    [-1, 1000],
    [2.5, 1250],
    [5, 1500],
    [7.5, 1350],
    [15, 1150],
    [20, 1000],
    [25, 1000],
  ])("km %s → %s m", (km, ele) => expect(elevationAt(POINTS, km)).toBeCloseTo(ele, 6));
  it("no points: no elevation", () => expect(elevationAt([], 3)).toBeNull());
});

describe("profileMarkers", () => {
  it("numbers the stations in course order, on the line, leaving out those off the course", () => {
    const markers = profileMarkers(
      POINTS,
      [
        { label: "Col", km: 5 },
        { label: "Lac", km: 2.5 },
        { label: "Au-delà", km: 21 },
        { label: "Avant", km: -1 },
      ],
      20,
    );
    expect(markers).toEqual([
      { n: 1, label: "Lac", km: 2.5, ele: 1250 },
      { n: 2, label: "Col", km: 5, ele: 1500 },
    ]);
  });
  it("none without points", () => expect(profileMarkers([], [{ label: "Lac", km: 1 }], 20)).toEqual([]));
});

describe("what the markers say", () => {
  itMaps("%o → %s", (m) => nb(markerText(m)), [
    [{ label: "Lac Blanc", km: 9 }, "Lac Blanc (km 9)"],
    [{ label: "Flégère", km: 25.5 }, "Flégère (km 25,5)"],
    [{ label: "Ravitaillement", km: 12.345 }, "Ravitaillement (km 12,3)"],
  ]);
  itMaps("the description of %j", (markers) => nb(markersDescription(markers)), [
    [[], ""],
    [[{ n: 1, label: "Lac Blanc", km: 9, ele: 0 }], " ; ravitaillement : 1, Lac Blanc (km 9)"],
    [
      [
        { n: 1, label: "Lac Blanc", km: 9, ele: 0 },
        { n: 2, label: "Flégère", km: 17, ele: 0 },
      ],
      " ; ravitaillements : 1, Lac Blanc (km 9) ; 2, Flégère (km 17)",
    ],
  ]);
});
