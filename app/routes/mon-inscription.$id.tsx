// /mon-inscription/{id}: the runner's own registration (owner only; anyone else gets 404). Status badge, the
// self-edit fields of spec section 5, the refund scale and the cancel button with the estimated refund. The
// cancel screen is the child route (./annuler): a page without JavaScript, a dialog over this page with it.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useOutlet } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useEffect, useRef, useState } from "react";
import { RefundModal } from "~/components/RefundModal";
import { useHydrated } from "~/components/useHydrated";
import { RefundScaleTable } from "~/components/RefundScaleTable";
import { CANCEL_MSG, CancelError, readOnlyMessage } from "~/domain/cancellation";
import { JustificatifDocumentField, type DocumentRef } from "~/components/JustificatifDocumentField";
import { isCompetition } from "~/domain/eligibility";
import { JUSTIFICATIF_ETAT_LABELS, justificatifEtat, refusalText } from "~/domain/justificatif";
import { documentFromForm, ownDocument, setRegistrationDocument } from "~/services/justificatif-documents.server";
import { verifyJustificatif } from "~/services/justificatifs.server";
import { makeSelfEditSchema, pickSelfEdit } from "~/domain/my-registration";
import { GENRES_SIMPLE, JUSTIFICATIFS, NATIONALITES, PAYS } from "~/domain/profile";
import { parisDate } from "~/domain/refund";
import { isReadOnlyForRunner, runnerBadge, runnerBadgeTone, type StatusTone } from "~/domain/registration-rules";
import { loadRunnerRegistrationDetails, saveRunnerFields } from "~/services/runner-registration.server";
import { loadHistory } from "~/services/registration-changes.server";
import { reasonLabel } from "~/domain/registration-rules";
import styles from "~/styles/my-registration.css?url";
import { requireUser } from "~/utils/auth.server";
import { domainErrorResponse, mapDomainError } from "~/utils/domain-errors";
import { formatDateLong, formatDateTime, formatEuros, formatKm, formatMeters, formatTime } from "~/utils/format";
import { fieldErrors } from "~/domain/form-errors";
import {
  makeTransferOfferSchema,
  TRANSFER_FORM_MSG,
  TransferToWaitlistSchema,
  transferRecipient,
} from "~/domain/transfer";
import { offerTransfer, offerTransferToWaitlist, withdrawTransfer } from "~/services/transfer.server";
import { loadTransferPanel } from "~/services/transfer-reads.server";
import { Field, type FieldProps, SelectField as SharedSelectField, type SelectFieldProps } from "~/components/Field";
import * as paths from "~/domain/paths";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d ? `Mon inscription — ${d.course.nom} — Balise` : "Mon inscription — Balise" },
  { name: "robots", content: "noindex" },
];

/** Someone else's registration reads like a missing one: the French 404. */
const notFound = () => domainErrorResponse(new CancelError("inscription_introuvable"));

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const reg = await loadRunnerRegistrationDetails(context, user.id, params.id ?? "");
  if (!reg) throw notFound();
  const url = new URL(request.url);
  const i = reg.inscription;
  const competition = isCompetition(reg.format);
  const etat = justificatifEtat(i, competition);
  return {
    id: i.id,
    statut: i.statut,
    badge: runnerBadge(i.statut),
    badgeTone: runnerBadgeTone(i.statut),
    readOnly: isReadOnlyForRunner(i.statut),
    readOnlyMessage: readOnlyMessage(i.statut),
    fields: {
      nom: i.nom,
      prenom: i.prenom,
      genre: i.genre,
      date_naissance: i.date_naissance,
      nationalite: i.nationalite,
      email: i.email,
      telephone: i.telephone,
      adresse: i.adresse,
      adresse_complement: i.adresse_complement,
      code_postal: i.code_postal,
      ville: i.ville,
      pays: i.pays,
      club: i.club,
      justificatif_type: i.justificatif_type,
      numero_licence: i.numero_licence,
      pps_identifier: i.pps_identifier,
      pps_expiration: i.pps_expiration,
      contact_urgence_nom: i.contact_urgence_nom,
      contact_urgence_telephone: i.contact_urgence_telephone,
      apparaitre_resultats: i.apparaitre_resultats,
    } as Record<string, string | boolean | null>,
    dossard: i.dossard,
    // The justificatif's check by the organiser (decision 0150), separate from the registration's status.
    justificatif: {
      competition,
      etat,
      label: JUSTIFICATIF_ETAT_LABELS[etat],
      reason: etat === "refuse" ? refusalText(i.justificatif_motif, i.justificatif_commentaire) : null,
      document: await ownDocument(context, user.id, i.justificatif_document_id),
    },
    course: reg.course,
    format: reg.format,
    quote: reg.quote,
    paid: reg.paid,
    canCancel: reg.can.ok,
    annulation: reg.annulation
      ? { refund_cents: reg.annulation.refund_cents, percent: reg.annulation.percent, status: reg.annulation.status }
      : null,
    today: parisDate(context.clock.now()),
    saved: url.searchParams.get("enregistre") === "1",
    cancelled: url.searchParams.get("annulation") === "ok",
    cancelPending: url.searchParams.get("annulation") === "en-cours",
    history: await loadHistory(context, i.id),
    // Bib transfer (issue 22): the rules, the running offer, what the seller would get back.
    transfer: await loadTransferPanel(context, user.id, i.id),
    transferNotice: url.searchParams.get("cession"),
  };
}

