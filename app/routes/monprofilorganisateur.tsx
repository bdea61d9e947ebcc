import { data, redirect } from "@remix-run/cloudflare";
import { CheckboxField } from "~/components/Field";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { Link } from "~/components/Link";
import { FormAlert } from "~/components/AccountFields";
import { type FieldSpec, FieldGroup, SaveButton } from "~/components/form/FieldGroup";
import { PaymentAccountBlock } from "~/components/PaymentAccountBlock";
import { formValues } from "~/domain/profile-account";
import { fieldErrors } from "~/domain/form-errors";
import { conditionsAccepted, CONDITIONS_VERSION, makeOrganiserProfileSchema, PROFILE_MSG } from "~/domain/profile";
import { loadPaymentAccountBlock } from "~/services/payment-account.server";
import { getUserProfile, saveOrganiserProfile } from "~/services/profile.server";
import { organiserPayouts } from "~/services/admin.server";
import { MoneyCell, PayoutStatus } from "~/components/AdminFields";
import { type Column, DataTable, numColumns } from "~/components/table/DataTable";
import accountsCss from "~/styles/accounts.css?url";
import paymentsCss from "~/styles/payments.css?url";
import { requireUser } from "~/utils/auth.server";
import { formatDate, formatDateTime } from "~/domain/format";
import * as paths from "~/domain/paths";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountsCss },
  { rel: "stylesheet", href: paymentsCss },
];
export const meta: MetaFunction = () => [{ title: "Mon profil organisateur — Balise" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const p = await getUserProfile(context, user.id);
  return {
    profile: {
      organisation_nom: p?.organisation_nom ?? "",
      site_web: p?.site_web ?? "",
      telephone: p?.telephone ?? "",
    },
    accepted: conditionsAccepted(p),
    acceptedAt: conditionsAccepted(p) ? p!.conditions_acceptees_at : null,
    saved: new URL(request.url).searchParams.get("statut") === "enregistre",
    paymentAccount: await loadPaymentAccountBlock(context, user.id, new URL(request.url)),
    payouts: await organiserPayouts(context, user.id),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const accepted = conditionsAccepted(await getUserProfile(context, user.id));
  const parsed = makeOrganiserProfileSchema(accepted).safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: formValues(form) }, { status: 400 });
  await saveOrganiserProfile(context, user.id, parsed.data);
  return redirect(paths.organiserProfile({ statut: "enregistre" }));
}

const ORGANISATION: FieldSpec[] = [
  { name: "organisation_nom", label: "Nom de l'organisation", required: true, autoComplete: "organization" },
];
const CONTACT: FieldSpec[] = [
  { name: "site_web", label: "Site web", type: "url", inputMode: "url", placeholder: "https://mon-club.fr" },
  { name: "telephone", label: "Téléphone", type: "tel", inputMode: "tel", autoComplete: "tel" },
];

const PAYOUT_COLUMNS: readonly Column[] = [
  "Paiement",
  "Épreuve",
  ...numColumns("Versé", "Repris", "Reste à verser"),
  "État",
];

export default function OrganiserProfilePage() {
  const { profile, accepted, acceptedAt, saved, paymentAccount, payouts } = useLoaderData<typeof loader>();
  const { result, busy, errors } = useFormResult<typeof action>();
  const location = useLocation();
  const v: Record<string, string | undefined> = result?.values ?? profile;
  return (
    <section className="container profile-page">
      <h1>Mon profil organisateur</h1>
      {saved && !result ? <FormAlert kind="success">{PROFILE_MSG.organiserSaved}</FormAlert> : null}
      {/* A new form per page visit: after a save (redirect) the fields show the saved, normalised values, not what
          was typed (with JavaScript, an uncontrolled field keeps its text otherwise); a refused form keeps it. */}
      <Form method="post" className="profile-form" noValidate key={location.key}>
        <fieldset>
          <legend>Organisation</legend>
          <FieldGroup specs={ORGANISATION} values={v} errors={errors} />
          <div className="field-columns">
            <FieldGroup specs={CONTACT} values={v} errors={errors} />
          </div>
        </fieldset>
        <fieldset>
          <legend>Conditions organisateurs</legend>
          <p className="small">À lire avant de publier et d'encaisser des inscriptions&nbsp;:</p>
          <ul className="legal-links">
            <li>
              <Link to={paths.organiserTerms()} target="_blank" rel="noopener">
                Conditions générales de vente organisateurs
              </Link>
            </li>
            <li>
              <Link to={paths.refundPolicy()} target="_blank" rel="noopener">
                Politique de remboursement
              </Link>
            </li>
            <li>
              <Link to={paths.organiserCharter()} target="_blank" rel="noopener">
                Charte organisateur
              </Link>
            </li>
          </ul>
          {accepted ? (
            <p className="locked">
              <input type="checkbox" checked disabled aria-label="Conditions acceptées" />
              <span>
                Conditions acceptées le {formatDateTime(acceptedAt)} (version du {formatDate(CONDITIONS_VERSION)}).
              </span>
            </p>
          ) : (
            <CheckboxField
              name="conditions"
              id="conditions"
              defaultChecked={v.conditions === "on"}
              error={errors.conditions}
              label={
                <>
                  J'ai lu et j'accepte les conditions organisateurs (version du {formatDate(CONDITIONS_VERSION)}).{" "}
                  <span className="req" aria-hidden="true">
                    *
                  </span>
                </>
              }
            />
          )}
        </fieldset>
        <div className="form-actions">
          <SaveButton busy={busy}>Enregistrer</SaveButton>
          <Link to={paths.organiserSpace()}>Mon espace organisateur</Link>
        </div>
      </Form>
      {/* Compte de paiement : bloc rempli par l'issue « paiements » (statut du compte, boutons d'activation). */}
      <section id="compte-paiement" className="payment-placeholder" aria-label="Compte de paiement">
        <PaymentAccountBlock data={paymentAccount} />
      </section>
      <section id="versements" className="profile-form" aria-labelledby="versements-title">
        <h2 id="versements-title">Mes versements</h2>
        <p className="muted small">
          Le lendemain de chaque format, le net de ses inscriptions (après frais de paiement et commission) vous est
          versé ; un acompte peut l'être avant. Pour chaque paiement&nbsp;: ce qui vous a été versé, ce qui a été repris
          (remboursement d'un coureur) et ce qui reste à vous verser.
        </p>
        <DataTable
          rows={payouts}
          empty={<p className="empty">Aucun paiement encaissé pour le moment.</p>}
          columns={PAYOUT_COLUMNS}
          className="table payouts-table"
          region="versements-title"
        >
          {(t) => (
            <tr key={t.id}>
              <td data-label="Paiement">{formatDateTime(t.created_at)}</td>
              <td data-label="Épreuve">
                <span>
                  {t.course_nom}
                  {t.format_nom ? ` — ${t.format_nom}` : null}
                  <br />
                  <span className="muted small">{t.coureur}</span>
                </span>
              </td>
              <MoneyCell label="Versé" cents={t.payout.sentCents} />
              <MoneyCell label="Repris" cents={t.payout.takenBackCents} />
              <MoneyCell label="Reste à verser" cents={t.payout.dueCents} />
              <td data-label="État">
                <span>
                  <PayoutStatus line={t.payout} />
                </span>
              </td>
            </tr>
          )}
        </DataTable>
      </section>
    </section>
  );
}
