import type { AppLoadContext } from "@remix-run/cloudflare";
import { allowsLocalStandIns } from "./env.server";

/**
 * The local stand-ins' pages (/dev/mail, /dev/checkout, /dev/onboarding, /dev/receipt) answer 404 outside
 * development and test. The Worker refuses /dev/* in production before any route runs; this is the second lock.
 */
export function requireDevelopment(context: Pick<AppLoadContext, "env">): void {
  if (!allowsLocalStandIns(context.env)) throw new Response("Page non trouvée", { status: 404 });
}

/**
 * The loader of a /dev page that runs a scheduled task's step now (/dev/bilan, /dev/exports): development only, and
 * how many things the last run did, from the redirect's `param` (null before any run).
 */
export function devTaskLoader(param: string) {
  return ({ request, context }: { request: Request; context: Pick<AppLoadContext, "env"> }) => {
    requireDevelopment(context);
    const done = new URL(request.url).searchParams.get(param);
    return { done: done === null ? null : Number(done) };
  };
}
