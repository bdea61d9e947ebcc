// Organiser registrants: every query is scoped by the organiser or a co-organiser with the right (mayActSql),
// so another organiser's format or registration reads exactly like a missing one. Search, filter and paging
// happen in SQL; the export reads with keyset pagination (created_at, id), served by inscriptions_format_created_idx.
import { sql, type SQL } from "drizzle-orm";
import type { AnyExportColumn } from "~/domain/csv";
import {
  escapeLike,
  PAGE_SIZE,
  pageInfo,
  type EditableField,
  type ExportRow,
  type FieldValue,
  type OrganiserStatut,
} from "~/domain/registrants";
import type { NewRunner } from "~/domain/add-runner";
import type { Db } from "./client.server";
import { mayActSql } from "./event-team.server";
import type { EventRight } from "~/domain/event-team";
import { foldName } from "./identity";
import { mealsTakenSql, placesTakenSql } from "./registration-store/capacity.server";
import {
  creationStatement,
  updateRegistrations,
  updateStatement,
  type Value,
} from "./registration-store/writes.server";
import { justificatifEtatSql } from "./justificatifs.server";
import type { JustificatifColumns, JustificatifEtat } from "~/domain/justificatif";
import { mealTotal, type PricedFormat } from "~/domain/registration-rules";
import { firstRow, prepare } from "./batch.server";

export interface OwnedFormat {
  id: string;
  nom: string;
  course_id: string;
  course_nom: string;
  stock_repas: number;
  prix_cents: number;
  prix_repas_cents: number;
  nb_max_coureurs: number | null;
  ouverture_inscriptions: string | null;
  tirage_minutes: number;
  type_epreuve: string;
  /** The format's waiting list is open (0 or 1). */
  liste_attente_active: number;
}

/**
 * The format if the user may act with `right` on its event (its owner, or a co-organiser holding the right: mayActSql);
 * null otherwise (missing and not-yours look the same).
 */
export async function findOwnedFormat(
  db: Db,
  formatId: string,
  userId: string,
  right: EventRight,
): Promise<OwnedFormat | null> {
  return firstRow<OwnedFormat>(
    db,
    sql`SELECT f.id, f.nom, f.course_id, c.nom AS course_nom, f.stock_repas, f.prix_cents, f.prix_repas_cents, f.nb_max_coureurs, f.type_epreuve, f.ouverture_inscriptions, f.tirage_minutes,
          f.liste_attente_active
        FROM formats f JOIN courses c ON c.id = f.course_id
        WHERE f.id = ${formatId} AND ${mayActSql("c", userId, right)}`,
  );
}

/** A registrant row; its justificatif's check (decision 0150) is separate from the status. */
export interface RegistrantRow extends JustificatifColumns {
  id: string;
  nom: string | null;
  prenom: string | null;
  dossard: number | null;
  email: string | null;
  club: string | null;
  nombre_repas: number;
  statut: string;
  created_at: string;
  /** Has a payment (then only a cancellation may end it: its status is not a free choice). */
  paid: number;
  /** The promo code used and its discount (ADR 0214). */
  code_promo: string | null;
  remise_cents: number;
}

export interface RegistrantFilters {
  q: string;
  statut: OrganiserStatut | null;
  page: string | number | null;
  /** The justificatif's check state, or null for all. */
  justificatif?: JustificatifEtat | null;
}

