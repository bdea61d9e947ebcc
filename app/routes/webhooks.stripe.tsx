// POST /webhooks/stripe: payment events from Stripe, or from the local provider (signed the same way).
// The body is read raw: the signature covers its exact bytes.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handlePaymentWebhook } from "~/services/payments-webhook.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return new Response("Méthode non autorisée", { status: 405, headers: { Allow: "POST" } });
  const rawBody = await request.text();
  const outcome = await handlePaymentWebhook(context, rawBody, request.headers.get("stripe-signature"));
  return new Response(JSON.stringify(outcome.body), {
    status: outcome.status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

export function loader() {
  return new Response("Méthode non autorisée", { status: 405, headers: { Allow: "POST" } });
}
