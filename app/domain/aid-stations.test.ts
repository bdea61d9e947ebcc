import { describe, expect, it } from "vitest";
import { parseAidStations } from "./aid-stations";

describe("parseAidStations", () => {
  it.each([
    [
      "Lac Blanc (km 9) ; Flégère (km 17), La Tête aux Vents",
      28,
      [
        ["Lac Blanc", 9, null],
        ["Flégère", 17, null],
      ],
      ["La Tête aux Vents"],
    ],
    ["Lac Blanc (km 9) ; Flégère (km 17)", 12, [["Lac Blanc", 9, null]], ["Flégère km 17"]],
    [
      "km 5, km 10, km 15, arrivée",
      21.1,
      [
        ["Ravitaillement", 5, null],
        ["Ravitaillement", 10, null],
        ["Ravitaillement", 15, null],
      ],
      [],
    ],
    [
      "Col de Voza 12 km\nLes Contamines au km 25,5 (barrière horaire 11h30)",
      40,
      [
        ["Col de Voza", 12, null],
        ["Les Contamines", 25.5, "11:30"],
      ],
      [],
    ],
    [
      "Saint-Gervais km 21 BH 14:00 ; Notre-Dame de la Gorge km31 - BH 17h",
      50,
      [
        ["Saint-Gervais", 21, "14:00"],
        ["Notre-Dame de la Gorge", 31, "17:00"],
      ],
      [],
    ],
    ["Col de la Schlucht\nHohneck", 30, [], ["Col de la Schlucht", "Hohneck"]],
    ["Refuge (km 60)", 40, [], ["Refuge km 60"]],
  ] as const)("%j", (text, distance, stations, unplaced) => {
    const parsed = parseAidStations(text, distance);
    expect(parsed.stations.map((s) => [s.label, s.km, s.barrier])).toEqual(stations);
    expect(parsed.unplaced).toEqual(unplaced);
  });

  it("keeps a barrier of an item without a position apart", () => {
    expect(parseAidStations("Chalet, barrière 9h", 20)).toEqual({
      stations: [],
      unplaced: ["Chalet", "barrière 9h"],
      unplacedBarriers: ["09:00"],
    });
  });

  it("sorts by position and reads an empty text as nothing", () => {
    expect(parseAidStations("B km 8; A km 3", 10).stations.map((s) => s.km)).toEqual([3, 8]);
    expect(parseAidStations(null, 10)).toEqual({ stations: [], unplaced: [], unplacedBarriers: [] });
  });
});
