// Registration e-mails: the confirmation (with the QR code of /mon-inscription/{id}) and the explanation of an
// automatic refund when a payment arrived after its place was gone. French, HTML plus plain text; every
// dynamic value is escaped. The QR is drawn as an HTML table of cells (mail clients block SVG and data: images).
import QRCode from "qrcode";
import { formatEuros, formatKm, formatMeters, personName } from "~/domain/format";
import { escapeHtml, hello, raceStart, type RenderedEmail } from "./layout";

export interface RegistrationEmailData {
  inscriptionId: string;
  courseNom: string;
  lieu: string;
  formatNom: string;
  date: string | null;
  heureDepart: string | null;
  distanceKm: number | null;
  dplus: number | null;
  prenom: string | null;
  nom: string | null;
  email: string;
  nombreRepas: number;
  totalCents: number;
  /** Absolute URL of /mon-inscription/{id}. */
  url: string;
  /** What the QR encodes: the same page with the bib pick-up desk's signature (decision 0216); else `url`. */
  qrUrl?: string;
}

/** The QR of `text` as a table (one row per module line, runs of same colour merged). */
export function qrTable(text: string, cellPx = 4): string {
  const m = QRCode.create(text, { errorCorrectionLevel: "M" }).modules;
  const quiet = 2;
  const n = m.size + quiet * 2;
  const dark = (r: number, c: number) =>
    r >= quiet && c >= quiet && r < m.size + quiet && c < m.size + quiet && m.get(r - quiet, c - quiet) === 1;
  const rows: string[] = [];
  for (let r = 0; r < n; r++) {
    const cells: string[] = [];
    let c = 0;
    while (c < n) {
      const d = dark(r, c);
      let span = 1;
      while (c + span < n && dark(r, c + span) === d) span++;
      cells.push(
        `<td${span > 1 ? ` colspan="${span}"` : ""} style="width:${span * cellPx}px;height:${cellPx}px;background:${d ? "#000000" : "#ffffff"}"></td>`,
      );
      c += span;
    }
    rows.push(`<tr>${cells.join("")}</tr>`);
  }
  return `<table role="img" aria-label="QR code de votre inscription" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;line-height:0;font-size:0;margin:0 auto">${rows.join("")}</table>`;
}

