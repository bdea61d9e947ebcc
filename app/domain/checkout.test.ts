import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { checkoutClaimKey, checkoutExpiry, claimExpiry } from "./checkout";

describe("checkout claim keys", () => {
  itMaps(
    "an attempt at %s gives a session ending at %s (31 minutes, rounded up to the second)",
    (now) => checkoutExpiry(new Date(now)).toISOString(),
    [
      ["2026-11-27T10:00:00.000Z", "2026-11-27T10:31:00.000Z"],
      ["2026-11-27T10:00:00.001Z", "2026-11-27T10:31:01.000Z"],
      ["2026-11-27T23:59:59.999Z", "2026-11-28T00:31:00.000Z"],
    ],
  );

  it("the key names the registration, the session's end (read back from it) and the attempt", () => {
    const now = new Date("2026-11-27T10:00:00.250Z");
    const key = checkoutClaimKey("insc-1", now, "n1");
    expect(key).toBe(`checkout:insc-1:${Date.parse("2026-11-27T10:31:01.000Z") / 1000}:n1`);
    expect(claimExpiry(key).toISOString()).toBe("2026-11-27T10:31:01.000Z");
  });

  it("two attempts in the same second get two keys; the same attempt gives the same key", () => {
    const at = new Date("2026-11-27T10:00:00Z");
    const a = checkoutClaimKey("x", at, "a");
    expect(checkoutClaimKey("x", at, "a")).toBe(a);
    expect(checkoutClaimKey("x", at, "b")).not.toBe(a);
  });

  it.each(["checkout:x::n", "checkout:x:abc:n", "checkout:x:-5:n", "checkout:x:1800000000", "nothing"])(
    "refuses a malformed key %s",
    (key) => {
      expect(() => claimExpiry(key)).toThrow();
    },
  );
});
