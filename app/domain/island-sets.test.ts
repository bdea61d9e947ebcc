import { describe, expect, it } from "vitest";
import { type IslandName, islandSetKey, islandSetModule, islandSets } from "./island-sets";

describe("island sets", () => {
  it.each<[IslandName[], string]>([
    [["shell"], "shell"],
    [["chat", "share", "shell"], "shell-share-chat"],
    [["shell", "map", "share", "chat", "map"], "shell-map-share-chat"],
    [["shell", "map"], "shell-map"],
  ])("%j has the key %s (fixed order, no repeats)", (names, key) => {
    expect(islandSetKey(names)).toBe(key);
  });

  it("builds every set a page can ask for: the shell with any of the others, each once", () => {
    const keys = islandSets().map(islandSetKey);
    expect(keys).toHaveLength(8);
    expect(new Set(keys).size).toBe(8);
    for (const k of keys) expect(k.startsWith("shell")).toBe(true);
    expect(keys).toContain("shell-share-chat");
    expect(keys).toContain("shell-map-share-chat");
  });

  it("names a set's module after its key", () => {
    expect(islandSetModule(["shell", "chat"])).toBe("app/islands/bundles/islands-shell-chat.js");
  });
});