type TransferResult = {
  errors: Record<string, string>;
  formError: string;
  email: string;
  recipient?: "personne" | "liste";
  /** The confirmation box was ticked: it stays ticked when the form comes back with an error. */
  confirmed?: boolean;
};

/** The transfer forms of this page (offer, withdraw): the server decides (owner, status, dates). */
async function transferAction(
  context: ActionFunctionArgs["context"],
  user: { id: string; email: string },
  id: string,
  intent: string,
  values: Record<string, string>,
) {
  const fail = (t: TransferResult, status: number) =>
    data({ errors: {}, formError: "", values: null, document: null, transfer: t }, { status });
  if (intent === "cession-retirer") {
    await withdrawTransfer(context, user.id, id);
    return redirect(paths.myRegistration(id, { cession: "retiree" }, "cession"));
  }
  const email = values.cession_email ?? "";
  const recipient = transferRecipient(values.cession_destinataire);
  const confirmed = values.cession_confirmation === "on";
  try {
    if (recipient === "liste") {
      const parsed = TransferToWaitlistSchema.safeParse(values);
      if (!parsed.success)
        return fail(
          { errors: fieldErrors(parsed.error) as Record<string, string>, formError: "", email, recipient, confirmed },
          400,
        );
      await offerTransferToWaitlist(context, user, id);
    } else {
      const parsed = makeTransferOfferSchema(user.email).safeParse(values);
      if (!parsed.success)
        return fail(
          { errors: fieldErrors(parsed.error) as Record<string, string>, formError: "", email, recipient, confirmed },
          400,
        );
      await offerTransfer(context, user, id, parsed.data.cession_email);
    }
  } catch (e) {
    const err = mapDomainError(e);
    if (!err) throw e;
    return fail({ errors: {}, formError: err.message, email, recipient, confirmed }, err.status);
  }
  return redirect(
    paths.myRegistration(id, { cession: recipient === "liste" ? "proposee-liste" : "proposee" }, "cession"),
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const id = params.id ?? "";
  const reg = await loadRunnerRegistrationDetails(context, user.id, id);
  if (!reg) throw notFound();
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string") values[k] = v;
  const intent = values.intent ?? "";
  if (intent === "cession-proposer" || intent === "cession-retirer")
    return transferAction(context, user, id, intent, values);
  const transfer = null as TransferResult | null;
  const locked = readOnlyMessage(reg.inscription.statut);
  if (locked)
    return data(
      {
        errors: {} as Record<string, string>,
        formError: locked,
        values: values as Record<string, string> | null,
        document: null as DocumentRef | null,
        transfer,
      },
      { status: 409 },
    );

  // The justificatif's document (decision 0150): stored at once, so a form sent back with errors keeps it.
  const competition = isCompetition(reg.format);
  const doc = competition ? await documentFromForm(context, user.id, form) : { doc: null, error: null };
  const parsed = makeSelfEditSchema(parisDate(context.clock.now()), reg.format).safeParse(values);
  if (!parsed.success || doc.error) {
    const errors = (parsed.success ? {} : fieldErrors(parsed.error)) as Record<string, string>;
    if (doc.error) errors.justificatif_document = doc.error;
    return data(
      { errors, formError: "Corrigez les champs signalés.", values, document: doc.doc, transfer },
      { status: 400 },
    );
  }
  const result = await saveRunnerFields(context, user.id, id, pickSelfEdit(parsed.data));
  if (result === "introuvable") throw notFound();
  if (result === "lecture_seule") {
    return data(
      { errors: {}, formError: readOnlyMessage("annulee") ?? "", values, document: doc.doc, transfer },
      { status: 409 },
    );
  }
  await setRegistrationDocument(context, user.id, id, doc.doc?.id ?? null);
  await verifyJustificatif(context, id);
  return redirect(paths.myRegistration(id, { enregistre: 1 }));
}

type Values = Record<string, string | boolean | null | undefined>;

const text = (v: Values[string]) => (typeof v === "string" ? v : "");

/** A field of the self-edit form, filled from its values and errors. */
function TextField({
  values,
  errors,
  ...p
}: Omit<FieldProps, "defaultValue" | "error"> & { values: Values; errors: Record<string, string> }) {
  return <Field {...p} defaultValue={text(values[p.name])} error={errors[p.name]} />;
}

function SelectField({
  values,
  errors,
  empty,
  ...p
}: Omit<SelectFieldProps, "defaultValue" | "error" | "emptyLabel"> & {
  values: Values;
  errors: Record<string, string>;
  empty: string;
}) {
  return <SharedSelectField {...p} defaultValue={text(values[p.name])} error={errors[p.name]} emptyLabel={empty} />;
}

/** 'Modifications enregistrées ✅' for 4 s with JavaScript (spec section 9); without it the message stays. */
function SavedNotice() {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setShown(false), 4000);
    return () => clearTimeout(t);
  }, []);
  return shown ? (
    <p className="alert alert-success" role="status">
      {CANCEL_MSG.saved}
    </p>
  ) : null;
}

