// The bib transfer's e-mails (issue 22), in French: the invitation (to the named person, with the link and its
// deadline), the two e-mails when the place changed hands (the seller: refunded; the buyer: registered), and the two
// when an offer is withdrawn because the format stopped taking transfers (decision 0196).
// docs/decisions/0170-bib-transfer.md
import type { TransferClosedReason } from "~/domain/transfer";
import { formatDateTimeLong, formatEuros } from "~/domain/format";
import { hello, type RaceEmailData, raceLine, renderEmail, type RenderedEmail } from "./layout";

export type TransferEmailData = RaceEmailData;

export function invitationEmail(
  d: TransferEmailData & { vendeur: string; deadline: string; priceCents: number; fromWaitlist?: boolean },
): RenderedEmail {
  // To the first runner of the waiting list (decision 0171): a stranger to the seller, who stays unnamed.
  if (d.fromWaitlist)
    return renderEmail({
      subject: `Une place se libère pour vous : ${d.courseNom} — ${d.formatNom}`,
      preheader: `Acceptez avant le ${formatDateTimeLong(d.deadline)}.`,
      paragraphs: [
        "Bonjour,",
        `Un coureur inscrit à ${raceLine(d)} ne peut plus courir et cède son dossard à la liste d'attente : vous êtes le premier à qui il est proposé, au prix de l'inscription : ${formatEuros(d.priceCents)} (hors repas).`,
        `Pour l'accepter, connectez-vous avec cette adresse e-mail, complétez vos informations de coureur et payez avant le ${formatDateTimeLong(d.deadline)}. Passé ce délai, le dossard est proposé au coureur suivant de la liste ; vous y gardez votre place.`,
        "Ne transmettez pas ce lien : il est personnel.",
      ],
      action: { label: "Voir l'offre de transfert", url: d.url },
    });
  return renderEmail({
    subject: `${d.vendeur} vous cède son dossard : ${d.courseNom} — ${d.formatNom}`,
    preheader: `Acceptez avant le ${formatDateTimeLong(d.deadline)}.`,
    paragraphs: [
      "Bonjour,",
      `${d.vendeur} ne peut pas courir ${raceLine(d)} et vous propose de reprendre son inscription, par Balise, au prix de l'inscription : ${formatEuros(d.priceCents)} (hors repas).`,
      `Pour l'accepter, connectez-vous avec cette adresse e-mail, complétez vos informations de coureur et payez avant le ${formatDateTimeLong(d.deadline)}. Vous ne payez rien à ${d.vendeur} directement : c'est Balise qui le rembourse.`,
      "Ne transmettez pas ce lien : il est personnel.",
    ],
    action: { label: "Voir l'offre de transfert", url: d.url },
    footnote: "Si vous ne connaissez pas cette personne, ignorez ce message : l'offre expirera d'elle-même.",
  });
}

export function sellerTransferredEmail(
  d: TransferEmailData & { refundCents: number; feeCents: number },
): RenderedEmail {
  const fee = d.feeCents > 0 ? ` (frais de transfert de l'organisateur : ${formatEuros(d.feeCents)})` : "";
  return renderEmail({
    subject: `Dossard transféré : ${d.courseNom} — ${d.formatNom}`,
    preheader: `Vous êtes remboursé de ${formatEuros(d.refundCents)}.`,
    paragraphs: [
      hello(d.prenom),
      `Votre dossard pour ${raceLine(d)} a été repris : votre inscription est maintenant « Transférée ».`,
      `Vous êtes remboursé de ${formatEuros(d.refundCents)}${fee}. Les frais du prestataire de paiement ne sont pas remboursables. Le remboursement apparaît sur votre relevé sous quelques jours.`,
    ],
    action: { label: "Voir mon inscription", url: d.url },
  });
}

export function buyerTransferredEmail(
  d: TransferEmailData & { paidCents: number; dossard: number | null },
): RenderedEmail {
  return renderEmail({
    subject: `Inscription confirmée : ${d.courseNom} — ${d.formatNom}`,
    preheader: "Le dossard est à vous.",
    paragraphs: [
      hello(d.prenom),
      `Votre paiement de ${formatEuros(d.paidCents)} est reçu : votre inscription à ${raceLine(d)} est validée, à la place du coureur qui vous a cédé son dossard.`,
      d.dossard != null
        ? `Votre numéro de dossard : ${d.dossard}.`
        : "Votre numéro de dossard sera attribué par l'organisateur.",
    ],
    action: { label: "Voir mon inscription", url: d.url },
  });
}

const CLOSED_WHY: Record<TransferClosedReason, string> = {
  cession_fermee: "l'organisateur a fermé le transfert de dossard sur ce format",
  cession_close: "la date limite des transferts de dossard fixée par l'organisateur est passée",
};

/** To the seller: their offer is withdrawn, their registration stays theirs. */
export function sellerOfferClosedEmail(d: TransferEmailData & { reason: TransferClosedReason }): RenderedEmail {
  return renderEmail({
    subject: `Offre de transfert retirée : ${d.courseNom} — ${d.formatNom}`,
    preheader: "Votre inscription reste valide.",
    paragraphs: [
      hello(d.prenom),
      `Votre offre de transfert de dossard pour ${raceLine(d)} est retirée : ${CLOSED_WHY[d.reason]}.`,
      "Votre inscription reste valide : vous gardez votre place et votre dossard, et rien ne vous est retenu.",
    ],
    action: { label: "Voir mon inscription", url: d.url },
  });
}

/** To the person invited (named, or first on the waiting list): the offer is no longer valid. */
export function invitedOfferClosedEmail(
  d: TransferEmailData & { reason: TransferClosedReason; fromWaitlist: boolean },
): RenderedEmail {
  return renderEmail({
    subject: `Offre de transfert annulée : ${d.courseNom} — ${d.formatNom}`,
    preheader: "Aucun paiement ne vous sera demandé.",
    paragraphs: [
      hello(d.prenom),
      `L'offre de transfert de dossard qui vous avait été faite pour ${raceLine(d)} n'est plus valable : ${CLOSED_WHY[d.reason]}.`,
      "Aucun paiement ne vous sera demandé ; un paiement qui nous parviendrait encore pour cette offre vous serait remboursé intégralement.",
      ...(d.fromWaitlist ? ["Vous gardez votre place sur la liste d'attente."] : []),
    ],
    action: { label: "Voir l'épreuve", url: d.url },
  });
}
