import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sitemapCourses } from "~/services/catalogue.server";

function xml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** /sitemap.xml: the public pages and every online event (never drafts). */
export async function loader({ context }: LoaderFunctionArgs) {
  const base = context.env.APP_URL;
  const courses = await sitemapCourses(context);
  const urls = [
    `<url><loc>${xml(base)}/</loc><changefreq>daily</changefreq></url>`,
    `<url><loc>${xml(base)}/courses</loc><changefreq>daily</changefreq></url>`,
    `<url><loc>${xml(base)}/formats</loc><changefreq>daily</changefreq></url>`,
    `<url><loc>${xml(base)}/fonctionnalites</loc></url>`,
    ...courses.map(
      (c) =>
        `<url><loc>${xml(`${base}/courses/${encodeURIComponent(c.slug)}`)}</loc><lastmod>${xml(c.updated_at.slice(0, 10))}</lastmod></url>`,
    ),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
