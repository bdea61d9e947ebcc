// /cession/{id}?jeton=…: a bib transfer offered to the logged-in runner (issue 22). Only the invited address's
// account, with the link's token, sees it (anything else reads as not found, or says which account to use). The
// runner checks their own fields (filled from the waiting-list entry or their profile) and meals, then pays through the normal checkout; paid, the place is theirs.
// Works without JavaScript: one form, redirect to the checkout after the POST. docs/decisions/0170-bib-transfer.md
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { type FieldSpec, FieldGroup } from "~/components/form/FieldGroup";
import { Link } from "~/components/Link";
import { fieldErrors } from "~/domain/form-errors";
import { GENRES_SIMPLE, JUSTIFICATIFS } from "~/domain/profile";
import { parisDate } from "~/domain/refund";
import { isCompetition } from "~/domain/eligibility";
import { makeTransferAcceptSchema, TRANSFER_ACCEPT_FIELDS, TRANSFER_MESSAGES } from "~/domain/transfer";
import { acceptancePrefill, acceptTransfer, loadInvitation } from "~/services/transfer-accept.server";
import styles from "~/styles/registration.css?url";
import { requireUser } from "~/utils/auth.server";
import { errorToShow, notFoundOrRethrow } from "~/utils/domain-errors";
import { formatDateLong, formatDateTimeLong, formatEuros, formatTime } from "~/domain/format";
import * as paths from "~/domain/paths";
import { Notice } from "~/components/form/Notice";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => noindexMeta("Reprendre un dossard — Balise");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const token = new URL(request.url).searchParams.get("jeton") ?? "";
  try {
    const offer = await loadInvitation(context, user, params.id ?? "", token);
    // An offer to the waiting list starts from what the runner typed when joining it (issue 42).
    const prefill = await acceptancePrefill(context, user, offer);
    const values = Object.fromEntries(TRANSFER_ACCEPT_FIELDS.map((f) => [f, prefill[f] ?? ""])) as Record<
      string,
      string
    >;
    return {
      offer,
      token,
      values: { ...values, nombre_repas: "0" } as Record<string, string>,
      competition: isCompetition(offer.race),
      now: context.clock.now().toISOString(),
    };
  } catch (e) {
    // An offer that is not there, or not for this account: the French 404 or 403.
    notFoundOrRethrow(e);
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string") values[k] = v;
  const token = values.jeton ?? "";
  const id = params.id ?? "";
  try {
    const offer = await loadInvitation(context, user, id, token);
    // When the seller's meals follow the place there is nothing to choose: the server sets them (acceptTransfer).
    const parsed = makeTransferAcceptSchema(
      parisDate(context.clock.now()),
      offer.race,
      offer.mealsFollow ? offer.mealsLeft + offer.sellerMeals : offer.mealsLeft,
    ).safeParse(offer.mealsFollow ? { ...values, nombre_repas: String(offer.sellerMeals) } : values);
    if (!parsed.success)
      return data(
        {
          errors: fieldErrors(parsed.error) as Record<string, string>,
          formError: "Corrigez les champs signalés.",
          values,
        },
        { status: 400 },
      );
    return redirect(await acceptTransfer(context, user, id, token, parsed.data));
  } catch (e) {
    // The offer gone or someone else's: the loader's 404 or 403; any other refusal on the form, beside its field.
    const err = errorToShow(e);
    const errors: Record<string, string> = err.field ? { [err.field]: err.message } : {};
    return data({ errors, formError: err.message, values }, { status: err.status });
  }
}

