// The Premium subscription's e-mails (decision 0224): welcome, the reminder before a tacit renewal (sent 7 days
// before, French consumer law), a failed renewal payment, a cancellation. French, HTML plus text, via renderEmail.
import { formatDateLong, formatEuros } from "~/domain/format";
import { PAST_DUE_GRACE_DAYS } from "~/domain/subscription";
import { renderEmail, type RenderedEmail } from "./layout";

export interface PremiumEmailInput {
  /** The Premium page (absolute URL): the subscription and the button to manage it. */
  url: string;
  amountCents: number;
  /** The end of the paid period (ISO). */
  periodEnd: string;
}

export function premiumWelcomeEmail(m: PremiumEmailInput): RenderedEmail {
  return renderEmail({
    subject: "Bienvenue dans Balise Premium",
    preheader: `Votre abonnement est actif jusqu'au ${formatDateLong(m.periodEnd)}.`,
    paragraphs: [
      "Bonjour,",
      `Merci, votre abonnement Balise Premium est actif. Vous avez payé ${formatEuros(m.amountCents)} TTC pour un an, jusqu'au ${formatDateLong(m.periodEnd)}.`,
      "Il se renouvelle chaque année par reconduction tacite\u00a0: nous vous écrirons 7 jours avant chaque échéance. Vous pouvez le résilier à tout moment depuis la page Premium ; il reste actif jusqu'à la fin de la période payée.",
    ],
    action: { label: "Gérer mon abonnement", url: m.url },
  });
}

export function premiumRenewalReminderEmail(m: PremiumEmailInput): RenderedEmail {
  return renderEmail({
    subject: `Votre abonnement Premium sera renouvelé le ${formatDateLong(m.periodEnd)}`,
    preheader: `${formatEuros(m.amountCents)} TTC seront prélevés le ${formatDateLong(m.periodEnd)}.`,
    paragraphs: [
      "Bonjour,",
      `Votre abonnement Balise Premium sera reconduit le ${formatDateLong(m.periodEnd)} pour un an, au prix de ${formatEuros(m.amountCents)} TTC, prélevé sur la carte enregistrée.`,
      "Si vous ne souhaitez pas le renouveler, résiliez-le avant cette date depuis la page Premium\u00a0: il restera actif jusqu'au terme de la période en cours et rien ne sera prélevé ensuite.",
    ],
    action: { label: "Gérer mon abonnement", url: m.url },
  });
}

export function premiumPaymentFailedEmail(m: PremiumEmailInput): RenderedEmail {
  return renderEmail({
    subject: "Échec du paiement de votre abonnement Premium",
    preheader: "Mettez à jour votre carte pour garder Premium.",
    paragraphs: [
      "Bonjour,",
      `Le paiement de ${formatEuros(m.amountCents)} TTC pour le renouvellement de votre abonnement Balise Premium n'a pas abouti.`,
      `Premium reste actif ${PAST_DUE_GRACE_DAYS} jours pendant que nous réessayons. Pour éviter l'interruption, mettez à jour votre carte depuis la page Premium.`,
    ],
    action: { label: "Mettre à jour ma carte", url: m.url },
  });
}

export function premiumCancelledEmail(m: PremiumEmailInput & { endsNow: boolean }): RenderedEmail {
  return renderEmail({
    subject: "Votre abonnement Premium est résilié",
    preheader: m.endsNow
      ? "Votre abonnement a pris fin."
      : `Premium reste actif jusqu'au ${formatDateLong(m.periodEnd)}.`,
    paragraphs: [
      "Bonjour,",
      m.endsNow
        ? "Votre abonnement Balise Premium a pris fin. Vos données sont conservées\u00a0: vous les retrouverez si vous vous abonnez de nouveau."
        : `Votre abonnement Balise Premium est résilié\u00a0: il reste actif jusqu'au ${formatDateLong(m.periodEnd)} et ne sera pas renouvelé. Aucun autre montant ne sera prélevé.`,
      "Vous pouvez vous réabonner à tout moment depuis la page Premium.",
    ],
    action: { label: "Voir la page Premium", url: m.url },
  });
}
