import { describe, expect, it } from "vitest";
import { itMaps, itRefuses } from "../../tests/support/cases";
import {
  categoryWithRank,
  formatRaceTime,
  isAnonymous,
  parseRaceTime,
  parseResultStatus,
  parseResultsQuery,
  rankResults,
  type ResultLine,
  resultSummary,
  resultsQueryParams,
  TIME_MESSAGES,
} from "./results";

describe("parseRaceTime", () => {
  it.each([
    ["1:02:03", 3723],
    ["01:02:03", 3723],
    ["0:45:10", 2710],
    ["45:10", 2710],
    ["75:30", 4530],
    ["1h02:03", 3723],
    ["1h02m03s", 3723],
    ["2:03:04.56", 7384],
    ["2:03:04,5", 7384],
    [" 3:00:00 ", 10800],
  ])("%s -> %i s", (text, seconds) => expect(parseRaceTime(text)).toEqual({ ok: true, seconds }));

  itRefuses("%j is refused: %s", parseRaceTime, [
    [TIME_MESSAGES.empty, [""]],
    [TIME_MESSAGES.unreadable, ["abc", "1:2", "12", "-1:00:00"]],
    [TIME_MESSAGES.range, ["1:60:00", "45:61"]],
  ]);
});

describe("formatRaceTime", () => {
  itMaps("%s -> %s", formatRaceTime, [
    [3723, "1:02:03"],
    [59, "0:00:59"],
    [36000, "10:00:00"],
    [null, ""],
  ]);
});

describe("parseResultStatus", () => {
  itMaps("%j -> %s", parseResultStatus, [
    ["", "classe"],
    ["Classé", "classe"],
    ["DNF", "dnf"],
    ["abandon", "dnf"],
    ["dns", "dns"],
    ["Non partant", "dns"],
    ["DSQ", "dsq"],
    ["disqualifié", "dsq"],
    ["perdu", null],
  ]);
});

const line = (
  ligne: number,
  temps: number | null,
  statut: ResultLine["statut"] = "classe",
  classement: number | null = null,
): ResultLine => ({
  ligne,
  dossard: ligne,
  temps_secondes: temps,
  classement,
  categorie: null,
  statut,
  nom: null,
  prenom: null,
  club: null,
});

describe("rankResults", () => {
  it("ranks by time, equal times share a rank, non-finishers have none", () => {
    const ranked = rankResults([line(2, 300), line(3, 200), line(4, 300), line(5, null, "dnf"), line(6, 400)]);
    expect(ranked.map((l) => [l.ligne, l.classement])).toEqual([
      [2, 2],
      [3, 1],
      [4, 2],
      [5, null],
      [6, 4],
    ]);
  });
  it("keeps the file's ranks when every ranked line has one", () => {
    const ranked = rankResults([line(2, 300, "classe", 2), line(3, 200, "classe", 1), line(4, null, "dns", 9)]);
    expect(ranked.map((l) => l.classement)).toEqual([2, 1, null]);
  });
  it("ranks by time when one ranked line has no rank", () => {
    const ranked = rankResults([line(2, 300, "classe", 7), line(3, 200)]);
    expect(ranked.map((l) => l.classement)).toEqual([2, 1]);
  });
});

describe("isAnonymous", () => {
  itMaps("%j -> %s", isAnonymous, [
    [{ registration: true, runnerProfile: null, userProfile: null }, false],
    [{ registration: null, runnerProfile: null, userProfile: null }, false],
    [{ registration: false, runnerProfile: true, userProfile: true }, true],
    [{ registration: true, runnerProfile: false, userProfile: null }, true],
    [{ registration: true, runnerProfile: true, userProfile: false }, true],
  ]);
});

describe("results query", () => {
  it.each([
    ["", { q: "", tri: "classement", page: 1 }, {}],
    ["q=Dupont&tri=nom&page=3", { q: "Dupont", tri: "nom", page: 3 }, { q: "Dupont", tri: "nom", page: "3" }],
    ["tri=prix&page=-2", { q: "", tri: "classement", page: 1 }, {}],
    ["page=abc&q=%20club%20", { q: "club", tri: "classement", page: 1 }, { q: "club" }],
  ])("%s", (search, parsed, params) => {
    const q = parseResultsQuery(new URLSearchParams(search));
    expect(q).toEqual(parsed);
    expect(resultsQueryParams(q)).toEqual(params);
  });
});

describe("resultSummary", () => {
  itMaps("%j -> %s", resultSummary, [
    [{ classement: 1, temps_secondes: 3723, statut: "classe" }, "1er — 1:02:03"],
    [{ classement: 12, temps_secondes: 3723, statut: "classe" }, "12e — 1:02:03"],
    [{ classement: null, temps_secondes: null, statut: "dnf" }, "Abandon"],
    [{ classement: null, temps_secondes: null, statut: "dsq" }, "Disqualifié"],
  ]);
});

describe("categoryWithRank", () => {
  itMaps("%j -> %s", categoryWithRank, [
    [{ categorie: "M1H", rang_categorie: 1 }, "M1H (1er)"],
    [{ categorie: "SEF", rang_categorie: 12 }, "SEF (12e)"],
    [{ categorie: "SEF", rang_categorie: null }, "SEF"],
    [{ categorie: null, rang_categorie: null }, ""],
  ]);
});
