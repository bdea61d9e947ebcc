// The organiser's payment-account block (/monprofilorganisateur, section "compte-paiement").
// Plain POST forms: works without JavaScript.
import { Form } from "@remix-run/react";
import { requirementLabels } from "~/domain/payment-requirements";
import * as paths from "~/domain/paths";

/** The route with the onboarding actions (app/routes/monprofilorganisateur_.compte-paiement.tsx). */
export const PAYMENT_ACCOUNT_ACTION = paths.paymentAccount();

export interface PaymentAccountBlockProps {
  data: {
    account: {
      hasAccount: boolean;
      chargesEnabled: boolean;
      payoutsEnabled: boolean;
      detailsSubmitted: boolean;
      requirementsDue: string[];
    };
    provider: "stripe" | "local";
    onboarding: "done" | "refresh" | null;
    refreshed: boolean;
    error: string | null;
  };
  /** Where the forms post (the route with the onboarding actions). */
  action?: string;
  /** Heading level: the block is a section of a bigger page, or a page of its own. */
  headingLevel?: 1 | 2;
}

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <li className={on ? "pay-flag is-on" : "pay-flag is-off"}>
      <span aria-hidden="true">{on ? "✓" : "✗"}</span> {label} : <strong>{on ? "oui" : "non"}</strong>
    </li>
  );
}

export function PaymentAccountBlock({
  data,
  action = PAYMENT_ACCOUNT_ACTION,
  headingLevel = 2,
}: PaymentAccountBlockProps) {
  const { account, onboarding, refreshed, error } = data;
  const H = headingLevel === 1 ? "h1" : "h2";
  const ready = account.chargesEnabled;
  return (
    <div className="card pay-block">
      <H id="compte-paiement-titre">Compte de paiement</H>
      <p className="muted small">
        Les paiements des coureurs sont encaissés par Balise puis reversés sur votre compte de paiement (commission de
        5&nbsp;%, versement à J+1, acompte sur demande).
        {data.provider === "local" ? " Mode local\u00a0: le prestataire de paiement est simulé." : null}
      </p>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {onboarding === "done" && !error ? (
        <p className="alert alert-success" role="status">
          {ready
            ? "Onboarding terminé\u00a0: votre compte peut encaisser des paiements."
            : "Retour de l'onboarding\u00a0: des informations restent à fournir."}
        </p>
      ) : null}
      {onboarding === "refresh" ? (
        <p className="alert alert-info" role="status">
          Le lien d'onboarding a expiré ou a déjà servi&nbsp;: relancez l'onboarding pour en obtenir un nouveau.
        </p>
      ) : null}
      {refreshed && !error ? (
        <p className="alert alert-success" role="status">
          Statut du compte actualisé.
        </p>
      ) : null}

      <ul className="pay-flags">
        <Flag on={account.hasAccount} label="Compte créé" />
        <Flag on={account.chargesEnabled} label="Paiements activés" />
        <Flag on={account.payoutsEnabled} label="Virements activés" />
        <Flag on={account.detailsSubmitted} label="Informations transmises" />
      </ul>
      {account.requirementsDue.length > 0 ? (
        <div className="pay-requirements">
          <p>
            <strong>Informations demandées&nbsp;:</strong>
          </p>
          <ul>
            {requirementLabels(account.requirementsDue).map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </div>
      ) : account.hasAccount ? (
        <p className="small muted">Aucune information demandée.</p>
      ) : null}
      {!ready ? (
        <p className="small">
          Sans compte de paiement activé, vous ne pouvez ni publier d'épreuve ni encaisser d'inscriptions.
        </p>
      ) : null}

      <div className="pay-actions">
        <Form method="post" action={action} className="inline-form">
          <input type="hidden" name="intent" value="demarrer" />
          <button type="submit" className={ready ? "btn btn-ghost" : "btn btn-primary"}>
            {account.hasAccount
              ? ready
                ? "Mettre à jour mes informations"
                : "Reprendre l'onboarding"
              : "Configurer mon compte de paiement"}
          </button>
        </Form>
        {account.hasAccount ? (
          <Form method="post" action={action} className="inline-form">
            <input type="hidden" name="intent" value="actualiser" />
            <button type="submit" className="btn btn-ghost">
              Actualiser le statut
            </button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
