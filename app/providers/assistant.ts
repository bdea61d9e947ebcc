// The @IA assistant: an interface, a local default that answers from the event's own facts, and the
// selection between it and Workers AI (app/providers/assistant-workers-ai.ts) when an `AI` binding exists.
import { formatDateLong, formatEuros, formatKm, formatMeters, formatTime } from "~/domain/format";
import { heldLabel } from "~/domain/registration-rules";

export interface FormatFacts {
  nom: string;
  type_epreuve: string;
  date: string | null;
  heure_depart: string | null;
  distance_km: number | null;
  denivele_dplus: number | null;
  prix_cents: number;
  stock_repas: number;
  prix_repas_cents: number;
  nb_max_coureurs: number | null;
  /** null when the format has no cap. */
  places_restantes: number | null;
  /** Places held by checkouts in progress (they may come back): not 'complet' while there are (issue 42). */
  places_en_paiement?: number;
  ravitaillements: string | null;
  remise_dossards: string | null;
  hebergements: string | null;
  age_minimum: number | null;
  reglement_pdf_url: string | null;
}

export interface EventFacts {
  nom: string;
  lieu: string;
  departement: string;
  formats: FormatFacts[];
}

export interface AssistantQuestion {
  prompt: string;
  facts: EventFacts;
}

export interface Assistant {
  readonly name: string;
  /** The answer, in French. May throw: the caller only logs errors. */
  answer(question: AssistantQuestion): Promise<string>;
}

export const ASSISTANT_UNKNOWN =
  "Je ne sais pas répondre à cette question à partir des informations publiées pour cette épreuve. Pose-la à l'organisateur, il te répondra ici.";