function filterSql(formatId: string, f: Pick<RegistrantFilters, "q" | "statut" | "justificatif">): SQL {
  const parts: SQL[] = [sql`i.format_id = ${formatId}`];
  if (f.statut) parts.push(sql`i.statut = ${f.statut}`);
  if (f.justificatif) parts.push(sql`${justificatifEtatSql("i")} = ${f.justificatif}`);
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    const bib = /^\d{1,6}$/.test(f.q) ? Number(f.q) : -1;
    // Names and e-mails folded as the identity folds them (case, accents, spaces, hyphens: app/db/identity.ts), on
    // both sides: 'elodie', 'ELODIE' and 'Élodie' find 'Élodie'; 'jean dupont' finds Jean Dupont either way round.
    const folded = foldName(f.q);
    const fl = `%${escapeLike(folded)}%`;
    const people = folded
      ? sql`i.nom_recherche LIKE ${fl} ESCAPE '\\' OR i.prenom_recherche LIKE ${fl} ESCAPE '\\'
        OR i.email_recherche LIKE ${fl} ESCAPE '\\' OR (i.prenom_recherche || i.nom_recherche) LIKE ${fl} ESCAPE '\\'
        OR (i.nom_recherche || i.prenom_recherche) LIKE ${fl} ESCAPE '\\' OR `
      : sql``;
    parts.push(sql`(${people}i.club LIKE ${like} ESCAPE '\\' OR i.dossard = ${bib})`);
  }
  return sql.join(parts, sql` AND `);
}

export interface RegistrantPage {
  rows: RegistrantRow[];
  total: number;
  page: number;
  pages: number;
  /** Meals of the format's registrations that are validated or pending (whatever the filters). */
  mealsReserved: number;
  /** All registrations of the format (whatever the filters). */
  formatTotal: number;
  /** Validated registrations without a bib: what the bib assignment would number. */
  withoutBib: number;
  /** Places taken (the catalogue's definition) against the format's capacity. */
  taken: number;
}

/** One page of 50, plus totals, in two D1 round trips (count first, so an out-of-range page is clamped). */
export async function listRegistrants(
  db: Db,
  formatId: string,
  filters: RegistrantFilters,
  now: Date,
): Promise<RegistrantPage> {
  const where = filterSql(formatId, filters);
  const [countRes, totalsRes] = await db.$client.batch([
    prepare(db, sql`SELECT count(*) AS n FROM inscriptions i WHERE ${where}`),
    prepare(
      db,
      sql`SELECT count(*) AS n,
            ${mealsTakenSql(formatId, now.toISOString())} AS repas,
            coalesce(sum(CASE WHEN i.statut = 'validee' AND i.dossard IS NULL THEN 1 ELSE 0 END), 0) AS sans_dossard,
            ${placesTakenSql(formatId, now.toISOString())} AS taken
          FROM inscriptions i WHERE i.format_id = ${formatId}`,
    ),
  ]);
  const total = Number((countRes.results[0] as { n: number }).n);
  const totals = totalsRes.results[0] as { n: number; repas: number; sans_dossard: number; taken: number };
  const info = pageInfo(filters.page, total, PAGE_SIZE);
  const rows = await prepare(
    db,
    sql`SELECT i.id, i.nom, i.prenom, i.dossard, i.email, i.club, i.nombre_repas, i.statut, i.created_at,
          i.code_promo, i.remise_cents, ${justificatifEtatSql("i")} AS justificatif_etat, i.justificatif_type, i.numero_licence, i.pps_identifier, i.pps_expiration,
          i.justificatif_document_id, i.justificatif_motif, i.justificatif_commentaire,
          EXISTS (SELECT 1 FROM paiements p WHERE p.inscription_id = i.id AND p.status IN ('succeeded', 'refunded')) AS paid
        FROM inscriptions i WHERE ${where}
        ORDER BY i.created_at, i.id LIMIT ${PAGE_SIZE} OFFSET ${info.offset}`,
  ).all<RegistrantRow>();
  return {
    rows: rows.results,
    total,
    page: info.page,
    pages: info.pages,
    mealsReserved: Number(totals.repas),
    formatTotal: Number(totals.n),
    withoutBib: Number(totals.sans_dossard),
    taken: Number(totals.taken),
  };
}

export type RegistrantDetail = Record<string, unknown> & {
  id: string;
  format_id: string;
  course_id: string;
  statut: string;
  paiement_trace_id: string;
  nombre_repas: number;
  dossard: number | null;
  apparaitre_resultats: number;
  created_at: string;
  updated_at: string;
  format_nom: string;
  course_nom: string;
  stock_repas: number;
  prix_repas_cents: number;
  prix_total_repas_cents: number;
  prix_total_coureur_cents: number;
};

