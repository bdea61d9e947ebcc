// Bib pick-up on race day (issue 44, docs/decisions/0216): the desk's list of a format (what a phone keeps offline,
// with each QR's signature), the scans a phone sends (one, or a batch after the network came back), the one-tap
// 'Valider' of a justificatif (through the justificatif use case) and the URL the confirmation QR carries.
// Only the event's owner or a co-organiser with the Inscriptions right; anyone else gets a 404.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { findDeskRows, listDeskRows, recordCheckIns, type DeskRow, undoCheckIn } from "~/db/check-ins.server";
import {
  CHECK_IN_PARAM,
  checkInRefusal,
  type DeskRunner,
  pickupCounter,
  pickupClock,
  type ScanBatch,
  type ScanOutcome,
  scanTime,
} from "~/domain/check-in";
import { CourseError } from "~/domain/course-errors";
import { justificatifVersion } from "~/domain/justificatif";
import * as paths from "~/domain/paths";
import { checkInSignature, verifyCheckInSignature } from "~/utils/check-in-token.server";
import { recordAction, registrantTarget } from "./audit.server";
import { requireFormatRight } from "./event-access.server";
import { decideJustificatif, type DecisionResult } from "./justificatifs.server";

type Ctx = AppLoadContext;
interface User {
  id: string;
  email?: string;
  isAdmin?: boolean;
}

/** The absolute URL the confirmation QR encodes: the runner's page, with the check-in signature. */
export async function confirmationQrUrl(context: Ctx, inscriptionId: string): Promise<string> {
  const signature = await checkInSignature(context.env.SESSION_SECRET, inscriptionId);
  return paths.absoluteUrl(context.env.APP_URL, paths.myRegistration(inscriptionId, { [CHECK_IN_PARAM]: signature }));
}

async function deskRunner(context: Ctx, r: DeskRow): Promise<DeskRunner> {
  return {
    id: r.id,
    nom: r.nom,
    prenom: r.prenom,
    dossard: r.dossard,
    statut: r.statut,
    signature: await checkInSignature(context.env.SESSION_SECRET, r.id),
    nombre_repas: r.nombre_repas,
    justificatif: r.justificatif_etat,
    justificatif_version: justificatifVersion(r),
    retire_le: r.retire_le,
    retire_par: r.retire_par,
    annule_le: r.annule_le,
    annule_par: r.annule_par,
  };
}

/** The desk of a format: the format, every registration as the desk sees it, and the counter. */
export async function checkInDesk(context: Ctx, user: User, formatId: string) {
  const format = await requireFormatRight(context, user, formatId, "inscriptions");
  const rows = await listDeskRows(context.db, format.id);
  const runners = await Promise.all(rows.map((r) => deskRunner(context, r)));
  return {
    format: { id: format.id, nom: format.nom, course_id: format.course_id, course_nom: format.course_nom },
    runners,
    counter: pickupCounter(runners),
  };
}

/**
 * Records a device's scans (one from a form, or a batch after being offline). A scan with a signature is checked
 * against it (a forged one is refused); a registration of another format, or whose status has no bib to hand over, is
 * refused with its reason. The same registration twice (two phones, or twice in a batch) is one check-in with the
 * earliest time. Each new check-in is written to the journal. Returns one outcome per distinct registration.
 */
