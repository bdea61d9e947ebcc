// /premium/plan/seance/{id}/fit: one session of the runner's plan as a FIT workout file for a watch
// (issue 47, decision 0229). Premium only; another runner's session answers 404.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requirePremium } from "~/services/subscriptions.server";
import { workoutFile, workoutFileResponse } from "~/services/workout-exports.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePremium(request, context);
  const file = await workoutFile(context, user.id, params.id ?? "", "fit");
  if (!file) throw new Response("Séance introuvable.", { status: 404 });
  return workoutFileResponse(file);
}
