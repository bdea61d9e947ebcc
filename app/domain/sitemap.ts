// The sitemap in parts (issue 26, decision 0175): /sitemap.xml is an index of parts, and each part lists the online
// events of one fixed range of the events' row numbers, so that no request reads more than one range, whatever the
// number of events. Pure: the index needs only the highest row number, a part only its own range.

import { escapeHtml } from "./markup";
import * as paths from "~/domain/paths";

/** Row numbers per part: a part reads at most this many events (under 1 ms of SQL). */
export const SITEMAP_PART_SIZE = 500;

/** The sitemap format's own limit on the parts an index may list (sitemaps.org). */
export const SITEMAP_MAX_PARTS = 50_000;

/** How many parts the index lists, from the highest row number of the events (null: none yet). Never fewer than 1: part 1 also lists the public pages. */
export function sitemapPartCount(maxRowid: number | null): number {
  if (maxRowid === null || maxRowid < 1) return 1;
  return Math.min(SITEMAP_MAX_PARTS, Math.ceil(maxRowid / SITEMAP_PART_SIZE));
}

/** The row numbers part `part` (from 1) lists: `after` < rowid ≤ `upTo`. */
export function sitemapPartRange(part: number): { after: number; upTo: number } {
  return { after: (part - 1) * SITEMAP_PART_SIZE, upTo: part * SITEMAP_PART_SIZE };
}

/**
 * The part a request asks for: null for the index (no `partie`), a number from 1, or "invalid" for anything else
 * (which the route answers with 404, as a part beyond the index's count).
 */
export function parseSitemapPart(value: string | null): number | null | "invalid" {
  if (value === null) return null;
  if (!/^[1-9][0-9]{0,5}$/.test(value)) return "invalid";
  const part = Number(value);
  return part <= SITEMAP_MAX_PARTS ? part : "invalid";
}

/** A part's address, as the index lists it. */
export function sitemapPartUrl(base: string, part: number): string {
  return paths.absoluteUrl(base, paths.sitemapPart(part));
}

/** The index: one entry per part. */
export function sitemapIndexXml(base: string, parts: number): string {
  const entries = Array.from(
    { length: parts },
    (_, i) => `<sitemap><loc>${escapeHtml(sitemapPartUrl(base, i + 1))}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

/** The public pages every sitemap lists once (in part 1). */
const PUBLIC_PAGES: { path: string; daily: boolean }[] = [
  { path: paths.home(), daily: true },
  { path: paths.eventsPage(), daily: true },
  { path: paths.formatsPage(), daily: true },
  { path: paths.features(), daily: false },
];

/** A part: its events (slug and last change), with the public pages first in part 1. */
export function sitemapPartXml(base: string, part: number, courses: { slug: string; updated_at: string }[]): string {
  const urls = [
    ...(part === 1 ? PUBLIC_PAGES : []).map(
      (p) =>
        `<url><loc>${escapeHtml(paths.absoluteUrl(base, p.path))}</loc>${p.daily ? "<changefreq>daily</changefreq>" : ""}</url>`,
    ),
    ...courses.map(
      (c) =>
        `<url><loc>${escapeHtml(paths.absoluteUrl(base, paths.eventPage(c.slug)))}</loc><lastmod>${escapeHtml(c.updated_at.slice(0, 10))}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