/**
 * The confirmation after a cancellation. With JavaScript the cancel dialog closes over a page scrolled down to the
 * cancel button: the message takes the focus, which brings it into view and has it read.
 */
function CancelledNotice({ refundCents, percent }: { refundCents: number; percent: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      className="alert alert-success cancelled-notice"
      role="status"
      tabIndex={-1}
      data-testid="annulation-ok"
    >
      <p>
        <strong>Votre inscription est annulée.</strong>
      </p>
      <p>
        {refundCents > 0
          ? `Remboursement de ${formatEuros(refundCents)} (${percent}\u00a0% de la base remboursable) en cours vers votre carte. Un e-mail de confirmation vous a été envoyé.`
          : "Un e-mail de confirmation vous a été envoyé."}
      </p>
    </div>
  );
}

/** The badge's class, from its tone (app/domain/registration-rules/statuses.ts). */
const TONE_CLASS: Record<StatusTone, string> = {
  active: "status-active",
  waiting: "status-active",
  refunded: "status-refunded",
  ended: "status-cancelled",
};

export default function MyRegistration() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const outlet = useOutlet();
  const hydrated = useHydrated();
  const nav = useNavigation();
  const saving = nav.state === "submitting" && nav.formAction === paths.myRegistration(d.id);
  const errors: Record<string, string> = result?.errors ?? {};
  const values: Values = result?.values
    ? { ...result.values, apparaitre_resultats: result.values.apparaitre_resultats === "on" }
    : d.fields;
  const document = result?.values ? (result.document ?? null) : d.justificatif.document;

  // Without JavaScript the cancel screen replaces the page; with it, it opens as a dialog over the page.
  if (outlet && !hydrated) return <div className="container page-narrow my-reg">{outlet}</div>;

  const estimate = formatEuros(d.quote.refund_cents);
  return (
    <>
      <section className="container page-narrow my-reg">
        <p className="my-reg-back">
          <Link to={paths.myRegistrations()}>← Mes inscriptions</Link>
        </p>
        <header className="my-reg-head">
          <div>
            <h1>{d.course.nom}</h1>
            <p className="muted">
              {d.format.nom} · {formatDateLong(d.format.date)}
              {d.format.heure_depart ? ` à ${formatTime(d.format.heure_depart)}` : ""} · {d.course.lieu}
            </p>
            <p className="muted small">
              {formatKm(d.format.distance_km)} · {formatMeters(d.format.denivele_dplus)} D+
              {d.dossard != null ? ` · Dossard n° ${d.dossard}` : ""}
            </p>
          </div>
          <p className="status-badge-wrap">
            <span className="visually-hidden">Statut&nbsp;: </span>
            <span className={`status-badge ${TONE_CLASS[d.badgeTone]}`} data-testid="statut">
              {d.badge}
            </span>
          </p>
        </header>

        {d.saved && !result ? <SavedNotice /> : null}
        {d.cancelled ? (
          <CancelledNotice refundCents={d.annulation?.refund_cents ?? 0} percent={d.annulation?.percent ?? 0} />
        ) : null}
        {d.cancelPending && !d.readOnly ? (
          <p className="alert alert-info" role="status">
            Votre demande d'annulation est en cours de traitement. Rechargez la page dans un instant.
          </p>
        ) : null}
        {/* Right after the cancellation the confirmation says it all; 'déjà annulée/remboursée' is for later visits. */}
        {d.readOnlyMessage && !d.cancelled ? <p className="alert alert-info">{d.readOnlyMessage}</p> : null}
        {result?.formError ? (
          <p className="alert alert-error" role="alert">
            {result.formError}
          </p>
        ) : null}

        <Form method="post" encType="multipart/form-data" className="card form-card my-reg-form" noValidate>
          <fieldset disabled={d.readOnly}>
            <legend>
              <h2>Mes informations</h2>
            </legend>
            <div className="field-grid">
              <TextField name="nom" label="Nom" values={values} errors={errors} autoComplete="family-name" required />
              <TextField
                name="prenom"
                label="Prénom"
                values={values}
                errors={errors}
                autoComplete="given-name"
                required
              />
              <SelectField
                name="genre"
                label="Genre"
                values={values}
                errors={errors}
                options={GENRES_SIMPLE}
                empty="— Choisir —"
              />
              <TextField
                name="date_naissance"
                label="Date de naissance"
                type="date"
                values={values}
                errors={errors}
                autoComplete="bday"
                max={d.today}
              />
              <SelectField
                name="nationalite"
                label="Nationalité"
                values={values}
                errors={errors}
                options={NATIONALITES}
                empty="— Choisir —"
              />
              <TextField
                name="email"
                label="Email"
                type="email"
                values={values}
                errors={errors}
                autoComplete="email"
                inputMode="email"
                required
              />
              <TextField
                name="telephone"
                label="Téléphone"
                type="tel"
                values={values}
                errors={errors}
                autoComplete="tel"
                inputMode="tel"
              />
              <TextField name="adresse" label="Adresse" values={values} errors={errors} autoComplete="address-line1" />
              <TextField
                name="adresse_complement"
                label="Complément d'adresse"
                values={values}
                errors={errors}
                autoComplete="address-line2"
              />
              <TextField
                name="code_postal"
                label="Code postal"
                values={values}
                errors={errors}
                autoComplete="postal-code"
                inputMode="numeric"
              />
              <TextField name="ville" label="Ville" values={values} errors={errors} autoComplete="address-level2" />
              <SelectField
                name="pays"
                label="Pays"
                values={values}
                errors={errors}
                options={PAYS}
                empty="— Choisir —"
              />
              <TextField name="club" label="Club" values={values} errors={errors} />
              {d.justificatif.competition ? (
                <>
                  <SelectField
                    name="justificatif_type"
                    label="Justificatif"
                    values={values}
                    errors={errors}
                    options={JUSTIFICATIFS}
                    empty="— Choisir —"
                  />
                  <TextField
                    name="numero_licence"
                    label="Numéro de licence FFA"
                    values={values}
                    errors={errors}
                    hint="Conservé seulement si le justificatif est une licence."
                  />
                  <TextField
                    name="pps_identifier"
                    label="Identifiant PPS"
                    values={values}
                    errors={errors}
                    hint="Conservé seulement si le justificatif est un PPS."
                  />
                  <TextField
                    name="pps_expiration"
                    label="Fin de validité du PPS"
                    type="date"
                    values={values}
                    errors={errors}
                    hint="Le PPS doit être valable le jour de la course."
                  />
                </>
              ) : null}
              <TextField name="contact_urgence_nom" label="Contact d'urgence (nom)" values={values} errors={errors} />
              <TextField
                name="contact_urgence_telephone"
                label="Contact d'urgence (téléphone)"
                type="tel"
                values={values}
                errors={errors}
                inputMode="tel"
              />
            </div>
            {d.justificatif.competition ? (
              <div className="justificatif-check">
                <p data-testid="justificatif-etat">
                  Vérification du justificatif par l'organisateur&nbsp;: <strong>{d.justificatif.label}</strong>
                  {d.justificatif.reason ? (
                    <> — {d.justificatif.reason}. Corrigez-le ci-dessous puis enregistrez.</>
                  ) : null}
                </p>
                <JustificatifDocumentField doc={document} error={errors.justificatif_document} disabled={d.readOnly} />
              </div>
            ) : (
              <p className="hint">Randonnée non chronométrée&nbsp;: aucun justificatif n'est demandé.</p>
            )}
            <div className="field results-choice">
              <label className="checkbox">
                <input
                  type="checkbox"
                  name="apparaitre_resultats"
                  defaultChecked={values.apparaitre_resultats === true}
                  aria-describedby="ffa-note"
                />
                <span>Apparaître dans les résultats officiels</span>
              </label>
              <p id="ffa-note" className="hint">
                Les résultats des courses hors stade sont publiés selon les règles de la Fédération française
                d'athlétisme (nom, prénom, club, catégorie, temps). Si vous décochez cette case, l'organisateur vous
                classe quand même mais votre nom n'apparaît pas dans les résultats publiés en ligne.
              </p>
            </div>
            <button type="submit" className="btn btn-primary" disabled={d.readOnly || saving}>
              {saving ? "Enregistrement…" : "Enregistrer les modifications"}
            </button>
          </fieldset>
        </Form>

        <section className="card form-card refund-card" aria-labelledby="refund-title">
          <h2 id="refund-title">Annulation et remboursement</h2>
          <p>
            Le barème s'applique au montant payé diminué des frais non remboursables (frais du prestataire de paiement
            et commission de la plateforme). Détails&nbsp;:{" "}
            <Link to={paths.refundPolicy()}>politique de remboursement</Link>.
          </p>
          <RefundScaleTable />
          {d.readOnly ? null : d.paid ? (
            <p className="refund-today">
              Aujourd'hui,{" "}
              {d.quote.days_before >= 0
                ? `à ${d.quote.days_before} jour${d.quote.days_before > 1 ? "s" : ""} de l'épreuve`
                : "après l'épreuve"}{" "}
              : <strong>{d.quote.percent}&nbsp;%</strong> de {formatEuros(d.quote.base_cents)}, soit{" "}
              <strong>{estimate}</strong>.
            </p>
          ) : (
            <p className="refund-today">
              Le paiement de cette inscription n'est pas finalisé&nbsp;: il n'y a rien à rembourser.
            </p>
          )}
          {d.transfer?.open && !d.readOnly ? (
            <p className="hint" id="cancel-transfer-note">
              Votre dossard est proposé au transfert&nbsp;: retirez l'offre pour pouvoir annuler.
            </p>
          ) : null}
          {d.readOnly || d.transfer?.open ? (
            <button
              type="button"
              className="btn btn-danger"
              disabled
              aria-describedby={d.transfer?.open ? "cancel-transfer-note" : undefined}
            >
              Annuler mon inscription
            </button>
          ) : (
            <Link to={paths.cancelMyRegistration(d.id)} preventScrollReset className="btn btn-danger cancel-open">
              Annuler mon inscription — remboursement estimé&nbsp;: {estimate}
            </Link>
          )}
        </section>
        {d.transfer ? (
          <TransferPanel transfer={d.transfer} notice={d.transferNotice} result={result?.transfer ?? null} />
        ) : null}
        <section className="card history" aria-labelledby="history-title">
          <h2 id="history-title">Historique de l'inscription</h2>
          <ol className="history-list">
            {d.history.map((h) => (
              <li key={h.id}>
                <time dateTime={h.created_at}>{formatDateTime(h.created_at)}</time> — {reasonLabel(h.event)}
                {h.amount_cents != null && h.event !== "created" ? ` (${formatEuros(h.amount_cents)})` : ""}
              </li>
            ))}
          </ol>
        </section>
      </section>
      {outlet ? (
        <RefundModal closeTo={paths.myRegistration(d.id)} labelledBy="cancel-title">
          {outlet}
        </RefundModal>
      ) : null}
    </>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** 'Transférer mon dossard' (issue 22): the rules, the offer form or the running offer with 'Retirer l'offre'. */
