// Shared frame of every e-mail: French, HTML plus plain text. Every dynamic value is escaped.
import { formatDateLong, formatTime } from "~/domain/format";
import { escapeHtml } from "~/domain/markup";

export { escapeHtml };

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface EmailParts {
  subject: string;
  preheader: string;
  /** Paragraphs of plain text (escaped for HTML). */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the button. */
  footnote?: string;
}

export function renderEmail(p: EmailParts): RenderedEmail {
  const paras = p.paragraphs.map((t) => `<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(t)}</p>`).join("\n");
  const button = p.action
    ? `<p style="margin:20px 0"><a href="${escapeHtml(p.action.url)}" style="display:inline-block;background:#0f5132;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(p.action.label)}</a></p>
<p style="margin:0 0 14px;font-size:13px;color:#5c6670">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br><a href="${escapeHtml(p.action.url)}" style="color:#146c43;word-break:break-all">${escapeHtml(p.action.url)}</a></p>`
    : "";
  const foot = p.footnote
    ? `<p style="margin:0 0 14px;font-size:13px;color:#5c6670">${escapeHtml(p.footnote)}</p>`
    : "";
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(p.subject)}</title></head>
<body style="margin:0;background:#fafaf7;font-family:Arial,Helvetica,sans-serif;color:#1b1f23">
<span style="display:none">${escapeHtml(p.preheader)}</span>
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#0f5132;margin:0 0 20px">◆ Balise</p>
${paras}
${button}
${foot}
<hr style="border:0;border-top:1px solid #dfe3e6;margin:24px 0">
<p style="font-size:12px;color:#5c6670;margin:0">Balise — inscriptions trail, rando et course sur route. Cet email vous est envoyé automatiquement, merci de ne pas y répondre.</p>
</div></body></html>`;
  const text = [
    "Balise",
    "",
    ...p.paragraphs.flatMap((t) => [t, ""]),
    ...(p.action ? [`${p.action.label} : ${p.action.url}`, ""] : []),
    ...(p.footnote ? [p.footnote, ""] : []),
    "—",
    "Balise — inscriptions trail, rando et course sur route. Email automatique, merci de ne pas y répondre.",
  ].join("\n");
  return { subject: p.subject, html, text };
}

/** The race an e-mail is about, and the person it greets. */
export interface RaceEmailData {
  prenom: string | null;
  courseNom: string;
  formatNom: string;
  date: string | null;
  heureDepart: string | null;
  /** Absolute URL of the runner's page the e-mail points to. */
  url: string;
}

/** The greeting: `Bonjour Camille,`, or `Bonjour,` without a first name. */
export function hello(prenom: string | null | undefined): string {
  const name = prenom?.trim();
  return name ? `Bonjour ${name},` : "Bonjour,";
}

/** A race's start as e-mails say it: its day and time, its day alone, or `date à venir`. */
export function raceStart(d: Pick<RaceEmailData, "date" | "heureDepart">): string {
  const day = d.date ? formatDateLong(d.date) : "date à venir";
  return d.heureDepart ? `${day} à ${formatTime(d.heureDepart)}` : day;
}

/** The race in full: `Event — Format (its start)`. */
export function raceLine(d: Pick<RaceEmailData, "courseNom" | "formatNom" | "date" | "heureDepart">): string {
  return `${d.courseNom} — ${d.formatNom} (${raceStart(d)})`;
}
