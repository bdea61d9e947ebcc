// Use cases of the organiser's registrants pages. Every one starts by proving ownership of the format
// (or of the registration's format); anything else is RegistrantError("not_found"), shown as a 404.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { placeFreeForSql } from "~/db/registration-store/capacity.server";
import { parisDate } from "~/domain/refund";
import { LifecycleError, type PricedFormat, REFUSAL_MESSAGES, type STATUTS } from "~/domain/registration-rules";
import { REGISTRATION_MSG } from "~/domain/registration";
import { holdsPlace } from "~/domain/registration-rules";
import { paidMealsEditRefusal } from "~/domain/meals-change";
import {
  parseBibStart,
  parseField,
  planBibs,
  RegistrantError,
  TABLE_FIELDS,
  type EditableField,
  type FieldContext,
  type FieldValue,
  type TableField,
} from "~/domain/registrants";
import { exceedsCapacity, validateNewRunner, type AddRunnerInput } from "~/domain/add-runner";
import {
  applyBibs,
  bibAssignmentInput,
  insertManualRunner,
  hasPayment,
  isBibConflict,
  listRegistrants,
  mealsLeftIn,
  updateRegistrantFields,
  type OwnedFormat,
  type RegistrantDetail,
  type RegistrantFilters,
} from "~/db/registrants.server";
import { applyTransition } from "./registration-changes.server";
import { requireFormatRight, requireRegistrantRight } from "./event-access.server";
import { auditEdit } from "./registrant-audit.server";
import { formatTarget, recordAction, registrantTarget } from "./audit.server";

type Ctx = AppLoadContext;
type Statut = (typeof STATUTS)[number];
interface User {
  id: string;
}

export type { RegistrantFilters };

/** The format when the user holds the Inscriptions right on its event (owner or co-organiser); else a 404. */
export function requireOwnedFormat(context: Ctx, user: User, formatId: string): Promise<OwnedFormat> {
  return requireFormatRight(context, user, formatId, "inscriptions");
}

/** The registration when the user holds the Inscriptions right on its event; else a 404. */
export function requireOwnedRegistrant(context: Ctx, user: User, id: string): Promise<RegistrantDetail> {
  return requireRegistrantRight(context, user, id, "inscriptions");
}

export async function registrantsPage(context: Ctx, user: User, formatId: string, filters: RegistrantFilters) {
  const format = await requireOwnedFormat(context, user, formatId);
  const page = await listRegistrants(context.db, format.id, filters, context.clock.now());
  return { format, ...page };
}

async function registrantOfFormat(
  context: Ctx,
  user: User,
  format: OwnedFormat,
  id: string,
): Promise<RegistrantDetail> {
  const row = await requireOwnedRegistrant(context, user, id);
  if (row.format_id !== format.id) throw new RegistrantError("not_found");
  return row;
}

/** What a field's rule needs to know: the meal stock, the current status, today in Paris and the country. */
function fieldContext(context: Ctx, stockRepas: number, row: RegistrantDetail): FieldContext {
  return {
    stockRepas,
    currentStatut: row.statut as string | null,
    today: parisDate(context.clock.now()),
    pays: (row.pays as string | null) ?? null,
  };
}

/**
 * The organiser's status choice goes through the lifecycle: never on a registration with money on it (that one is
 * cancelled with its refund), and a registration made active again takes a place and its meals only if free.
 */
async function setStatus(context: Ctx, user: User, row: RegistrantDetail, to: Statut): Promise<void> {
  if (to === row.statut) return;
  const now = context.clock.now();
  const nowIso = now.toISOString();
  const reactivates =
    (to === "validee" || to === "en_attente") &&
    !holdsPlace({ statut: row.statut, hold_expires_at: (row.hold_expires_at as string | null) ?? null }, now);
  let changed: Awaited<ReturnType<typeof applyTransition>>;
  try {
    changed = await applyTransition(context, {
      inscriptionId: row.id,
      event: "status_set",
      actor: { type: "organiser", id: user.id },
      to,
      when: reactivates ? placeFreeForSql("i", nowIso) : undefined,
    });
  } catch (e) {
    if (e instanceof LifecycleError) throw new RegistrantError("invalid", e.message, "statut");
    throw e;
  }
  if (changed) return;
  if (await hasPayment(context.db, row.id))
    throw new RegistrantError("invalid", REFUSAL_MESSAGES.paiement_a_regler, "statut");
  if (reactivates)
    throw new RegistrantError(
      "capacity_full",
      "Ce format est complet (ou ses repas épuisés) : cette inscription ne peut pas reprendre de place.",
      "statut",
    );
  throw new RegistrantError("invalid", REFUSAL_MESSAGES.statut_incompatible, "statut");
}

