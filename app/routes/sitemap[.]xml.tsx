import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseSitemapPart } from "~/domain/sitemap";
import { sitemap } from "~/services/catalogue.server";

/**
 * /sitemap.xml: the index of the sitemap's parts; /sitemap.xml?partie=N: the public pages (part 1) and the online
 * events of part N (never drafts). Each answer reads a bounded number of rows (decision 0175).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const part = parseSitemapPart(new URL(request.url).searchParams.get("partie"));
  const body = part === "invalid" ? null : await sitemap(context, context.env.APP_URL, part);
  if (body === null) {
    return new Response("Partie du plan du site introuvable.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