function TransferPanel({
  transfer: t,
  notice,
  result,
}: {
  transfer: NonNullable<LoaderData["transfer"]>;
  notice: string | null;
  result: TransferResult | null;
}) {
  const nav = useNavigation();
  const busy = nav.state === "submitting" && nav.formData?.get("intent")?.toString().startsWith("cession-");
  return (
    <section className="card form-card transfer-card" id="cession" aria-labelledby="transfer-title">
      <h2 id="transfer-title">Transférer mon dossard</h2>
      <p>{t.rules ?? "L'organisateur n'autorise pas le transfert de dossard sur ce format."}</p>
      {(notice === "proposee" || notice === "proposee-liste") && t.open ? (
        <p className="alert alert-success" role="status">
          {t.open.toWaitlist ? TRANSFER_FORM_MSG.offeredToList : TRANSFER_FORM_MSG.offered}
        </p>
      ) : null}
      {notice === "retiree" && !t.open ? (
        <p className="alert alert-success" role="status">
          {TRANSFER_FORM_MSG.withdrawn}
        </p>
      ) : null}
      {result?.formError ? (
        <p className="alert alert-error" role="alert">
          {result.formError}
        </p>
      ) : null}
      {t.last?.statut === "payee" ? (
        <p data-testid="transfer-done">
          Dossard transféré à {t.last.email ?? "un coureur de la liste d'attente"}. Remboursement&nbsp;:{" "}
          {formatEuros(t.last.remboursementCents ?? 0)}.
        </p>
      ) : null}
      {t.open ? (
        <>
          <p data-testid="transfer-open">
            {t.open.email ? (
              <>
                Offre envoyée à <strong>{t.open.email}</strong>
              </>
            ) : (
              <>
                Offre envoyée au <strong>premier coureur de la liste d'attente</strong> (puis au suivant s'il ne la
                prend pas)
              </>
            )}
            , valable jusqu'au {formatDateTime(t.open.expiresAt)}. Tant qu'elle n'est pas payée, vous pouvez la
            retirer&nbsp;: votre inscription reste valide.
          </p>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="cession-retirer" />
            <button type="submit" className="btn btn-secondary" disabled={busy}>
              Retirer l'offre de transfert
            </button>
          </Form>
        </>
      ) : t.last?.statut === "payee" ? null : t.refusal ? (
        t.rules ? (
          <p className="muted">{t.refusal}</p>
        ) : null
      ) : (
        <>
          <p>
            Si la personne accepte et paie {formatEuros(t.split.buyerPriceCents)} (prix de l'inscription, hors repas),
            votre inscription passe à son nom et vous êtes remboursé de{" "}
            <strong>{formatEuros(t.split.sellerRefundCents)}</strong>
            &nbsp;: le prix payé moins les frais de transfert ({formatEuros(t.split.organiserFeeCents)}) et les frais du
            prestataire de paiement ({formatEuros(t.split.providerFeeCents)}).
          </p>
          <Form method="post" preventScrollReset noValidate className="transfer-form">
            <input type="hidden" name="intent" value="cession-proposer" />
            {t.waiting > 0 ? (
              <fieldset className="field">
                <legend>À qui&nbsp;?</legend>
                <label className="checkbox">
                  <input
                    type="radio"
                    name="cession_destinataire"
                    value="personne"
                    defaultChecked={result?.recipient !== "liste"}
                  />
                  <span>À une personne de mon choix (son adresse e-mail ci-dessous)</span>
                </label>
                <label className="checkbox">
                  <input
                    type="radio"
                    name="cession_destinataire"
                    value="liste"
                    defaultChecked={result?.recipient === "liste"}
                  />
                  <span>
                    {t.waiting === 1
                      ? "Au coureur qui attend sur la liste d'attente de ce format"
                      : `Au premier des ${t.waiting} coureurs de la liste d'attente (au suivant s'il ne la prend pas à temps)`}
                  </span>
                </label>
              </fieldset>
            ) : null}
            <Field
              name="cession_email"
              label={
                t.waiting > 0
                  ? "Adresse e-mail de la personne qui reprend votre dossard (si vous la choisissez)"
                  : "Adresse e-mail de la personne qui reprend votre dossard"
              }
              type="email"
              autoComplete="off"
              inputMode="email"
              required={t.waiting === 0}
              defaultValue={result?.email ?? ""}
              error={result?.errors.cession_email}
            />
            <div className="field">
              <label className="checkbox">
                <input
                  type="checkbox"
                  name="cession_confirmation"
                  id="f-cession_confirmation"
                  defaultChecked={result?.confirmed === true}
                  aria-invalid={result?.errors.cession_confirmation ? true : undefined}
                  aria-describedby={result?.errors.cession_confirmation ? "f-cession_confirmation-error" : undefined}
                />
                <span>Je cède mon dossard, aux conditions ci-dessus.</span>
              </label>
              {result?.errors.cession_confirmation ? (
                <p className="field-error" id="f-cession_confirmation-error">
                  {result.errors.cession_confirmation}
                </p>
              ) : null}
            </div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Proposer mon dossard
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
