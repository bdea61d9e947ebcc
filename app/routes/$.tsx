import type { MetaFunction } from "@remix-run/cloudflare";

export const meta: MetaFunction = () => [{ title: "Page non trouvée — Balise" }];

/** Any unknown URL: HTTP 404 rendered by the root error boundary ('Page non trouvée'). */
export function loader() {
  throw new Response("Page non trouvée", { status: 404 });
}

export function action() {
  throw new Response("Page non trouvée", { status: 404 });
}

export default function NotFound() {
  return null;
}