// The runner's fields, the justificatif's (a competition only) and the emergency contact's, in the form's order.
const RUNNER: FieldSpec[] = [
  { name: "nom", label: "Nom", required: true, autoComplete: "family-name" },
  { name: "prenom", label: "Prénom", required: true, autoComplete: "given-name" },
  { name: "genre", label: "Genre", options: GENRES_SIMPLE },
  { name: "date_naissance", label: "Date de naissance", type: "date", autoComplete: "bday" },
  { name: "telephone", label: "Téléphone", type: "tel", autoComplete: "tel", inputMode: "tel" },
  { name: "club", label: "Club" },
];
const JUSTIFICATIF: FieldSpec[] = [
  { name: "justificatif_type", label: "Justificatif", options: JUSTIFICATIFS, required: true },
  { name: "numero_licence", label: "Numéro de licence FFA", hint: "Pour une licence." },
  { name: "pps_identifier", label: "Identifiant PPS", hint: "Pour un PPS." },
  {
    name: "pps_expiration",
    label: "Fin de validité du PPS",
    type: "date",
    hint: "Le PPS doit être valable le jour de la course.",
  },
];
const EMERGENCY: FieldSpec[] = [
  { name: "contact_urgence_nom", label: "Contact d'urgence (nom)" },
  { name: "contact_urgence_telephone", label: "Contact d'urgence (téléphone)", type: "tel", inputMode: "tel" },
];

export default function Cession() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const nav = useNavigation();
  const busy = nav.state !== "idle";
  const o = d.offer;
  const values: Record<string, string> = result?.values ?? d.values;
  const errors: Record<string, string> = result?.errors ?? {};
  const open = o.statut === "ouverte" && o.expiresAt > d.now && !o.closed;
  return (
    <section className="container page-narrow transfer-page">
      <h1>Reprendre un dossard</h1>
      <p>
        <strong>
          {o.courseNom} — {o.formatNom}
        </strong>
        <br />
        {o.date ? formatDateLong(o.date) : "Date à venir"}
        {o.heureDepart ? ` à ${formatTime(o.heureDepart)}` : ""}
      </p>
      <p>{o.rules}</p>
      {!open ? (
        <p className="alert alert-info" role="status" data-testid="transfer-closed">
          {o.closed && o.statut === "ouverte"
            ? `Cette offre de transfert n'est plus disponible. ${TRANSFER_MESSAGES[o.closed]}`
            : "Cette offre de transfert n'est plus disponible (retirée, expirée ou déjà payée)."}{" "}
          <Link to={paths.eventPage(o.courseSlug || o.courseId)}>Voir l'épreuve</Link>
        </p>
      ) : (
        <>
          <p data-testid="transfer-offer">
            Prix de l'inscription&nbsp;: <strong>{formatEuros(o.priceCents)}</strong>, à payer avant le{" "}
            {formatDateTimeLong(o.expiresAt)}. Vous payez Balise, pas la personne qui vous cède son dossard.
          </p>
          <Notice kind="error">{result?.formError}</Notice>
          <Form method="post" noValidate className="card form-card">
            <input type="hidden" name="jeton" value={d.token} />
            <fieldset>
              <legend>
                <h2>Vos informations de coureur</h2>
              </legend>
              <div className="field-columns">
                <FieldGroup specs={RUNNER} values={values} errors={errors} />
                {d.competition ? <FieldGroup specs={JUSTIFICATIF} values={values} errors={errors} /> : null}
                <FieldGroup specs={EMERGENCY} values={values} errors={errors} />
                {o.mealsFollow && o.sellerMeals > 0 ? (
                  <p className="field" data-testid="meals-follow">
                    {`Les repas du coureur qui cède suivent le dossard : ${o.sellerMeals} repas (${formatEuros(o.sellerMeals * o.mealPriceCents)}), inclus dans votre paiement.`}
                    <input type="hidden" name="nombre_repas" value={o.sellerMeals} />
                  </p>
                ) : o.stockRepas > 0 && !o.mealsFollow ? (
                  <FieldGroup
                    specs={[
                      {
                        name: "nombre_repas",
                        label: `Nombre de repas (${formatEuros(o.mealPriceCents)} l'unité)`,
                        type: "number",
                        max: String(o.mealsLeft),
                        inputMode: "numeric",
                        hint: `Il en reste ${o.mealsLeft}. Les repas du coureur qui cède ne suivent pas.`,
                      },
                    ]}
                    values={values}
                    errors={errors}
                  />
                ) : (
                  <input type="hidden" name="nombre_repas" value="0" />
                )}
              </div>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? "Un instant…" : "Accepter et payer"}
              </button>
            </fieldset>
          </Form>
        </>
      )}
    </section>
  );
}
