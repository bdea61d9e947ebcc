import { describe, expect, it } from "vitest";
import { openToken, sealToken } from "./token-cipher.server";

const SECRET = "un-secret-de-session-assez-long-pour-les-tests";

describe("sealed tokens", () => {
  it("open back to the token under the same secret, and never show it", async () => {
    const sealed = await sealToken(SECRET, "dev-access.123.456");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(sealed).not.toContain("dev-access");
    expect(await openToken(SECRET, sealed)).toBe("dev-access.123.456");
  });

  it("seal the same token to a different text each time", async () => {
    const [a, b] = await Promise.all([sealToken(SECRET, "t"), sealToken(SECRET, "t")]);
    expect(a).not.toBe(b);
    expect(await openToken(SECRET, a)).toBe("t");
    expect(await openToken(SECRET, b)).toBe("t");
  });

  it.each([
    ["another secret", async (s: string) => ({ secret: "un-autre-secret", value: s })],
    [
      "an altered character",
      async (s: string) => ({ secret: SECRET, value: s.slice(0, -2) + (s.endsWith("AA") ? "BB" : "AA") }),
    ],
    ["a cut value", async (s: string) => ({ secret: SECRET, value: s.slice(0, 10) })],
    ["a token stored in clear", async () => ({ secret: SECRET, value: "dev-access.123.456" })],
    ["not base64url", async () => ({ secret: SECRET, value: "v1.***" })],
  ])("do not open with %s", async (_, change) => {
    const { secret, value } = await change(await sealToken(SECRET, "dev-access.123.456"));
    expect(await openToken(secret, value)).toBeNull();
  });
});
