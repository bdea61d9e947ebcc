import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  itMaps("%j -> %j", safeRedirect, [
    ["/courses", "/courses"],
    ["/courses?q=trail#top", "/courses?q=trail#top"],
    ["/mon-inscription/abc", "/mon-inscription/abc"],
    ["https://evil.example/", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["courses", "/"],
    ["", "/"],
    ["/\u0000x", "/"],
    ["/.//evil.example", "/"],
    ["/./\\evil.example", "/"],
    ["/..//evil.example", "/"],
    ["/a/..//evil.example", "/"],
    ["/%2f/evil.example", "/"],
    ["/%5Cevil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/./courses", "/courses"],
    ["/a/../courses?x=1", "/courses?x=1"],
  ]);
  it("uses the fallback", () => {
    expect(safeRedirect(null, "/courses")).toBe("/courses");
  });
});
