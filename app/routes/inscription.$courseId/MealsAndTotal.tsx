// The meals (when the format serves them), then the summary: the total, the refund and transfer rules, and the
// submit buttons (pay, or join a full format's waiting list; 'Actualiser' without JavaScript).
import { Link } from "~/components/Link";
import { FieldError } from "~/components/Field";
import { REGISTRATION_MSG, type RegistrationValues } from "~/domain/registration";
import { mealsLeft, registrationTotals } from "~/domain/registration-rules";
import { refundScaleSentence } from "~/domain/refund";
import { OFFER_HOURS, OFFER_HOURS_NEAR_RACE } from "~/domain/waitlist";
import { formatEuros } from "~/domain/format";
import * as paths from "~/domain/paths";
import type { Errors } from "./ErrorSummary";
import type { FormatView } from "./page-data.server";
import type { AppliedPromo } from "./actions.server";
import { discountCents } from "~/domain/promo-code";

/** The meals field's line when none are left (issue 42). */
export const MEALS_SOLD_OUT = "Les repas de ce format sont épuisés : vous pouvez vous inscrire sans repas.";

export function Meals({
  chosen,
  values,
  errors,
}: {
  chosen: FormatView | null;
  values: RegistrationValues;
  errors: Errors;
}) {
  if (!chosen || chosen.stock_repas <= 0) return <input type="hidden" name="nombre_repas" value="0" />;
  // Sold-out meals (issue 42): the field is shown disabled with why, and the form sends no meal; otherwise no more
  // than what is left can be asked for.
  const left = mealsLeft(chosen);
  const soldOut = left === 0;
  return (
    <fieldset className="card reg-block">
      <legend>Repas</legend>
      <div className="field">
        <label htmlFor="f-nombre_repas">Nombre de repas ({formatEuros(chosen.prix_repas_cents)} l'unité)</label>
        <input
          id="f-nombre_repas"
          name="nombre_repas"
          type="number"
          min={0}
          max={left}
          step={1}
          inputMode="numeric"
          disabled={soldOut}
          defaultValue={soldOut ? "0" : values.nombre_repas || "0"}
          aria-invalid={errors.nombre_repas ? true : undefined}
          aria-describedby={errors.nombre_repas ? "f-nombre_repas-error" : "f-nombre_repas-hint"}
        />
        {soldOut ? <input type="hidden" name="nombre_repas" value="0" /> : null}
        <p id="f-nombre_repas-hint" className="hint">
          {soldOut ? MEALS_SOLD_OUT : `Il reste ${left} repas sur ${chosen.stock_repas}.`}
        </p>
        <FieldError id="f-nombre_repas-error" error={errors.nombre_repas} />
      </div>
    </fieldset>
  );
}

export function Recap({
  chosen,
  mealCount,
  transferRules,
  waitlisted,
  busy,
  joining,
  hydrated,
  promo,
}: {
  chosen: FormatView | null;
  mealCount: number | null;
  /** The promo code applied, when it is still the one typed: its discount before paying (ADR 0214). */
  promo: AppliedPromo | null;
  transferRules: string | null;
  waitlisted: boolean;
  busy: boolean;
  joining: boolean;
  hydrated: boolean;
}) {
  const totals = chosen ? registrationTotals(chosen, mealCount ?? 0) : null;
  const discount = totals && promo ? discountCents(promo, totals.totalCents) : 0;
  const toPay = totals ? totals.totalCents - discount : 0;
  return (
    <section className="card reg-block reg-summary" aria-labelledby="recap-title" aria-live="polite">
      <h2 id="recap-title">Récapitulatif</h2>
      {chosen && totals ? (
        <dl className="summary-rows">
          <dt>{chosen.nom}</dt>
          <dd>{formatEuros(chosen.prix_cents)}</dd>
          {chosen.stock_repas > 0 ? (
            <>
              <dt>Repas × {mealCount ?? 0}</dt>
              <dd>{formatEuros(totals.repasCents)}</dd>
            </>
          ) : null}
          {promo && discount > 0 ? (
            <>
              <dt>Remise ({promo.code})</dt>
              <dd data-testid="remise">−{formatEuros(discount)}</dd>
            </>
          ) : null}
          <dt className="summary-total">Total</dt>
          <dd className="summary-total" data-testid="total">
            {formatEuros(toPay)}
          </dd>
        </dl>
      ) : (
        <p className="muted">{REGISTRATION_MSG.format}</p>
      )}
      <p className="hint">
        Votre place est réservée 30 minutes pendant le paiement. En cas d'annulation, le{" "}
        <Link to={paths.refundPolicy()}>barème de remboursement</Link> s'applique ({refundScaleSentence()}).
      </p>
      {transferRules ? (
        <p className="hint" data-testid="transfer-rules-registration">
          {transferRules}
        </p>
      ) : null}
      {waitlisted ? (
        <p className="hint" id="waitlist-hint">
          Ce format est complet. Rejoignez sa liste d'attente sans rien payer maintenant&nbsp;: dès qu'une place se
          libère, elle est proposée dans l'ordre d'arrivée, par e-mail, avec {OFFER_HOURS}&nbsp;h pour payer (
          {OFFER_HOURS_NEAR_RACE}&nbsp;h à moins d'une semaine de la course).
        </p>
      ) : null}
      <div className="reg-actions">
        {waitlisted ? (
          <button
            type="submit"
            name="intent"
            value="liste_attente"
            className="btn btn-primary btn-pay"
            disabled={joining}
            aria-describedby="waitlist-hint"
          >
            {joining ? "Inscription sur la liste…" : "Rejoindre la liste d'attente"}
          </button>
        ) : (
          <button
            type="submit"
            name="intent"
            value="payer"
            className="btn btn-primary btn-pay"
            disabled={busy}
            aria-disabled={busy}
          >
            {busy ? "Redirection vers Stripe…" : totals ? `Payer ${formatEuros(toPay)}` : "Payer"}
          </button>
        )}
        {!hydrated ? (
          <button type="submit" name="intent" value="actualiser" className="btn btn-ghost" formNoValidate>
            Actualiser
          </button>
        ) : null}
      </div>
    </section>
  );
}
