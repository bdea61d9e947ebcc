// /monprofilorganisateur/compte-paiement: the payment-account actions (start/resume onboarding, refresh the
// status). GET shows the block on its own page; errors are shown here, with the block to try again.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { z } from "zod";
import { PaymentAccountBlock } from "~/components/PaymentAccountBlock";
import {
  loadPaymentAccountBlock,
  ONBOARDING_ERROR_PREFIX,
  providerMessage,
  refreshAccountStatus,
  startOnboarding,
  STATUS_ERROR_PREFIX,
} from "~/services/payment-account.server";
import styles from "~/styles/payments.css?url";
import { requireUser } from "~/utils/auth.server";
import * as paths from "~/domain/paths";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "Compte de paiement — Balise" }];

const PaymentAccountActionSchema = z.object({
  intent: z.enum(["demarrer", "actualiser"], { errorMap: () => ({ message: "Action inconnue." }) }),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { block: await loadPaymentAccountBlock(context, user.id, new URL(request.url)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const parsed = PaymentAccountActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0].message }, { status: 400 });
  if (parsed.data.intent === "demarrer") {
    try {
      return redirect(await startOnboarding(context, user));
    } catch (e) {
      return { error: ONBOARDING_ERROR_PREFIX + providerMessage(e) };
    }
  }
  try {
    await refreshAccountStatus(context, user.id);
  } catch (e) {
    return { error: STATUS_ERROR_PREFIX + providerMessage(e) };
  }
  return redirect(paths.organiserProfile({ compte: "actualise" }, "compte-paiement"));
}

export default function PaymentAccountPage() {
  const { block } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const data = actionData?.error ? { ...block, error: actionData.error } : block;
  return (
    <section className="container page-narrow" id="compte-paiement">
      <p>
        <Link to={paths.organiserProfile()}>← Mon profil organisateur</Link>
      </p>
      <PaymentAccountBlock data={data} headingLevel={1} />
    </section>
  );
}
