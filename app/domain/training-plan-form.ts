// The training plan's form (issue 47): one zod schema from what the runner typed (French numbers, durations such as
// « 1 h 30 », paces such as « 4:45 ») to the plan's inputs, each refusal a French message beside its field. The
// plan's own rules (race too close, no days…) are app/domain/training-plan.ts's. Pure.
import { z } from "zod";
import { dateField, parseFrDecimal, parseFrInteger } from "./french-inputs";

/** « 1 h 30 », « 1h30 », « 1:30 » (h:mm), « 3:45:00 », « 90 min », « 45 mn » → seconds; null when empty; NaN when unreadable. */
export function parseDurationText(raw: string): number | null {
  const t = raw.trim().toLowerCase().replace(/\s+/g, " ");
  if (t === "") return null;
  let m = /^(\d{1,3}) ?(?:min|mn|minutes?)$/.exec(t);
  if (m) return Number(m[1]) * 60;
  m = /^(\d{1,2}) ?h(?: ?(\d{1,2}) ?(?:min|mn)?)?$/.exec(t);
  if (m && Number(m[2] ?? 0) < 60) return Number(m[1]) * 3600 + Number(m[2] ?? 0) * 60;
  m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (m && Number(m[2]) < 60 && Number(m[3] ?? 0) < 60)
    return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
  return Number.NaN;
}

/** « 4:45 », « 4'45 », « 4'45" », « 4 min 45 », « 4 min 45 s » (per km) → seconds per km; null when empty; NaN otherwise. */
export function parsePaceText(raw: string): number | null {
  const t = raw
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/\/ ?km$/, "")
    .trim();
  if (t === "") return null;
  const m = /^(\d{1,2}) ?(?::|'|’|min) ?(\d{1,2})? ?(?:"|”|''|s)?$/.exec(t);
  if (!m || Number(m[2] ?? 0) >= 60) return Number.NaN;
  return Number(m[1]) * 60 + Number(m[2] ?? 0);
}

/** The current long run: a bare number is km (« 15 », « 12,5 »); a duration is minutes (« 1 h 30 », « 90 min »). */
export function parseLongRun(raw: string): { km: number } | { minutes: number } | null {
  const km = parseFrDecimal(raw);
  if (km !== null && !Number.isNaN(km)) return { km };
  const sec = parseDurationText(raw);
  if (sec === null) return null;
  return Number.isNaN(sec) ? { km: Number.NaN } : { minutes: sec / 60 };
}

const WEEKDAY = z.enum(["1", "2", "3", "4", "5", "6", "7"]);

/** The form as posted (strings; `jours` is every checked box). */
export const PlanFormSchema = z
  .object({
    formatId: z.string().trim().max(64).default(""),
    nomCourse: z.string().trim().max(120).default(""),
    dateCourse: z.string().default(""),
    distanceKm: z.string().default(""),
    dplus: z.string().default(""),
    volumeKm: z.string().default(""),
    sortieLongue: z.string().default(""),
    objectif: z.enum(["finir", "temps"], { message: "Choisissez votre objectif." }).default("finir"),
    tempsObjectif: z.string().default(""),
    jours: z.array(z.string()).default([]),
    jourSortieLongue: z.string().default(""),
    allureSeuil: z.string().default(""),
  })
  .transform((f, ctx) => {
    let refused = false;
    const issue = (_: unknown, path: string, message: string) => {
      refused = true;
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    };
    const typed = f.formatId === "";
    const date = dateField.safeParse(f.dateCourse);
    if (!date.success) issue(ctx, "dateCourse", "Date invalide (jj/mm/aaaa).");
    else if (typed && date.data === null) issue(ctx, "dateCourse", "Indiquez la date de la course.");
    const distance = parseFrDecimal(f.distanceKm);
    if (distance !== null && (Number.isNaN(distance) || distance > 500))
      issue(ctx, "distanceKm", "Distance invalide (en km, par exemple 42,2).");
    else if (typed && !distance) issue(ctx, "distanceKm", "Indiquez la distance de la course (en km).");
    const dplus = parseFrInteger(f.dplus);
    if (dplus !== null && (Number.isNaN(dplus) || dplus > 30000)) issue(ctx, "dplus", "Dénivelé invalide (en mètres).");
    const volume = parseFrDecimal(f.volumeKm);
    if (volume === null) issue(ctx, "volumeKm", "Indiquez votre volume actuel (km par semaine).");
    else if (Number.isNaN(volume) || volume > 300)
      issue(ctx, "volumeKm", "Volume invalide (km par semaine, par exemple 35).");
    const longRun = parseLongRun(f.sortieLongue);
    if (longRun === null)
      issue(ctx, "sortieLongue", "Indiquez votre sortie longue actuelle (« 15 » km ou « 1 h 30 »).");
    else if ("km" in longRun && Number.isNaN(longRun.km))
      issue(ctx, "sortieLongue", "Sortie longue illisible\u00a0: écrivez des km (« 15 ») ou une durée (« 1 h 30 »).");
    const target = f.objectif === "temps" ? parseDurationText(f.tempsObjectif) : null;
    if (f.objectif === "temps" && (target === null || Number.isNaN(target) || target <= 0))
      issue(ctx, "tempsObjectif", "Indiquez votre temps visé, par exemple « 3 h 45 ».");
    const days = f.jours.filter((d) => WEEKDAY.safeParse(d).success).map(Number);
    const longDay = WEEKDAY.safeParse(f.jourSortieLongue);
    if (!longDay.success) issue(ctx, "jourSortieLongue", "Choisissez le jour de la sortie longue.");
    const pace = parsePaceText(f.allureSeuil);
    if (pace !== null && (Number.isNaN(pace) || pace < 150 || pace > 720))
      issue(ctx, "allureSeuil", "Allure invalide (min/km, par exemple 4:45).");
    if (refused) return z.NEVER;
    return {
      formatId: typed ? null : f.formatId,
      raceName: f.nomCourse || null,
      raceDate: date.success ? date.data : null,
      distanceKm: distance,
      dplusM: dplus ?? 0,
      weeklyKm: volume ?? 0,
      longRun: longRun ?? { km: 0 },
      targetSec: target,
      days: [...new Set(days)],
      longRunDay: Number(longDay.data),
      thresholdPaceSec: pace,
    };
  });

export type PlanForm = z.output<typeof PlanFormSchema>;

/** The form's values as typed, to show them again (the fields' names). */
export type PlanFormValues = Record<string, string> & { jours?: string };

/** What a posted form gives the schema: every field's text, `jours` as the list of checked days. */
export function planFormInput(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of form.entries()) if (k !== "jours" && typeof v === "string") out[k] = v;
  out.jours = form.getAll("jours").filter((v): v is string => typeof v === "string");
  return out;
}
