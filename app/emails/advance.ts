// The e-mail telling an organiser what became of their advance request (decision 0215): released (the amount sent
// and what the J+1 payout will send) or refused (the admin's reason). French, HTML plus text, via renderEmail.
import { formatEuros } from "~/domain/format";
import { renderEmail, type RenderedEmail } from "./layout";

export type AdvanceDecisionEmailInput = { courseNom: string; url: string } & (
  | { statut: "versee"; pourcentage: number; montantCents: number }
  | { statut: "refusee"; motif: string }
);

export function advanceDecisionEmail(m: AdvanceDecisionEmailInput): RenderedEmail {
  if (m.statut === "versee")
    return renderEmail({
      subject: `Acompte versé\u00a0: ${m.courseNom}`,
      preheader: `${formatEuros(m.montantCents)} sont en route vers votre compte de paiement.`,
      paragraphs: [
        "Bonjour,",
        `Votre demande d'acompte pour ${m.courseNom} a été acceptée\u00a0: ${m.pourcentage}\u00a0% du net restant de chaque paiement encaissé, soit ${formatEuros(m.montantCents)}, ont été virés sur votre compte de paiement.`,
        "Le solde vous sera versé automatiquement le lendemain de l'épreuve (J+1), déduction faite de cet acompte.",
      ],
      action: { label: "Voir les finances de l'épreuve", url: m.url },
    });
  return renderEmail({
    subject: `Demande d'acompte refusée\u00a0: ${m.courseNom}`,
    preheader: "L'équipe Balise n'a pas pu accepter votre demande d'acompte.",
    paragraphs: [
      "Bonjour,",
      `Votre demande d'acompte pour ${m.courseNom} a été refusée.`,
      `Motif\u00a0: ${m.motif}`,
      "Le montant encaissé vous sera versé automatiquement le lendemain de l'épreuve (J+1). Vous pouvez faire une nouvelle demande depuis la page des finances de l'épreuve.",
    ],
    action: { label: "Voir les finances de l'épreuve", url: m.url },
  });
}