function frame(subject: string, preheader: string, body: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#fafaf7;font-family:Arial,Helvetica,sans-serif;color:#1b1f23">
<span style="display:none">${escapeHtml(preheader)}</span>
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#0f5132;margin:0 0 20px">◆ Balise</p>
${body}
<hr style="border:0;border-top:1px solid #dfe3e6;margin:24px 0">
<p style="font-size:12px;color:#5c6670;margin:0">Balise — inscriptions trail, rando et course sur route. Cet email vous est envoyé automatiquement, merci de ne pas y répondre. Une question ? Écrivez-nous via la page Contact.</p>
</div></body></html>`;
}

const p = (t: string) => `<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(t)}</p>`;

export function confirmationEmail(d: RegistrationEmailData): RenderedEmail {
  const subject = `Inscription validée : ${d.courseNom} — ${d.formatNom}`;
  const runner = personName(d, d.email);
  const rows: [string, string][] = [
    ["Épreuve", `${d.courseNom} (${d.lieu})`],
    ["Format", `${d.formatNom} — ${formatKm(d.distanceKm)}, ${formatMeters(d.dplus)} D+`],
    ["Départ", raceStart(d)],
    ["Coureur", runner],
    ["Email", d.email],
    ...(d.nombreRepas > 0 ? ([["Repas", String(d.nombreRepas)]] as [string, string][]) : []),
    ["Montant payé", formatEuros(d.totalCents)],
  ];
  const table = `<table cellpadding="6" cellspacing="0" border="0" style="border-collapse:collapse;width:100%;margin:0 0 18px">${rows
    .map(
      ([k, v]) =>
        `<tr><th align="left" style="color:#5c6670;font-weight:normal;border-bottom:1px solid #eef0f2">${escapeHtml(k)}</th><td style="border-bottom:1px solid #eef0f2">${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>`;
  const html = frame(
    subject,
    "Votre paiement est confirmé : voici votre QR code d'accès.",
    [
      p(hello(d.prenom)),
      p("Votre inscription est validée et votre paiement est confirmé."),
      table,
      `<div style="text-align:center;margin:0 0 8px">${qrTable(d.qrUrl ?? d.url)}</div>`,
      `<p style="margin:0 0 18px;text-align:center;font-size:13px;color:#5c6670">Présentez ce QR code au retrait des dossards.</p>`,
      `<p style="margin:20px 0;text-align:center"><a href="${escapeHtml(d.url)}" style="display:inline-block;background:#0f5132;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Voir / modifier mon inscription</a></p>`,
      `<p style="margin:0 0 14px;font-size:13px;color:#5c6670">Lien direct : <a href="${escapeHtml(d.url)}" style="color:#146c43;word-break:break-all">${escapeHtml(d.url)}</a></p>`,
      `<p style="margin:0 0 14px;font-size:13px;color:#5c6670">Vous pouvez modifier vos informations ou annuler depuis cette page ; le barème de remboursement s'applique selon la date d'annulation.</p>`,
    ].join("\n"),
  );
  const text = [
    "Balise",
    "",
    hello(d.prenom),
    "",
    "Votre inscription est validée et votre paiement est confirmé.",
    "",
    ...rows.map(([k, v]) => `${k} : ${v}`),
    "",
    `Votre QR code d'accès et votre inscription : ${d.url}`,
    "",
    "Vous pouvez modifier vos informations ou annuler depuis cette page ; le barème de remboursement s'applique selon la date d'annulation.",
    "",
    "—",
    "Balise — inscriptions trail, rando et course sur route. Email automatique, merci de ne pas y répondre.",
  ].join("\n");
  return { subject, html, text };
}

/** What a full refund's e-mail says of the payment, for every reason. */
type RefundFacts = { courseNom: string; formatNom: string; totalCents: number };

/** One reason's texts: the subject, why the payment was refunded, and what follows for the registration. */
interface FullRefundTexts {
  subject: (d: RefundFacts) => string;
  why: (d: RefundFacts) => string;
  after: (d: RefundFacts) => string[];
}

const BANK_DELAY = "Le remboursement apparaît sur votre relevé sous 5 à 10 jours selon votre banque.";

/** Why a payment could not be kept (the lifecycle's codes): each has its own explanation to the runner. */
export type RefusedPaymentReason = "late_payment" | "amount_mismatch" | "event_unavailable";

/** A refused payment cancels the registration, whatever the reason. */
const REFUSED_AFTER = (d: RefundFacts) => [
  `Nous ne pouvons donc pas valider votre inscription : elle est annulée et votre paiement vous est remboursé intégralement (${formatEuros(d.totalCents)}). ${BANK_DELAY}`,
  "Nous sommes désolés pour ce contretemps. D'autres formats ou d'autres courses ont peut-être encore des places.",
];

const REFUSED_PAYMENT_TEXTS: Record<RefusedPaymentReason, FullRefundTexts> = {
  late_payment: {
    subject: (d) => `Paiement remboursé : ${d.courseNom} — ${d.formatNom} est complet`,
    why: (d) =>
      `Votre paiement de ${formatEuros(d.totalCents)} pour ${d.courseNom} (${d.formatNom}) est arrivé après l'expiration de la réservation de votre place (30 minutes), et le format a été complété entre-temps.`,
    after: REFUSED_AFTER,
  },
  amount_mismatch: {
    subject: (d) => `Paiement remboursé : ${d.courseNom} — ${d.formatNom}`,
    why: (d) =>
      `Votre paiement de ${formatEuros(d.totalCents)} pour ${d.courseNom} (${d.formatNom}) ne correspond pas au total de votre inscription, qui a été modifiée pendant le paiement.`,
    after: REFUSED_AFTER,
  },
  event_unavailable: {
    subject: (d) => `Paiement remboursé : ${d.courseNom} n'est plus ouverte aux inscriptions`,
    why: (d) =>
      `Votre paiement de ${formatEuros(d.totalCents)} pour ${d.courseNom} (${d.formatNom}) est arrivé alors que l'organisateur avait retiré l'épreuve des inscriptions.`,
    after: REFUSED_AFTER,
  },
};

/**
 * Why a payment that belongs to no place was refunded in full, the registration left as it is: the registration was
 * already paid by another checkout (a second payment), or the organiser closed it (refused or cancelled it) while
 * the runner was paying.
 */
export type StrayPaymentReason = "already_paid" | "registration_closed";

/** A stray payment leaves the registration as it is: say so, then the amount refunded. */
const strayAfter = (sentence: string) => (d: RefundFacts) => [
  sentence,
  `Montant remboursé : ${formatEuros(d.totalCents)}. ${BANK_DELAY}`,
];

const STRAY_PAYMENT_TEXTS: Record<StrayPaymentReason, FullRefundTexts> = {
  already_paid: {
    subject: (d) => `Second paiement remboursé : ${d.courseNom} — ${d.formatNom}`,
    why: (d) =>
      `Nous avons reçu un second paiement de ${formatEuros(d.totalCents)} pour votre inscription à ${d.courseNom} (${d.formatNom}), qui était déjà payée.`,
    after: strayAfter("Votre inscription reste validée : ce second paiement vous est remboursé intégralement."),
  },
  registration_closed: {
    subject: (d) => `Paiement remboursé : ${d.courseNom} — ${d.formatNom}`,
    why: (d) =>
      `Votre paiement de ${formatEuros(d.totalCents)} pour ${d.courseNom} (${d.formatNom}) est arrivé alors que l'organisateur avait clos votre inscription.`,
    after: strayAfter(
      "Nous ne pouvons donc pas la valider : votre paiement vous est remboursé intégralement. Pour toute question, contactez l'organisateur depuis la page de la course.",
    ),
  },
};

type FullRefundData = Omit<RegistrationEmailData, "url"> & { coursesUrl: string };

/** A payment that belongs to no place (a second payment, a registration closed meanwhile): refunded in full. */
export function strayPaymentEmail(d: FullRefundData, reason: StrayPaymentReason): RenderedEmail {
  return fullRefundEmail(d, STRAY_PAYMENT_TEXTS[reason], "Un paiement vous est remboursé intégralement.");
}

/** A payment that could not be kept (late, wrong amount, event withdrawn): refunded in full, and why. */
export function refusedPaymentEmail(d: FullRefundData, reason: RefusedPaymentReason = "late_payment"): RenderedEmail {
  return fullRefundEmail(
    d,
    REFUSED_PAYMENT_TEXTS[reason],
    "Votre inscription n'a pas pu être validée : remboursement intégral.",
  );
}

function fullRefundEmail(d: FullRefundData, texts: FullRefundTexts, preheader: string): RenderedEmail {
  const paras = [hello(d.prenom), texts.why(d), ...texts.after(d)];
  return refundEmail(texts.subject(d), preheader, paras, d.coursesUrl);
}

/** A full refund's e-mail: its paragraphs, then a way back to the events. */
function refundEmail(subject: string, preheader: string, paras: string[], coursesUrl: string): RenderedEmail {
  const html = frame(
    subject,
    preheader,
    [
      ...paras.map(p),
      `<p style="margin:20px 0"><a href="${escapeHtml(coursesUrl)}" style="display:inline-block;background:#0f5132;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Explorer les courses</a></p>`,
    ].join("\n"),
  );
  const text = [
    "Balise",
    "",
    ...paras.flatMap((t) => [t, ""]),
    `Explorer les courses : ${coursesUrl}`,
    "",
    "—",
    "Balise — email automatique, merci de ne pas y répondre.",
  ].join("\n");
  return { subject, html, text };
}
