// The e-mail confirming a cancellation and its refund (issue 8). French, HTML plus text, via renderEmail.
import { formatDateLong, formatEuros } from "~/domain/format";
import { hello, renderEmail, type RenderedEmail } from "./layout";

export interface CancellationEmailInput {
  prenom: string | null;
  courseNom: string;
  formatNom: string;
  date: string | null;
  amountPaidCents: number;
  nonRefundableCents: number;
  baseCents: number;
  percent: number;
  refundCents: number;
  /** The registration page, absolute URL. */
  url: string;
  byOrganiser?: boolean;
  /** Why the organiser cancelled (their words), shown to the runner. */
  organiserReason?: string | null;
}

export function cancellationEmail(m: CancellationEmailInput): RenderedEmail {
  const what = `${m.courseNom} — ${m.formatNom}`;
  const when = m.date ? ` du ${formatDateLong(m.date)}` : "";
  const paragraphs = [
    hello(m.prenom),
    m.byOrganiser
      ? `L'organisateur a annulé votre inscription à ${what}${when}.`
      : `Votre inscription à ${what}${when} est annulée, comme vous l'avez demandé.`,
  ];
  if (m.byOrganiser && m.organiserReason?.trim())
    paragraphs.push(`Motif donné par l'organisateur : ${m.organiserReason.trim()}`);
  if (m.refundCents > 0) {
    paragraphs.push(
      m.byOrganiser
        ? `Remboursement intégral : ${formatEuros(m.refundCents)}, frais compris.`
        : `Remboursement : ${formatEuros(m.refundCents)}, soit ${m.percent} % de la base remboursable de ${formatEuros(m.baseCents)} ` +
            `(montant payé ${formatEuros(m.amountPaidCents)}, moins ${formatEuros(m.nonRefundableCents)} de frais non remboursables).`,
      "Le montant est reversé sur la carte utilisée pour le paiement, généralement sous 5 à 10 jours ouvrés selon votre banque.",
    );
  } else {
    paragraphs.push("À ce stade du barème, aucun remboursement n'est prévu.");
  }
  paragraphs.push("Votre place est libérée ; le dossard n'est ni cessible ni revendable.");
  return renderEmail({
    subject: `Annulation confirmée : ${what}`,
    preheader:
      m.refundCents > 0 ? `Remboursement de ${formatEuros(m.refundCents)} en cours.` : "Votre inscription est annulée.",
    paragraphs,
    action: { label: "Voir mon inscription", url: m.url },
    footnote: "Le barème de remboursement est détaillé sur la page Politique de remboursement de Balise.",
  });
}