/**
 * More meals for a registration that holds its place: only while the format has them left. A paid registration's
 * meals do not change here at all (issue 40): meals added are recorded as paid on site (meals-on-site.server.ts).
 */
async function checkMeals(context: Ctx, row: RegistrantDetail, meals: number): Promise<void> {
  const refusal = paidMealsEditRefusal(Number(row.nombre_repas ?? 0), meals);
  if (refusal && (await hasPayment(context.db, row.id))) throw new RegistrantError("invalid", refusal, "nombre_repas");
  const more = meals - Number(row.nombre_repas ?? 0);
  if (
    more <= 0 ||
    !holdsPlace(
      { statut: row.statut, hold_expires_at: (row.hold_expires_at as string | null) ?? null },
      context.clock.now(),
    )
  )
    return;
  const left = await mealsLeftIn(context.db, row.format_id, context.clock.now());
  if (more > left)
    throw new RegistrantError(
      "invalid",
      REGISTRATION_MSG.repasEpuises(left + Number(row.nombre_repas ?? 0)),
      "nombre_repas",
    );
}

async function writeField(
  context: Ctx,
  user: User,
  row: RegistrantDetail,
  field: EditableField,
  value: FieldValue,
): Promise<void> {
  if (field === "statut") {
    await setStatus(context, user, row, value as Statut);
    return auditEdit(context, user, row, { statut: value });
  }
  if (field === "nombre_repas") await checkMeals(context, row, value as number);
  await writeOtherField(context, row, field, value);
  await auditEdit(context, user, row, { [field]: value });
}

async function writeOtherField(context: Ctx, row: RegistrantDetail, field: EditableField, value: FieldValue) {
  const format = {
    id: row.format_id,
    prix_cents: 0,
    prix_repas_cents: row.prix_repas_cents,
    stock_repas: row.stock_repas,
  };
  await writeFields(context, row.id, format, { [field]: value });
}

/**
 * Writes fields of one registration of the format; a bib already given in the format is refused on the `dossard`
 * field, any other failure is 'save_failed'.
 */
async function writeFields(
  context: Ctx,
  id: string,
  format: PricedFormat & { id: string },
  values: Partial<Record<EditableField, FieldValue>>,
) {
  try {
    const ok = await updateRegistrantFields(
      context.db,
      { id, formatId: format.id },
      values,
      format,
      context.clock.now(),
    );
    if (!ok) throw new RegistrantError("not_found");
  } catch (e) {
    if (e instanceof RegistrantError) throw e;
    if (isBibConflict(e))
      throw new RegistrantError(
        "bib_taken",
        `Le dossard ${values.dossard} est déjà attribué dans ce format.`,
        "dossard",
      );
    console.error("registrant update", e);
    throw new RegistrantError("save_failed");
  }
}

/** One table cell (JS, saved on blur). Returns the stored value. */
export async function saveCell(
  context: Ctx,
  user: User,
  formatId: string,
  id: string,
  field: TableField,
  raw: string,
): Promise<FieldValue> {
  const format = await requireOwnedFormat(context, user, formatId);
  const row = await registrantOfFormat(context, user, format, id);
  const parsed = parseField(field, raw, fieldContext(context, format.stock_repas, row));
  if (!parsed.ok) throw new RegistrantError("invalid", parsed.error, field);
  await writeField(context, user, row, field, parsed.value);
  return parsed.value;
}

export type RowErrors = Partial<Record<TableField, string>>;

