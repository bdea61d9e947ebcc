// /premium/plan/calendrier/{token}.ics: the runner's plan as an iCalendar feed (issue 47, decision 0228). Calendar
// apps cannot sign in: the secret token stands in for the login (rotated on the plan page). An unknown token is a
// 404; a lapsed subscriber's feed is an empty calendar. GET only, changes nothing.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { planCalendarFeed } from "~/services/training-plan.server";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const segment = params.token ?? "";
  const token = segment.endsWith(".ics") ? segment.slice(0, -4) : "";
  const body = token ? await planCalendarFeed(context, token) : null;
  if (body === null) return new Response("Calendrier introuvable.", { status: 404 });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="plan-balise.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