/** One registration if the user may act with `right` on its event; null otherwise. */
export async function findOwnedRegistrant(
  db: Db,
  id: string,
  userId: string,
  right: EventRight,
): Promise<RegistrantDetail | null> {
  return firstRow<RegistrantDetail>(
    db,
    sql`SELECT i.*, f.nom AS format_nom, c.nom AS course_nom, f.stock_repas, f.prix_repas_cents
        FROM inscriptions i JOIN formats f ON f.id = i.format_id JOIN courses c ON c.id = f.course_id
        WHERE i.id = ${id} AND ${mayActSql("c", userId, right)}`,
  );
}

/** Has the registration a payment (collected, or refunded): then only a cancellation may end it. */
export async function hasPayment(db: Db, inscriptionId: string): Promise<boolean> {
  const row = await prepare(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM paiements WHERE inscription_id = ${inscriptionId} AND status IN ('succeeded', 'refunded', 'pending')) AS paid`,
  ).first<{ paid: number }>();
  return Number(row?.paid ?? 0) === 1;
}

/** Meals still to be had in the format (its stock less the meals of the registrations holding a place). */
export async function mealsLeftIn(db: Db, formatId: string, now: Date): Promise<number> {
  const row = await prepare(
    db,
    sql`SELECT f.stock_repas - ${mealsTakenSql(sql.raw("f.id"), now.toISOString())} AS left FROM formats f WHERE f.id = ${formatId}`,
  ).first<{ left: number }>();
  return Math.max(0, Number(row?.left ?? 0));
}

/** SQLite says a unique index refused the row (the bib of a format). */
export function isBibConflict(e: unknown): boolean {
  const text = String(e instanceof Error ? `${e.message} ${String((e as { cause?: unknown }).cause ?? "")}` : e);
  return /UNIQUE constraint failed: inscriptions\.format_id, inscriptions\.dossard/.test(text);
}

/**
 * Sets fields of one registration of the organiser's format, in one statement. Changing the meals also recomputes
 * the meal total (the amount paid, prix_total_coureur_cents, is history and stays). Returns false if no row matched.
 */
export async function updateRegistrantFields(
  db: Db,
  ids: { id: string; formatId: string },
  values: Partial<Record<EditableField, FieldValue>>,
  format: PricedFormat,
  now: Date,
): Promise<boolean> {
  const sets: Record<string, Value> = { ...values };
  if (typeof values.nombre_repas === "number") sets.prix_total_repas_cents = mealTotal(format, values.nombre_repas);
  sets.updated_at = now.toISOString();
  const changed = await updateRegistrations(db, sets, sql`id = ${ids.id} AND format_id = ${ids.formatId}`);
  return changed.length > 0;
}

/**
 * Inserts a runner added by hand, in one statement that also checks the capacity (atomic: two organisers
 * adding the last place at once cannot both succeed). Returns the new id, or null when the format is full.
 */
export async function insertManualRunner(
  db: Db,
  format: OwnedFormat,
  runner: NewRunner,
  ids: { id: string; traceId: string; actorId?: string },
  now: Date,
): Promise<string | null> {
  const nowIso = now.toISOString();
  const holds = runner.statut === "validee" || runner.statut === "en_attente";
  const places =
    runner.overrideCapacity || !holds || format.nb_max_coureurs == null
      ? sql`1`
      : sql`${placesTakenSql(format.id, nowIso)} < ${format.nb_max_coureurs}`;
  const meals =
    runner.overrideMeals || !holds || runner.nombre_repas === 0
      ? sql`1`
      : sql`${format.stock_repas} - ${mealsTakenSql(format.id, nowIso)} >= ${runner.nombre_repas}`;
  const guard = sql`${places} AND ${meals}`;
  const { statut, overrideCapacity: _c, overrideMeals: _m, ...columns } = runner;
  const made = await db.all<{ id: string }>(
    creationStatement({
      event: "added_by_hand",
      actor: { type: "organiser", id: ids.actorId ?? null },
      status: statut,
      values: {
        id: ids.id,
        course_id: format.course_id,
        format_id: format.id,
        coureur_id: null,
        paiement_trace_id: ids.traceId,
        ...columns,
        added_by_organiser: 1,
      },
      where: guard,
      nowIso,
    }),
  );
  return made.length > 0 ? ids.id : null;
}

/** Validated runners without a bib, in registration order, and every bib already used in the format. */
export async function bibAssignmentInput(db: Db, formatId: string): Promise<{ runnerIds: string[]; used: number[] }> {
  const [runners, used] = await db.$client.batch([
    prepare(
      db,
      // The format's registrations in their order (decision 0177): never the platform's validated ones by status.
      sql`SELECT id FROM inscriptions INDEXED BY inscriptions_format_created_idx
        WHERE format_id = ${formatId} AND statut = 'validee' AND dossard IS NULL ORDER BY created_at, id`,
    ),
    prepare(db, sql`SELECT dossard FROM inscriptions WHERE format_id = ${formatId} AND dossard IS NOT NULL`),
  ]);
  return {
    runnerIds: (runners.results as { id: string }[]).map((r) => r.id),
    used: (used.results as { dossard: number }[]).map((r) => Number(r.dossard)),
  };
}

/**
 * Writes planned bibs in one D1 batch (one transaction): 500 runners per statement through json_each,
 * only where the runner still has no bib. A bib taken meanwhile makes the whole batch fail (unique index).
 */
export async function applyBibs(
  db: Db,
  formatId: string,
  plan: readonly { id: string; dossard: number }[],
  now: Date,
): Promise<number> {
  if (plan.length === 0) return 0;
  const stmts: D1PreparedStatement[] = [];
  for (let i = 0; i < plan.length; i += 500) {
    const chunk = JSON.stringify(Object.fromEntries(plan.slice(i, i + 500).map((p) => [p.id, p.dossard])));
    stmts.push(
      prepare(
        db,
        updateStatement(
          {
            dossard: sql`(SELECT j.value FROM json_each(${chunk}) j WHERE j.key = inscriptions.id)`,
            updated_at: now.toISOString(),
          },
          sql`format_id = ${formatId} AND dossard IS NULL AND id IN (SELECT j.key FROM json_each(${chunk}) j)`,
        ),
      ),
    );
  }
  const results = await db.$client.batch(stmts);
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}

/** Columns the export reads (all known export columns, whatever the choice: the line keeps only the chosen). */
const EXPORT_SELECT = sql.raw(
  `nom, prenom, genre, date_naissance, nationalite, email, telephone, adresse, adresse_complement, code_postal, ville, pays, club,
   dossard, nombre_repas, statut, created_at, justificatif_type, numero_licence, pps_identifier, contact_urgence_nom,
   contact_urgence_telephone, apparaitre_resultats, code_promo, remise_cents AS remise_euros, id`,
);

export type ExportBatchRow = ExportRow & { id: string; created_at: string };

/** The next `limit` registrants after (createdAt, id), in registration order. */
export async function exportBatch(
  db: Db,
  formatId: string,
  after: { createdAt: string; id: string } | null,
  limit: number,
): Promise<ExportBatchRow[]> {
  // A row-value comparison: SQLite seeks straight to the cursor in inscriptions_format_created_idx.
  const cursor = after ? sql` AND (created_at, id) > (${after.createdAt}, ${after.id})` : sql``;
  const res = await prepare(
    db,
    sql`SELECT ${EXPORT_SELECT} FROM inscriptions WHERE format_id = ${formatId}${cursor} ORDER BY created_at, id LIMIT ${limit}`,
  ).all<ExportBatchRow>();
  return res.results;
}

export type { AnyExportColumn };
