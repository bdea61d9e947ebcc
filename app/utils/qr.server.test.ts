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
  it("gives the same drawing for the same text and size, and keeps sizes apart", async () => {
    const a = await qrSvg("https://a.test/memo", 120);
    expect(await qrSvg("https://a.test/memo", 120)).toBe(a);
    const b = await qrSvg("https://a.test/memo", 160);
    expect(b).toContain('width="160"');
    expect(b).not.toBe(a);
  });
  it("keeps drawing right after many different texts (bounded memory)", async () => {
    for (let i = 0; i < 520; i++) await qrSvg(`https://a.test/n/${i}`);
    const again = await qrSvg("https://a.test/n/0");
    expect(again.startsWith("<svg ")).toBe(true);
    expect(again).toBe(await qrSvg("https://a.test/n/0"));
  });
});