export async function recordScans(
  context: Ctx,
  user: User,
  formatId: string,
  batch: ScanBatch,
): Promise<ScanOutcome[]> {
  const format = await requireFormatRight(context, user, formatId, "inscriptions");
  const now = context.clock.now();
  // The earliest scan of each registration in this batch, with any signature it was scanned with.
  const scans = new Map<string, { at: string; signatures: string[] }>();
  for (const s of batch.scans) {
    const at = scanTime(s.at, now);
    const known = scans.get(s.inscriptionId);
    if (!known) scans.set(s.inscriptionId, { at, signatures: s.signature ? [s.signature] : [] });
    else {
      if (at < known.at) known.at = at;
      if (s.signature) known.signatures.push(s.signature);
    }
  }
  const rows = await findDeskRows(context.db, [...scans.keys()]);
  const outcomes: ScanOutcome[] = [];
  const accepted: string[] = [];
  for (const [id, scan] of scans) {
    const row = rows.get(id);
    const valid = await Promise.all(
      scan.signatures.map((sig) => verifyCheckInSignature(context.env.SESSION_SECRET, id, sig)),
    );
    if (valid.includes(false)) outcomes.push({ kind: "refus", id, reason: "jeton_invalide" });
    else if (!row) outcomes.push({ kind: "refus", id, reason: "inconnue" });
    else if (row.format_id !== format.id) outcomes.push({ kind: "refus", id, reason: "autre_format" });
    else {
      const refusal = checkInRefusal(row.statut);
      if (refusal) outcomes.push({ kind: "refus", id, reason: refusal });
      else accepted.push(id);
    }
  }
  const inserted = await recordCheckIns(
    context.db,
    accepted.map((id) => ({
      inscriptionId: id,
      formatId: format.id,
      at: scans.get(id)?.at ?? now.toISOString(),
      by: user.id,
      appareil: batch.appareil ?? null,
      syncedAt: now.toISOString(),
    })),
  );
  const after = await findDeskRows(context.db, accepted);
  for (const id of accepted) {
    const row = after.get(id);
    const at = row?.retire_le ?? scans.get(id)?.at ?? now.toISOString();
    if (inserted.has(id)) {
      outcomes.push({ kind: "retire", id, at });
      if (row)
        await recordAction(
          context,
          user,
          "organisateur",
          "retrait.enregistre",
          registrantTarget({
            ...row,
            course_id: format.course_id,
            course_nom: format.course_nom,
            format_nom: format.nom,
          }),
          [{ champ: "Retrait du dossard", avant: "", apres: `${pickupClock(at)}${batch.appareil ? " (scan)" : ""}` }],
        );
    } else if (row && !row.retire_le && row.annule_le)
      // Scanned before the last undo (a phone that was offline): ignored, the bib stays as the undo left it.
      outcomes.push({ kind: "annule", id, at: row.annule_le, by: row.annule_par });
    else outcomes.push({ kind: "deja", id, at, by: row?.retire_par ?? null });
  }
  return outcomes;
}

/**
 * « Annuler le retrait »: the bib of registration `id` counts as not handed out any more (a wrong tick, a runner who
 * gave it back). Online only: the server's time stamps the undo, and a scan made before it is ignored from then on
 * (decision 0216). Journalled. Returns the pick-up time it undid, or null when the bib was not handed out.
 */
export async function undoPickup(context: Ctx, user: User, formatId: string, id: string): Promise<string | null> {
  const format = await requireFormatRight(context, user, formatId, "inscriptions");
  const [row] = (await findDeskRows(context.db, [id])).values();
  if (!row || row.format_id !== format.id) throw new CourseError("not_found");
  const now = context.clock.now().toISOString();
  const undone = await undoCheckIn(context.db, { inscriptionId: id, formatId: format.id, at: now, by: user.id });
  if (undone)
    await recordAction(
      context,
      user,
      "organisateur",
      "retrait.annule",
      registrantTarget({ ...row, course_id: format.course_id, course_nom: format.course_nom, format_nom: format.nom }),
      [{ champ: "Retrait du dossard", avant: pickupClock(undone), apres: "" }],
    );
  return undone;
}

/** The desk's one-tap 'Valider' of a justificatif: the justificatif use case, as from the registrants page. */
export async function validateAtDesk(
  context: Ctx,
  user: User,
  formatId: string,
  id: string,
  version: string,
): Promise<DecisionResult | null> {
  return decideJustificatif(context, user, formatId, { id, decision: "valide", version });
}