export const ASSISTANT_HELP =
  "Je peux te renseigner sur les dates, les heures de départ, les distances, le dénivelé, les tarifs, les places restantes, les ravitaillements, le retrait des dossards, les hébergements, l'âge minimum et le règlement. Écris par exemple « @IA à quelle heure est le départ ? ».";

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** Splits a free-text list on line breaks, semicolons and commas (as the event page does). */
function splitList(text: string | null): string[] {
  return (text ?? "")
    .split(/[\n;,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

type Topic = {
  key: string;
  match: RegExp;
  /** One line for a format, or null when the format does not say. */
  line: (f: FormatFacts) => string | null;
  missing: string;
  /** Same answer for every format (event-wide text): print once. */
  shared?: boolean;
};

const TOPICS: Topic[] = [
  {
    key: "date",
    match: /\b(date|quand|jour|dates)\b/,
    line: (f) => (f.date ? formatDateLong(f.date) : null),
    missing: "La date n'est pas encore publiée.",
  },
  {
    key: "heure",
    match: /\b(heure|heures|horaire|horaires|depart|departs|commence)\b/,
    line: (f) => (f.heure_depart ? `départ à ${formatTime(f.heure_depart)}` : null),
    missing: "L'heure de départ n'est pas encore publiée.",
  },
  {
    key: "distance",
    match: /\b(distance|distances|km|kilometres?|long|longueur)\b/,
    line: (f) => (f.distance_km != null ? formatKm(f.distance_km) : null),
    missing: "La distance n'est pas indiquée.",
  },
  {
    key: "dplus",
    match: /(d\+|\bdenivele|\bdenivelé|\bdeniv|\bmontee|\bd plus\b)/,
    line: (f) => (f.denivele_dplus != null ? `${formatMeters(f.denivele_dplus)} de D+` : null),
    missing: "Le dénivelé n'est pas indiqué.",
  },
  {
    key: "prix",
    match: /\b(prix|tarif|tarifs|cout|coute|combien|euros?|payer|inscription)\b/,
    line: (f) =>
      `${formatEuros(f.prix_cents)}${f.stock_repas > 0 ? ` (repas : ${formatEuros(f.prix_repas_cents)})` : ""}`,
    missing: "",
  },
  {
    key: "places",
    match: /\b(places?|restantes?|reste|complet|dispo|disponibles?|inscrits?)\b/,
    line: (f) =>
      f.places_restantes == null
        ? "pas de limite de places annoncée"
        : f.places_restantes <= 0
          ? f.places_en_paiement
            ? `plus de place libre pour l'instant, dont ${heldLabel(f.places_en_paiement)}`
            : "complet"
          : `${f.places_restantes} place${f.places_restantes > 1 ? "s" : ""} restante${f.places_restantes > 1 ? "s" : ""}`,
    missing: "",
  },
  {
    key: "ravito",
    match: /\b(ravito|ravitos|ravitaillements?|manger|boire|eau)\b/,
    line: (f) =>
      splitList(f.ravitaillements).length ? `ravitaillements : ${splitList(f.ravitaillements).join(", ")}` : null,
    missing: "Les ravitaillements ne sont pas indiqués.",
    shared: true,
  },
  {
    key: "dossard",
    match: /\b(dossards?|retrait|retirer)\b/,
    line: (f) => (f.remise_dossards ? `retrait des dossards : ${f.remise_dossards}` : null),
    missing: "Le retrait des dossards n'est pas indiqué.",
    shared: true,
  },
  {
    key: "hebergement",
    match: /\b(hebergements?|dormir|logement|loger|hotel|camping|gite|nuit)\b/,
    line: (f) => (splitList(f.hebergements).length ? `hébergements : ${splitList(f.hebergements).join(", ")}` : null),
    missing: "Aucun hébergement n'est indiqué.",
    shared: true,
  },
  {
    key: "age",
    match: /\b(age|ans|mineur|mineurs|enfant|enfants|junior|cadet)\b/,
    line: (f) => (f.age_minimum != null ? `âge minimum ${f.age_minimum} ans` : null),
    missing: "Aucun âge minimum n'est indiqué.",
  },
  {
    key: "reglement",
    match: /\b(reglement|pdf|regles?)\b/,
    line: (f) => (f.reglement_pdf_url ? `règlement (PDF) : ${f.reglement_pdf_url}` : null),
    missing: "Le règlement n'est pas encore publié.",
    shared: true,
  },
];

/** Formats the question names ("le 28 km", "Découverte"), else all formats. */
function formatsAsked(prompt: string, formats: FormatFacts[]): FormatFacts[] {
  const q = fold(prompt);
  const named = formats.filter((f) => {
    const words = fold(f.nom)
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3 || /\d/.test(w));
    return words.some((w) => new RegExp(`(^|[^a-z0-9])${w}([^a-z0-9]|$)`).test(q));
  });
  return named.length ? named : formats;
}

/** The local assistant: no network, answers only from the facts, and says plainly when it does not know. */
export function answerFromFacts({ prompt, facts }: AssistantQuestion): string {
  const q = fold(prompt);
  if (q.trim() === "") return ASSISTANT_HELP;
  // "le 28 km" names a format: it is not a question about distances.
  const asked = q.replace(/\b\d+(?:[.,]\d+)?\s?km\b/g, " ");
  const topics = TOPICS.filter((t) => t.match.test(asked));
  if (topics.length === 0) return ASSISTANT_UNKNOWN;
  if (facts.formats.length === 0)
    return `Aucun format n'est encore publié pour ${facts.nom} : je n'ai pas d'information à te donner.`;
  const formats = formatsAsked(prompt, facts.formats);
  const parts: string[] = [];
  for (const t of topics) {
    const lines = formats.map((f) => ({ f, line: t.line(f) })).filter((x) => x.line != null);
    if (lines.length === 0) {
      parts.push(t.missing);
      continue;
    }
    if (t.shared && new Set(lines.map((x) => x.line)).size === 1) {
      parts.push(`${capitalize(lines[0].line!)}.`);
      continue;
    }
    parts.push(`${lines.map((x) => `${x.f.nom} : ${x.line}`).join(" ; ")}.`);
    const unknown = formats.length - lines.length;
    if (unknown > 0 && t.missing)
      parts.push(`(Non précisé pour ${unknown === 1 ? "un format" : `${unknown} formats`}.)`);
  }
  return parts.join("\n");
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function createLocalAssistant(): Assistant {
  return { name: "local", answer: async (q) => answerFromFacts(q) };
}

/** The facts as plain French text, the context given to a language model. */
export function factsAsText(facts: EventFacts): string {
  const lines = [`Épreuve : ${facts.nom}, ${facts.lieu} (${facts.departement}).`];
  for (const f of facts.formats) {
    lines.push(
      [
        `- Format « ${f.nom} » (${f.type_epreuve})`,
        `date : ${f.date ? formatDateLong(f.date) : "non publiée"}`,
        `départ : ${f.heure_depart ? formatTime(f.heure_depart) : "non publié"}`,
        `distance : ${formatKm(f.distance_km)}`,
        `D+ : ${formatMeters(f.denivele_dplus)}`,
        `prix : ${formatEuros(f.prix_cents)}`,
        f.stock_repas > 0 ? `repas : ${formatEuros(f.prix_repas_cents)}` : "pas de repas",
        `places restantes : ${f.places_restantes == null ? "sans limite annoncée" : Math.max(0, f.places_restantes)}`,
        `ravitaillements : ${f.ravitaillements ?? "non indiqués"}`,
        `retrait des dossards : ${f.remise_dossards ?? "non indiqué"}`,
        `hébergements : ${f.hebergements ?? "non indiqués"}`,
        `âge minimum : ${f.age_minimum != null ? `${f.age_minimum} ans` : "non indiqué"}`,
        `règlement PDF : ${f.reglement_pdf_url ?? "non publié"}`,
      ].join(" ; "),
    );
  }
  return lines.join("\n");
}
