// The organiser's results forms (issue 44): one zod schema per form. Pure.
import { z } from "zod";
import { parseRaceTime, parseResultStatus, type ResultStatus } from "./results";

const version = z.coerce.number().int().min(0);
const cell = z.string().trim().max(120, "120 caractères au plus.").catch("");

/** Correcting one line of the draft (the preview): its number in the file and its cells as text. */
export const DraftLineFormSchema = z.object({
  version,
  ligne: z.coerce.number().int().min(1),
  dossard: cell,
  temps: cell,
  classement: cell,
  categorie: cell,
  statut: cell,
});

/** Publishing, dropping the draft, or removing a line of it: the draft's version (and the line). */
export const DraftVersionFormSchema = z.object({ version, ligne: z.coerce.number().int().min(1).optional() });

export type PublishedCorrection = {
  dossard: number;
  temps_secondes: number | null;
  classement: number | null;
  categorie: string | null;
  statut: ResultStatus;
};

/** Correcting one published line: the bib, and its new time, rank, category and status (French messages). */
export function parsePublishedCorrection(
  input: Record<string, string>,
): { ok: true; data: PublishedCorrection } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const dossard = /^\d{1,7}$/.test(input.dossard?.trim() ?? "") ? Number(input.dossard) : null;
  if (!dossard) errors.dossard = "Dossard invalide.";
  const statut = parseResultStatus(input.statut ?? "");
  if (!statut) errors.statut = "Statut inconnu.";
  let temps: number | null = null;
  if ((input.temps ?? "").trim() !== "" || statut === "classe") {
    const t = parseRaceTime(input.temps ?? "");
    if (t.ok) temps = t.seconds;
    else errors.temps = t.message;
  }
  const rankText = (input.classement ?? "").trim();
  const classement = rankText === "" ? null : /^\d{1,7}$/.test(rankText) ? Number(rankText) : Number.NaN;
  if (Number.isNaN(classement) || classement === 0)
    errors.classement = "Classement invalide\u00a0: un nombre entier positif est attendu.";
  if (statut === "classe" && classement === null) errors.classement = "Un coureur classé a un classement.";
  const categorie = (input.categorie ?? "").trim().slice(0, 120) || null;
  if (Object.keys(errors).length > 0 || !dossard || !statut) return { ok: false, errors };
  return {
    ok: true,
    data: { dossard, temps_secondes: temps, classement: statut === "classe" ? classement : null, categorie, statut },
  };
}
