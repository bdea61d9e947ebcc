import { describe, expect, it } from "vitest";
import { qrSvg } from "./qr.server";

describe("qrSvg", () => {
  it.each([120, 160])("draws a %i×%i inline SVG", async (size) => {
    const svg = await qrSvg("http://localhost:8787/courses/trail-des-calanques", size);
    expect(svg.startsWith("<svg ")).toBe(true);
    expect(svg).toContain(`width="${size}"`);
    expect(svg).toContain(`height="${size}"`);
    expect(svg).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  });
  it("encodes different texts differently", async () => {
    expect(await qrSvg("https://a.test/1")).not.toBe(await qrSvg("https://a.test/2"));
  });
});