/** A whole row (no JS). Every cell is checked; nothing is written if one is wrong. */
export async function saveRow(
  context: Ctx,
  user: User,
  formatId: string,
  id: string,
  raw: Record<TableField, string>,
): Promise<{ ok: true } | { ok: false; errors: RowErrors }> {
  const format = await requireOwnedFormat(context, user, formatId);
  const row = await registrantOfFormat(context, user, format, id);
  const values: Partial<Record<EditableField, FieldValue>> = {};
  const errors: RowErrors = {};
  for (const f of TABLE_FIELDS) {
    const r = parseField(f, raw[f], fieldContext(context, format.stock_repas, row));
    if (r.ok) values[f] = r.value;
    else errors[f] = r.error;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // The status first (it may be refused: then nothing is written), through the lifecycle; then the other fields.
  const { statut, ...others } = values;
  // An unchanged meal count is not written again (it would price the meals at today's price).
  if (others.nombre_repas === Number(row.nombre_repas ?? 0)) delete others.nombre_repas;
  try {
    if (typeof others.nombre_repas === "number") await checkMeals(context, row, others.nombre_repas);
    if (statut && statut !== row.statut) await setStatus(context, user, row, statut as Statut);
    await writeFields(context, row.id, format, others);
  } catch (e) {
    if (e instanceof RegistrantError && e.field) return { ok: false, errors: { [e.field]: e.message } as RowErrors };
    throw e;
  }
  await auditEdit(context, user, row, values);
  return { ok: true };
}

/** One field of the details page. */
export async function saveDetailField(
  context: Ctx,
  user: User,
  id: string,
  field: EditableField,
  raw: string,
): Promise<FieldValue> {
  const row = await requireOwnedRegistrant(context, user, id);
  const parsed = parseField(field, raw, fieldContext(context, row.stock_repas as number, row));
  if (!parsed.ok) throw new RegistrantError("invalid", parsed.error, field);
  await writeField(context, user, row, field, parsed.value);
  return parsed.value;
}

export type AddRunnerResult =
  | { ok: true; id: string }
  | { ok: false; errors: Partial<Record<keyof AddRunnerInput, string>>; formError?: string };

/** '+ Ajouter un coureur': validation, then an insert that respects capacity unless the organiser overrides it. */
export async function addRunner(
  context: Ctx,
  user: User,
  formatId: string,
  input: AddRunnerInput,
): Promise<AddRunnerResult> {
  const format = await requireOwnedFormat(context, user, formatId);
  const v = validateNewRunner(
    input,
    { stockRepas: format.stock_repas, prixCents: format.prix_cents, prixRepasCents: format.prix_repas_cents },
    parisDate(context.clock.now()),
  );
  if (!v.ok) return v;
  const id = crypto.randomUUID();
  try {
    const inserted = await insertManualRunner(
      context.db,
      format,
      v.runner,
      { id, traceId: `manuel-${id}`, actorId: user.id },
      context.clock.now(),
    );
    if (!inserted) {
      // The guard refused: full, or not enough meals left (checked in the same statement as the insert).
      const now = context.clock.now();
      const page = await listRegistrants(context.db, format.id, { q: "", statut: null, page: 1 }, now);
      if (!v.runner.overrideCapacity && exceedsCapacity(v.runner.statut, format.nb_max_coureurs, page.taken)) {
        return {
          ok: false,
          errors: {
            depasser_capacite: `Ce format est complet (${page.taken} / ${format.nb_max_coureurs}). Cochez « Dépasser la capacité » pour inscrire ce coureur quand même.`,
          },
        };
      }
      const left = await mealsLeftIn(context.db, format.id, now);
      if (!v.runner.overrideMeals && v.runner.nombre_repas > left) {
        return {
          ok: false,
          errors: {
            depasser_repas: `Il ne reste que ${left} repas pour ce format. Cochez « Dépasser le stock de repas » pour en réserver quand même.`,
          },
        };
      }
      return { ok: false, errors: {}, formError: "Erreur lors de l'enregistrement." };
    }
    await recordAction(
      context,
      user,
      "organisateur",
      "inscrit.ajoute",
      registrantTarget({
        course_id: format.course_id,
        course_nom: format.course_nom,
        format_nom: format.nom,
        prenom: v.runner.prenom,
        nom: v.runner.nom,
      }),
    );
    return { ok: true, id };
  } catch (e) {
    if (isBibConflict(e))
      return { ok: false, errors: { dossard: `Le dossard ${v.runner.dossard} est déjà attribué dans ce format.` } };
    console.error("add runner", e);
    return { ok: false, errors: {}, formError: "Erreur lors de l'enregistrement." };
  }
}

/** Numbers validated runners without a bib from `debut`, skipping used numbers. Returns how many got one. */
export async function assignBibs(
  context: Ctx,
  user: User,
  formatId: string,
  debut: string,
): Promise<{ ok: true; count: number } | { ok: false; error: string }> {
  const format = await requireOwnedFormat(context, user, formatId);
  const start = parseBibStart(debut);
  if (!start.ok) return start;
  const input = await bibAssignmentInput(context.db, format.id);
  const plan = planBibs(input.runnerIds, input.used, start.value);
  try {
    const count = await applyBibs(context.db, format.id, plan, context.clock.now());
    if (count > 0) {
      const target = formatTarget(format);
      await recordAction(context, user, "organisateur", "dossards.attribues", {
        ...target,
        objet: `${target.objet} : ${count} dossard${count > 1 ? "s" : ""} à partir du n° ${start.value}`,
      });
    }
    return { ok: true, count };
  } catch (e) {
    if (isBibConflict(e))
      return { ok: false, error: "Un dossard a été attribué entre-temps : aucun dossard n'a été écrit, réessayez." };
    console.error("assign bibs", e);
    return { ok: false, error: "Erreur lors de l'enregistrement." };
  }
}
