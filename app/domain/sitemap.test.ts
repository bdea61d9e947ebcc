import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import {
  parseSitemapPart,
  SITEMAP_MAX_PARTS,
  SITEMAP_PART_SIZE,
  sitemapIndexXml,
  sitemapPartCount,
  sitemapPartRange,
  sitemapPartXml,
} from "./sitemap";

describe("sitemapPartCount", () => {
  itMaps("highest row number %s -> %s parts", sitemapPartCount, [
    [null, 1],
    [0, 1],
    [1, 1],
    [SITEMAP_PART_SIZE, 1],
    [SITEMAP_PART_SIZE + 1, 2],
    [100_000, 200],
    [100_001, 201],
    [SITEMAP_PART_SIZE * SITEMAP_MAX_PARTS * 2, SITEMAP_MAX_PARTS],
  ]);
});

describe("sitemapPartRange", () => {
  it.each([
    [1, 0, SITEMAP_PART_SIZE],
    [2, SITEMAP_PART_SIZE, 2 * SITEMAP_PART_SIZE],
    [100, 99 * SITEMAP_PART_SIZE, 100 * SITEMAP_PART_SIZE],
  ])("part %s covers (%s, %s]", (part, after, upTo) => {
    expect(sitemapPartRange(part)).toEqual({ after, upTo });
  });

  it("the parts cover every row number once, each at most SITEMAP_PART_SIZE wide", () => {
    for (let part = 1; part < 50; part++) {
      const { after, upTo } = sitemapPartRange(part);
      expect(upTo - after).toBe(SITEMAP_PART_SIZE);
      expect(sitemapPartRange(part + 1).after).toBe(upTo);
    }
  });
});

describe("parseSitemapPart", () => {
  itMaps("%s -> %s", parseSitemapPart, [
    [null, null],
    ["1", 1],
    ["37", 37],
    [String(SITEMAP_MAX_PARTS), SITEMAP_MAX_PARTS],
    [String(SITEMAP_MAX_PARTS + 1), "invalid"],
    ["0", "invalid"],
    ["-1", "invalid"],
    ["01", "invalid"],
    ["1.5", "invalid"],
    ["", "invalid"],
    ["abc", "invalid"],
    ["1e3", "invalid"],
    ["9999999", "invalid"],
  ]);
});

describe("sitemap XML", () => {
  const base = "https://balise.example";

  it("the index lists one escaped address per part", () => {
    const xml = sitemapIndexXml(base, 3);
    expect(xml).toContain("<sitemapindex");
    expect(xml.match(/<sitemap><loc>/g)).toHaveLength(3);
    expect(xml).toContain("<loc>https://balise.example/sitemap.xml?partie=1</loc>");
    expect(xml).toContain("<loc>https://balise.example/sitemap.xml?partie=3</loc>");
  });

  it("part 1 lists the public pages, then its events; other parts only their events", () => {
    const courses = [{ slug: "trail-d'été", updated_at: "2026-11-20T10:00:00.000Z" }];
    const first = sitemapPartXml(base, 1, courses);
    expect(first).toContain("<urlset");
    expect(first).toContain("<loc>https://balise.example/</loc><changefreq>daily</changefreq>");
    expect(first).toContain("<loc>https://balise.example/fonctionnalites</loc></url>");
    expect(first).toContain(
      "<loc>https://balise.example/courses/trail-d&#39;%C3%A9t%C3%A9</loc><lastmod>2026-11-20</lastmod>",
    );
    expect(first.match(/<url>/g)).toHaveLength(5);
    const second = sitemapPartXml(base, 2, courses);
    expect(second.match(/<url>/g)).toHaveLength(1);
    expect(sitemapPartXml(base, 2, [])).not.toContain("<url>");
  });

  it("escapes what XML reserves", () => {
    const xml = sitemapPartXml("https://a.example", 2, [{ slug: "a&b", updated_at: "2026-01-01" }]);
    expect(xml).toContain("/courses/a%26b");
    expect(sitemapPartXml("https://a.example?x=1&y=2", 1, [])).toContain("x=1&amp;y=2");
  });
});
