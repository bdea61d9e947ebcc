// /premium: the offer, and the runner's subscription (decision 0224). 'Passer en Premium' (a POST: the provider's
// checkout in subscription mode; a visitor signs in first and comes back), 'Gérer mon abonnement' (a POST: the
// provider's customer portal). Premium is decided on the server (app/services/subscriptions.server.ts).
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Link } from "~/components/Link";
import { PremiumComparison } from "~/components/PremiumComparison";
import { PremiumStatus } from "~/components/PremiumStatus";
import { formatEuros } from "~/domain/format";
import { isDomainError } from "~/domain/errors";
import * as paths from "~/domain/paths";
import { SubscriptionError } from "~/domain/subscription";
import { openPremiumPortal, premiumPage, startPremiumCheckout } from "~/services/subscriptions.server";
import { requireUser } from "~/utils/auth.server";
import { mapDomainError } from "~/utils/domain-errors";
import { getSessionUser } from "~/utils/session.server";
import { publicPageMeta } from "~/utils/meta";
import { postedFormOr400 } from "~/utils/http";

export const meta: MetaFunction = () =>
  publicPageMeta(
    "Balise Premium — 49\u00a0€ par an",
    "Balise Premium, l'abonnement des coureurs\u00a0: 49\u00a0€ par an TTC, résiliable à tout moment.",
  );

const PremiumActionSchema = z.object({ intent: z.enum(["abonner", "gerer"]) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context);
  const back = new URL(request.url).searchParams.get("abonnement");
  const page = await premiumPage(context, user?.id ?? null);
  return data(
    {
      ...page,
      back: back === "merci" || back === "annule" ? back : null,
      reserved: new URL(request.url).searchParams.get("acces") === "reserve",
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const posted = await postedFormOr400(request, PremiumActionSchema);
  try {
    const url =
      posted.intent === "abonner"
        ? await startPremiumCheckout(context, user)
        : await openPremiumPortal(context, user.id);
    return redirect(url);
  } catch (e) {
    const { message, status } = mapDomainError(e, new SubscriptionError("prestataire"));
    if (!isDomainError(e)) console.error(e);
    return data({ error: message }, { status });
  }
}

export default function Premium() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const subscribed = page.view.kind === "premium" || page.canManage;
  return (
    <section className="container page">
      <h1>Balise Premium</h1>
      <p className="lead">
        L'abonnement des coureurs&nbsp;: <strong>{formatEuros(page.priceCents)} par an TTC</strong>, renouvelé chaque
        année, résiliable à tout moment (il reste actif jusqu'à la fin de la période payée).
      </p>
      {page.back === "merci" ? (
        <p className="alert alert-success" role="status">
          Merci&nbsp;! Votre paiement est enregistré.
        </p>
      ) : page.back === "annule" ? (
        <p className="alert alert-info" role="status">
          Paiement annulé&nbsp;: aucun montant n'a été débité.
        </p>
      ) : null}
      {page.reserved && page.view.kind !== "premium" ? (
        <p className="alert alert-info" role="status">
          Cet outil est réservé aux abonnés Premium.
        </p>
      ) : null}
      {result?.error ? (
        <p className="alert alert-error" role="alert">
          {result.error}
        </p>
      ) : null}
      <PremiumStatus view={page.view} />
      {page.view.kind === "premium" ? (
        <p>
          <Link to={paths.premiumTools()} className="btn btn-ghost">
            Ouvrir mes outils Premium
          </Link>
        </p>
      ) : null}
      <Form method="post" className="premium-action">
        {subscribed ? (
          <button type="submit" name="intent" value="gerer" className="btn btn-primary">
            Gérer mon abonnement
          </button>
        ) : (
          <button type="submit" name="intent" value="abonner" className="btn btn-primary">
            Passer en Premium
          </button>
        )}
      </Form>
      {!page.signedIn ? (
        <p className="muted small">Vous serez invité à vous connecter ou à créer un compte avant le paiement.</p>
      ) : null}
      <PremiumComparison headingLevel={2} />
      <p className="muted">
        Les <Link to={paths.features()}>fonctionnalités</Link> décrivent chaque outil Premium, ce qu'il calcule et ses
        limites.
      </p>
    </section>
  );
}
