// Bib pick-up on race day (issue 44, docs/decisions/0216-bib-pick-up-check-in.md): who may be checked in (the
// registration's status, read through its rules), the French refusal reasons, what the confirmation QR carries and
// how a scan is read back, the conflict rule (the earliest scan is kept), the 'Déjà retiré à 8 h 12 par …' sentence
// and the desk's search. Pure: no I/O, no clock (times are passed in). Also runs in the browser (the scanner).
import { z } from "zod";
import { parisWallClock } from "./paris-time";
import { decodedSegment } from "./paths";
import { normaliseStatut, type Statut } from "./registration-rules/statuses";

/** The query parameter of the confirmation URL that carries the check-in signature. */
export const CHECK_IN_PARAM = "retrait";

/** Why a registration cannot be checked in, or why a scan is not accepted. */
export type CheckInRefusal =
  | "annulee"
  | "refusee"
  | "transferee"
  | "remboursee"
  | "en_attente"
  | "autre_format"
  | "inconnue"
  | "jeton_invalide";

export const CHECK_IN_REFUSALS: Record<CheckInRefusal, string> = {
  annulee: "Inscription annulée\u00a0: pas de dossard à remettre.",
  refusee: "Inscription refusée par l'organisateur\u00a0: pas de dossard à remettre.",
  transferee: "Dossard cédé à un autre coureur\u00a0: c'est le QR code du nouveau titulaire qui compte.",
  remboursee: "Inscription annulée et remboursée\u00a0: pas de dossard à remettre.",
  en_attente: "Inscription non payée\u00a0: le paiement n'a pas été reçu.",
  autre_format: "Ce coureur est inscrit sur un autre format\u00a0: envoyez-le au bon stand.",
  inconnue: "QR code inconnu\u00a0: ce n'est pas un QR code d'inscription Balise.",
  jeton_invalide: "QR code falsifié ou abîmé\u00a0: la signature ne correspond pas. Cherchez le coureur par son nom.",
};

const REFUSAL_BY_STATUT: Record<Statut, CheckInRefusal | null> = {
  validee: null,
  en_attente: "en_attente",
  refusee: "refusee",
  annulee: "annulee",
  remboursee_partiellement: "remboursee",
  remboursee_totalement: "remboursee",
  transferee: "transferee",
};

/** Null when a registration with this status may pick up its bib (a paid, valid one); else why not. */
export function checkInRefusal(statut: string): CheckInRefusal | null {
  const s = normaliseStatut(statut);
  return s ? REFUSAL_BY_STATUT[s] : "inconnue";
}

/** The desk offers « Annuler le retrait » for this runner: their bib is handed out (online only: the undo must win). */
export function mayUndo(r: { retire_le: string | null }): boolean {
  return r.retire_le !== null;
}

/** The desk offers « Retirer » for this runner: not picked up yet, and a status that may pick up its bib. */
export function mayCheckIn(r: { retire_le: string | null; statut: string }): boolean {
  return !r.retire_le && checkInRefusal(r.statut) === null;
}

/** The statuses whose runners the desk expects (the counter's 'attendus'). */
export const EXPECTED_STATUTS: readonly Statut[] = (Object.keys(REFUSAL_BY_STATUT) as Statut[]).filter(
  (s) => REFUSAL_BY_STATUT[s] === null,
);

/** A scanned QR code read back: the registration and the signature it carries (null: not one of ours). */
export interface ScannedCode {
  inscriptionId: string;
  signature: string;
}

const ID = /^[A-Za-z0-9-]{1,64}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{16,64}$/;

/** Reads a scanned text: a URL whose path is /mon-inscription/{id} with ?retrait={signature}. */
export function parseScan(text: string): ScannedCode | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  const m = /^\/mon-inscription\/([^/]+)\/?$/.exec(url.pathname);
  const signature = url.searchParams.get(CHECK_IN_PARAM) ?? "";
  if (!m) return null;
  const id = decodedSegment(m[1]);
  if (id === null || !ID.test(id) || !SIGNATURE.test(signature)) return null;
  return { inscriptionId: id, signature };
}

/** The text a check-in signature is computed over (HMAC with the server's secret). */
export function checkInMessage(inscriptionId: string): string {
  return `retrait-dossard:${inscriptionId}`;
}

/** A time of day as the desk says it: '8 h 12' (Paris). */
export function pickupClock(iso: string): string {
  const { time } = parisWallClock(new Date(iso));
  return `${Number(time.slice(0, 2))}\u00a0h\u00a0${time.slice(3, 5)}`;
}

/** 'Retiré à 8 h 12'. */
export function pickedUpText(iso: string): string {
  return `Retiré à ${pickupClock(iso)}`;
}

/** 'Déjà retiré à 8 h 12 par Marie Durand' (or 'le 12/05 à 8 h 12' when it was another day). */
export function alreadyText(iso: string, by: string | null, now: Date): string {
  const day = parisWallClock(new Date(iso)).date;
  const today = parisWallClock(now).date;
  const when =
    day === today ? `à ${pickupClock(iso)}` : `le ${day.slice(8, 10)}/${day.slice(5, 7)} à ${pickupClock(iso)}`;
  return `Déjà retiré ${when}${by ? ` par ${by}` : ""}`;
}

/** The conflict rule: of two pick-up times of the same registration, the earliest is kept. */
export function earliest(a: string, b: string): string {
  return Date.parse(b) < Date.parse(a) ? b : a;
}

