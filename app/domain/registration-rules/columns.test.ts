import { describe, expect, it } from "vitest";
import { effectsOfAnonymisation } from "./columns";

describe("effectsOfAnonymisation", () => {
  it.each([
    { ids: [], effects: [] },
    { ids: ["a"], effects: [{ kind: "result_names_forgotten", inscriptionIds: ["a"] }] },
    { ids: ["a", "b"], effects: [{ kind: "result_names_forgotten", inscriptionIds: ["a", "b"] }] },
  ])("$ids → $effects", ({ ids, effects }) => {
    expect(effectsOfAnonymisation(ids)).toEqual(effects);
  });
});
