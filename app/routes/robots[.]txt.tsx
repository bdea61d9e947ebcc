import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as paths from "~/domain/paths";

/** robots.txt with an absolute sitemap address (the protocol requires one). */
export function loader({ context }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /dev/",
    "Disallow: /admin",
    "Disallow: /organisateur/",
    "Disallow: /mon-inscription/",
    "Disallow: /details-coureur/",
    "Allow: /",
    `Sitemap: ${paths.absoluteUrl(context.env.APP_URL, paths.sitemap())}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
