import { describe, expect, it } from "vitest";
import {
  ALWAYS_MADE,
  imageSources,
  parseVariants,
  recordedVariantKeys,
  serializeVariants,
  socialImage,
  VARIANTS,
  variantKey,
  variantsToMake,
} from "./image-variants";

const URL_PNG = "/fichiers/courses/abc.png";
const ALL = serializeVariants(VARIANTS.map((v) => v.name));

describe("the sizes table", () => {
  it.each([
    ["card-96", 96, 96, "image/webp"],
    ["card-144", 144, 144, "image/webp"],
    ["card-216", 216, 216, "image/webp"],
    ["hero-400", 400, 225, "image/webp"],
    ["hero-640", 640, 360, "image/webp"],
    ["hero-960", 960, 540, "image/webp"],
    ["hero-1280", 1280, 720, "image/webp"],
    ["social-1200", 1200, 630, "image/jpeg"],
  ])("%s is %i × %i in %s", (name, width, height, format) => {
    expect(VARIANTS.find((v) => v.name === name)).toMatchObject({ width, height, format });
  });
  it("has no other variant", () => expect(VARIANTS).toHaveLength(8));
  it("every image with sizes has each role's smallest", () =>
    expect(ALWAYS_MADE).toEqual(["card-96", "hero-400", "social-1200"]));
});

describe("variantKey", () => {
  it.each([
    ["courses/abc.png", "card-144", "image/webp", "courses/abc.card-144.webp"],
    ["formats/x/y.jpeg", "hero-960", "image/webp", "formats/x/y.hero-960.webp"],
    ["courses/abc.webp", "social-1200", "image/jpeg", "courses/abc.social-1200.jpg"],
    ["courses.d/noext", "card-96", "image/webp", "courses.d/noext.card-96.webp"],
  ] as const)("%s, %s → %s", (key, name, format, expected) => {
    expect(variantKey(key, { name, format })).toBe(expected);
  });
});

describe("variantsToMake", () => {
  const names = (w: number, h: number) => variantsToMake({ width: w, height: h }).map((v) => v.name);
  it.each([
    [1600, 900, ["card-96", "card-144", "card-216", "hero-400", "hero-640", "hero-960", "hero-1280", "social-1200"]],
    [4000, 3000, ["card-96", "card-144", "card-216", "hero-400", "hero-640", "hero-960", "hero-1280", "social-1200"]],
    [1000, 700, ["card-96", "card-144", "card-216", "hero-400", "hero-640", "hero-960", "social-1200"]],
    [800, 600, ["card-96", "card-144", "card-216", "hero-400", "hero-640", "social-1200"]],
    [120, 100, ["card-96", "hero-400", "social-1200"]],
    [1, 1, ["card-96", "hero-400", "social-1200"]],
    // Tall: wide enough, not high enough for the hero's 960 × 540.
    [1200, 500, ["card-96", "card-144", "card-216", "hero-400", "hero-640", "social-1200"]],
  ])("%i × %i", (w, h, expected) => expect(names(w, h)).toEqual(expected));
});

describe("serializeVariants / parseVariants", () => {
  it.each([
    [["hero-640", "card-96"], "card-96,hero-640"],
    [["card-96", "card-96"], "card-96"],
    [["unknown", "social-1200"], "social-1200"],
    [[], ""],
  ])("%j → %s", (names, text) => expect(serializeVariants(names)).toBe(text));
  it.each([
    [null, null],
    [undefined, null],
    ["", []],
    ["card-96,hero-640", ["card-96", "hero-640"]],
    ["card-96,bogus", ["card-96"]],
  ])("%j → %j", (text, names) => {
    const parsed = parseVariants(text);
    expect(parsed === null ? null : [...parsed]).toEqual(names);
  });
});

describe("recordedVariantKeys", () => {
  it.each([
    [null, []],
    ["", []],
    ["card-96,social-1200", ["courses/abc.card-96.webp", "courses/abc.social-1200.jpg"]],
  ])("%j", (recorded, keys) => expect(recordedVariantKeys("courses/abc.png", recorded)).toEqual(keys));
});

/** What a hero shows as: its sizes by srcset, `src` for browsers without it, and the phones' picks (up to 440, up to 640). */
function heroSources(widths: number[], src: number, [upright, wide]: [number, number]) {
  const hero = (w: number) => `/fichiers/courses/abc.hero-${w}.webp`;
  return {
    src: hero(src),
    srcSet: widths.map((w) => `${hero(w)} ${w}w`).join(", "),
    sizes: "100vw",
    width: 1600,
    height: 900,
    phones: [
      { media: "(max-width: 440px)", src: hero(upright) },
      { media: "(max-width: 640px)", src: hero(wide) },
    ],
  };
}

describe("imageSources", () => {
  it.each([
    ["no image", null, ALL, "card", null],
    ["not tried yet: the original", URL_PNG, null, "card", { src: URL_PNG, width: 72, height: 72 }],
    ["none could be made: the original", URL_PNG, "", "hero", { src: URL_PNG, width: 1600, height: 900 }],
    [
      "an address not stored here: as it is",
      "https://ailleurs.example/a.png",
      ALL,
      "card",
      { src: "https://ailleurs.example/a.png", width: 72, height: 72 },
    ],
    [
      "every card size",
      URL_PNG,
      ALL,
      "card",
      {
        src: "/fichiers/courses/abc.card-144.webp",
        srcSet:
          "/fichiers/courses/abc.card-96.webp 96w, /fichiers/courses/abc.card-144.webp 144w, /fichiers/courses/abc.card-216.webp 216w",
        sizes: "72px",
        width: 72,
        height: 72,
      },
    ],
    [
      "a small original's hero: the one size made",
      URL_PNG,
      "card-96,hero-400,social-1200",
      "hero",
      heroSources([400], 400, [400, 400]),
    ],
    [
      "sizes made before the 400: phones keep the 640",
      URL_PNG,
      "card-96,hero-640,hero-960,social-1200",
      "hero",
      heroSources([640, 960], 960, [640, 640]),
    ],
    [
      "every hero size: the 960 by default, the 400 up to 440 CSS pixels, the 640 up to 640",
      URL_PNG,
      ALL,
      "hero",
      heroSources([400, 640, 960, 1280], 960, [400, 640]),
    ],
    [
      "only other roles made: the original",
      URL_PNG,
      "card-96,social-1200",
      "hero",
      { src: URL_PNG, width: 1600, height: 900 },
    ],
  ] as const)("%s", (_label, url, recorded, role, expected) => {
    expect(imageSources(url, recorded, role)).toEqual(expected);
  });
});

describe("socialImage", () => {
  it.each([
    [null, ALL, null],
    [URL_PNG, null, { url: URL_PNG }],
    [URL_PNG, "card-96", { url: URL_PNG }],
    [URL_PNG, ALL, { url: "/fichiers/courses/abc.social-1200.jpg", width: 1200, height: 630, type: "image/jpeg" }],
  ])("%s, %j", (url, recorded, expected) => expect(socialImage(url, recorded)).toEqual(expected));
});