/**
 * A pick-up row as stored: the kept scan time and the last undo (null: never undone). The bib counts as handed out
 * when it was never undone or scanned again after the undo (the store's SQL says the same: app/db/check-ins.server.ts).
 */
export interface PickupRow {
  retire_le: string;
  annule_le: string | null;
}

export function isPickedUp(r: PickupRow): boolean {
  return r.annule_le === null || r.retire_le > r.annule_le;
}

/**
 * What a scan made at `at` (ISO, as scanTime made it) does to a registration's pick-up (decision 0216, the undo):
 * - 'nouveau': the first pick-up, or a new one after an undo (a scan made after the undo);
 * - 'plus_tot': picked up, and this scan is earlier than the kept one (and after any undo): the earliest is kept;
 * - 'deja': picked up, this scan changes nothing;
 * - 'avant_undo': made before (or at) the last undo: ignored, so a phone that was offline cannot hand out again a
 *   bib whose pick-up was undone after it scanned.
 */
export type ScanEffect = "nouveau" | "plus_tot" | "deja" | "avant_undo";

export function scanEffect(row: PickupRow | null, at: string): ScanEffect {
  if (!row) return "nouveau";
  if (row.annule_le !== null && at <= row.annule_le) return "avant_undo";
  if (!isPickedUp(row)) return "nouveau";
  return at < row.retire_le ? "plus_tot" : "deja";
}

/** 'Retrait annulé à 8 h 20 par Marie Durand' (Paris time). */
export function undoneText(iso: string, by: string | null): string {
  return `Retrait annulé à ${pickupClock(iso)}${by ? ` par ${by}` : ""}`;
}

/** Devices may be a little ahead: a scan time is trusted up to this far in the future, and this far back. */
export const CLOCK_SKEW_MS = 5 * 60_000;
export const OLDEST_SCAN_MS = 7 * 86_400_000;

/** The time recorded for a scan: the device's when it is plausible, else the server's `now`. */
export function scanTime(device: string | null | undefined, now: Date): string {
  const t = device ? Date.parse(device) : Number.NaN;
  if (!Number.isFinite(t) || t > now.getTime() + CLOCK_SKEW_MS || t < now.getTime() - OLDEST_SCAN_MS)
    return now.toISOString();
  return new Date(Math.min(t, now.getTime())).toISOString();
}

/** One runner in the desk's list (what the phone keeps offline). */
export interface DeskRunner {
  id: string;
  nom: string;
  prenom: string;
  dossard: number | null;
  statut: string;
  /** The QR's signature, so an offline phone can match a scan (the server checks it again on sync). */
  signature: string;
  nombre_repas: number;
  justificatif: "valide" | "a_verifier" | "manquant" | "refuse" | "non_requis";
  /** The justificatif's content as seen (for the one-tap 'Valider'). */
  justificatif_version: string;
  retire_le: string | null;
  retire_par: string | null;
  /** The last undo of the pick-up, and who did it (null: never undone). */
  annule_le: string | null;
  annule_par: string | null;
}

function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\s'’-]+/g, " ")
    .trim();
}

/** The desk's search: a bib number (exact), or words all found in the first and last name (accents folded). */
export function matchesSearch(r: Pick<DeskRunner, "nom" | "prenom" | "dossard">, q: string): boolean {
  const query = fold(q);
  if (!query) return true;
  if (/^\d+$/.test(query)) return r.dossard === Number(query);
  const name = fold(`${r.prenom} ${r.nom}`);
  return query.split(" ").every((w) => name.includes(w));
}

/** The counter: runners who picked up their bib out of the runners expected. */
export function pickupCounter(rows: readonly Pick<DeskRunner, "statut" | "retire_le">[]): {
  retires: number;
  attendus: number;
} {
  const expected = rows.filter((r) => checkInRefusal(r.statut) === null);
  return { retires: expected.filter((r) => r.retire_le).length, attendus: expected.length };
}

export const JUSTIFICATIF_DESK_LABELS: Record<DeskRunner["justificatif"], string> = {
  valide: "validé",
  a_verifier: "à vérifier",
  manquant: "manquant",
  refuse: "refusé",
  non_requis: "non requis",
};

/** A device's batch of scans, as the scanner POSTs it (and one scan from a form). */
export const ScanSchema = z.object({
  inscriptionId: z.string().regex(ID),
  /** The QR's signature; absent when the runner was found by name or bib. */
  signature: z.string().regex(SIGNATURE).optional(),
  /** When the device scanned (ISO-8601). */
  at: z.string().max(40).optional(),
});
export type Scan = z.infer<typeof ScanSchema>;

export const SCAN_BATCH_MAX = 200;
export const ScanBatchSchema = z.object({
  appareil: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  scans: z.array(ScanSchema).min(1).max(SCAN_BATCH_MAX),
});
export type ScanBatch = z.infer<typeof ScanBatchSchema>;

/** The desk's form (no JavaScript): tick a runner, or validate their justificatif. */
export const DeskFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retirer"), id: z.string().regex(ID) }),
  z.object({ intent: z.literal("annuler"), id: z.string().regex(ID) }),
  z.object({ intent: z.literal("valider"), id: z.string().regex(ID), version: z.string().max(2000) }),
]);

/** What one scan did. */
export type ScanOutcome =
  | { kind: "retire"; id: string; at: string }
  | { kind: "deja"; id: string; at: string; by: string | null }
  | { kind: "refus"; id: string; reason: CheckInRefusal }
  /** A scan made before the last undo of this pick-up: ignored (the bib stays as the undo left it). */
  | { kind: "annule"; id: string; at: string; by: string | null };
