// The public catalogue's reads for the home page, /courses, /formats and the sitemap: online events only, at the
// Paris day and instant the request's clock gives. The queries themselves are in app/db/catalogue/.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { listUpcomingFormats } from "~/db/catalogue/formats.server";
import { newestOnlineCourses } from "~/db/catalogue/home.server";
import { listCourses } from "~/db/catalogue/list.server";
import { renewNextDates } from "~/db/catalogue/next-dates.server";
import { readSitemap } from "~/db/catalogue/sitemap.server";
import type { CourseFilters } from "~/domain/filters";
import { parisDate } from "~/domain/refund";
import { sitemapIndexXml, sitemapPartCount, sitemapPartRange, sitemapPartXml } from "~/domain/sitemap";

type Ctx = Pick<AppLoadContext, "db" | "clock">;

/** The request's instant and its Paris calendar day. */
export function catalogueClock(context: Pick<AppLoadContext, "clock">): { now: Date; today: string } {
  const now = context.clock.now();
  return { now, today: parisDate(now) };
}

/** The home page's newest online events, with their summary and badges' inputs (one query). */
export function newestCourses(context: Ctx, limit: number, at = catalogueClock(context)) {
  return newestOnlineCourses(context.db, limit, at.today, at.now.toISOString());
}

/** /courses: one page of online events matching the filters, with the total count. */
export function searchCourses(context: Ctx, filters: CourseFilters, at = catalogueClock(context)) {
  return listCourses(context.db, filters, at.today, at.now.toISOString());
}

/** /formats: one page of the formats still to come. */
export function upcomingFormats(context: Ctx, page: number, size: number, at = catalogueClock(context)) {
  return listUpcomingFormats(context.db, at.today, page, size);
}

/** /sitemap.xml (decision 0175): the index of parts, or one part's online events (never drafts); null: no such part. */
export async function sitemap(context: Pick<AppLoadContext, "db">, base: string, part: number | null) {
  const { maxRowid, courses } = await readSitemap(context.db, part === null ? null : sitemapPartRange(part));
  const parts = sitemapPartCount(maxRowid);
  if (part === null) return sitemapIndexXml(base, parts);
  if (part > parts) return null;
  return sitemapPartXml(base, part, courses);
}

/** Next dates the cron renews per run at most (the events whose date passed since its last run: decision 0172). */
export const NEXT_DATES_PER_RUN = 2000;

/** The cron: the catalogue's day moves to today and the next dates that went by are counted again. */
export function renewCatalogueDates(context: Pick<AppLoadContext, "db" | "clock">, limit = NEXT_DATES_PER_RUN) {
  return renewNextDates(context.db, catalogueClock(context).today, limit);
}
