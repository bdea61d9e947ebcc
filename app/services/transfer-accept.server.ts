// Bib transfer, the buyer's side (issue 22): the invitation page's data, checked against the offer's token, and its
// acceptance through a normal checkout (the buyer's own fields and meals; the seller's meals when they follow the
// place), created by the registration store in one statement that re-checks the offer, the place and the meals.
// docs/decisions/0170-bib-transfer.md
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import { personOf, samePersonHoldsSql } from "~/db/identity";
import { holdsPlaceSql, mealsTakenSql } from "~/db/registration-store/capacity.server";
import { pendingRegistrationId } from "~/db/registration-store/pending.server";
import { creationStatement, type Value } from "~/db/registration-store/writes.server";
import { cessions, courses, formats, inscriptions, liste_attente } from "~/db/schema";
import type { RaceFormat } from "~/domain/eligibility";
import { REGISTRATION_PERSONAL_COLUMNS, registrationTotals } from "~/domain/registration-rules";
import {
  TransferError,
  transferClosedReason,
  transferPlacePrice,
  transferRulesSentence,
  type TransferClosedReason,
} from "~/domain/transfer";
import { formatDateLong } from "~/domain/format";
import { retryPayment } from "./register.server";
import { prefillValues } from "./registration-page.server";
import { sameText, sha256Hex } from "~/utils/crypto.server";
import { settingsOf } from "./transfer.server";

type Ctx = AppLoadContext;

// ---------------------------------------------------------------- the buyer's side

export interface Invitation {
  id: string;
  statut: string;
  expiresAt: string;
  courseId: string;
  courseNom: string;
  courseSlug: string | null;
  formatId: string;
  formatNom: string;
  date: string | null;
  heureDepart: string | null;
  typeEpreuve: string;
  race: RaceFormat;
  priceCents: number;
  mealPriceCents: number;
  mealsLeft: number;
  stockRepas: number;
  rules: string | null;
  /** A pending registration of this user for this offer (a checkout to go back to). */
  /** The organiser's rule: the seller's meals follow the place; then the buyer takes `sellerMeals`, no choice. */
  mealsFollow: boolean;
  sellerMeals: number;
  pendingId: string | null;
  /** Why the format no longer takes transfers (turned off, last day past), when so: the offer can be neither accepted nor paid. */
  closed: TransferClosedReason | null;
  /** The waiting-list entry the offer was made to (decision 0171), when it was. */
  listeAttenteId: string | null;
}

/**
 * The offer behind a link, for the invited account only: an unknown id or a wrong token read the same
 * ('offre_introuvable'); the right link opened by another account says to log in with the invited address.
 */
export async function loadInvitation(
  context: Ctx,
  user: { id: string; email: string },
  cessionId: string,
  token: string,
): Promise<Invitation> {
  const [row] = await context.db
    .select({
      c: cessions,
      f: formats,
      course: courses,
      sellerMeals: inscriptions.nombre_repas,
      // The seller's place, meals aside: its face value, the most the buyer pays for it (issue 42).
      sellerPlaceCents: sql<number>`${inscriptions.prix_total_coureur_cents} - ${inscriptions.prix_total_repas_cents}`,
    })
    .from(cessions)
    .innerJoin(formats, eq(formats.id, cessions.format_id))
    .innerJoin(courses, eq(courses.id, cessions.course_id))
    .innerJoin(inscriptions, eq(inscriptions.id, cessions.inscription_id))
    .where(eq(cessions.id, cessionId))
    .limit(1);
  if (!row || !token || !sameText(row.c.token_hash, await sha256Hex(token)))
    throw new TransferError("offre_introuvable");
  if (row.c.email !== user.email.trim().toLowerCase()) throw new TransferError("mauvais_compte");
  const nowIso = context.clock.now().toISOString();
  const [meals] = await context.db.all<{ taken: number }>(
    sql`SELECT ${mealsTakenSql(sql`${row.f.id}`, nowIso)} AS taken`,
  );
  const pendingId = await pendingRegistrationId(context.db, user.id, eq(inscriptions.cession_id, cessionId));
  return {
    id: row.c.id,
    statut: row.c.statut,
    expiresAt: row.c.expires_at,
    courseId: row.course.id,
    courseNom: row.course.nom,
    courseSlug: row.course.slug,
    formatId: row.f.id,
    formatNom: row.f.nom,
    date: row.f.date,
    heureDepart: row.f.heure_depart,
    typeEpreuve: row.f.type_epreuve,
    race: {
      date: row.f.date,
      type_epreuve: row.f.type_epreuve,
      distance_km: row.f.distance_km,
      denivele_dplus: row.f.denivele_dplus,
      age_minimum: row.f.age_minimum,
    },
    priceCents: transferPlacePrice(row.f.prix_cents, Number(row.sellerPlaceCents)),
    mealPriceCents: row.f.prix_repas_cents,
    mealsLeft: Math.max(0, row.f.stock_repas - Number(meals?.taken ?? 0)),
    stockRepas: row.f.stock_repas,
    rules: transferRulesSentence(settingsOf(row.f), formatDateLong),
    // The organiser's rule: the seller's meals follow the place (the buyer takes exactly those, and pays them).
    mealsFollow: Boolean(row.f.cession_repas_suivent),
    sellerMeals: row.sellerMeals,
    pendingId,
    closed: transferClosedReason(settingsOf(row.f), context.clock.now()),
    listeAttenteId: row.c.liste_attente_id,
  };
}

type Prefill = Awaited<ReturnType<typeof prefillValues>>;

/**
 * What the acceptance form starts from (issue 42): for an offer made to the waiting list, the fields the runner typed
 * when joining it (the entry's `donnees`); anything they left empty there, and every field of an offer made to a
 * named person, from the runner's profile.
 */
export async function acceptancePrefill(
  context: Ctx,
  user: { id: string; email: string },
  inv: Pick<Invitation, "listeAttenteId">,
): Promise<Prefill> {
  const profile = await prefillValues(context, user);
  if (!inv.listeAttenteId) return profile;
  const [entry] = await context.db
    .select({ donnees: liste_attente.donnees })
    .from(liste_attente)
    .where(and(eq(liste_attente.id, inv.listeAttenteId), eq(liste_attente.coureur_id, user.id)))
    .limit(1);
  let stored: Record<string, unknown> = {};
  try {
    stored = entry ? (JSON.parse(entry.donnees) as Record<string, unknown>) : {};
  } catch {
    // A row that is not JSON: the profile alone.
  }
  const out: Record<string, unknown> = { ...profile };
  for (const [k, v] of Object.entries(profile)) {
    const mine = stored[k];
    if (typeof v === "string" && typeof mine === "string" && mine.trim() !== "") out[k] = mine;
    if (typeof v === "boolean" && typeof mine === "boolean") out[k] = mine;
  }
  return out as Prefill;
}

/**
 * The invited account accepts: a registration 'en_attente' (event transfer_accepted) with their own fields and
 * meals, held until the offer's deadline, created only while the offer is open and the runner holds no place in
 * the format, and the meals asked are left (the seller's meals, freed when the place changes hands, count as
 * left). Then the normal checkout. Returns the checkout's URL. Going back to the link reuses that registration.
 */
export async function acceptTransfer(
  context: Ctx,
  user: { id: string; email: string },
  cessionId: string,
  token: string,
  input: { runner: Record<string, unknown>; meals: number },
): Promise<string> {
  const inv = await loadInvitation(context, user, cessionId, token);
  // What the form did not ask comes from the waiting-list entry or the runner's profile; the e-mail is the invited
  // account's.
  const empty = (v: unknown) => (v === "" ? null : v);
  const prefill = Object.fromEntries(
    Object.entries(await acceptancePrefill(context, user, inv)).map(([k, v]) => [k, empty(v)]),
  );
  const personal: Record<string, unknown> = { ...prefill, ...input.runner, email: user.email.trim().toLowerCase() };
  if (inv.statut !== "ouverte") throw new TransferError("offre_terminee");
  const now = context.clock.now();
  const nowIso = now.toISOString();
  if (inv.expiresAt <= nowIso) throw new TransferError("offre_terminee");
  // The organiser's rules now, not when the offer was made (decision 0196).
  if (inv.closed) throw new TransferError(inv.closed);
  if (inv.pendingId) return retryPayment(context, user.id, inv.pendingId);
  // The server decides: when the seller's meals follow the place, the buyer takes exactly those.
  const meals = inv.mealsFollow ? inv.sellerMeals : input.meals;
  const totals = registrationTotals(
    { prix_cents: inv.priceCents, prix_repas_cents: inv.mealPriceCents, stock_repas: inv.stockRepas },
    meals,
  );
  const id = crypto.randomUUID();
  const who = personOf(personal);
  const personalValues = Object.fromEntries(REGISTRATION_PERSONAL_COLUMNS.map((c) => [c, personal[c] as Value]));
  const made = await context.db.all<{ id: string }>(
    creationStatement({
      event: "transfer_accepted",
      actor: { type: "runner", id: user.id },
      values: {
        id,
        course_id: sql`c.course_id`,
        format_id: sql`c.format_id`,
        coureur_id: user.id,
        paiement_trace_id: crypto.randomUUID(),
        ...personalValues,
        nombre_repas: meals,
        prix_total_repas_cents: totals.repasCents,
        prix_total_coureur_cents: totals.totalCents,
        hold_expires_at: sql`c.expires_at`,
        cession_id: sql`c.id`,
      },
      from: sql`cessions c JOIN formats f ON f.id = c.format_id JOIN inscriptions s ON s.id = c.inscription_id`,
      where: sql`c.id = ${cessionId} AND c.statut = 'ouverte' AND c.expires_at > ${nowIso} AND s.statut = 'validee' AND f.cession_active = 1
      AND NOT EXISTS (SELECT 1 FROM inscriptions mine WHERE mine.coureur_id = ${user.id} AND mine.format_id = c.format_id
        AND (mine.statut = 'validee' OR (mine.statut = 'en_attente' AND (mine.hold_expires_at IS NULL OR mine.hold_expires_at > ${nowIso}))))
      AND NOT ${samePersonHoldsSql(sql.raw("c.format_id"), who, holdsPlaceSql("o", nowIso), sql`o.id <> s.id`)}
      AND (${meals} = 0 OR f.stock_repas - ${mealsTakenSql(sql.raw("f.id"), nowIso)} + s.nombre_repas >= ${meals})`,
      nowIso,
    }),
  );
  if (made.length === 0) {
    const [again] = await context.db.select().from(cessions).where(eq(cessions.id, cessionId)).limit(1);
    if (again?.statut !== "ouverte") throw new TransferError("offre_terminee");
    // The same form sent twice at once: the first made the registration, the second goes to its checkout.
    const mineHere = await pendingRegistrationId(context.db, user.id, eq(inscriptions.cession_id, cessionId));
    if (mineHere) return retryPayment(context, user.id, mineHere);
    const [mine] = await context.db.all<{ n: number }>(sql`
      SELECT count(*) AS n FROM inscriptions WHERE coureur_id = ${user.id} AND format_id = ${inv.formatId}
        AND (statut = 'validee' OR (statut = 'en_attente' AND (hold_expires_at IS NULL OR hold_expires_at > ${nowIso})))`);
    if (Number(mine?.n ?? 0) > 0) throw new TransferError("deja_inscrit");
    // The same person holds a place in the format from another account (decision 0183).
    const [other] = await context.db.all<{ id: string }>(sql`
      SELECT s.id FROM cessions c JOIN inscriptions s ON s.id = c.inscription_id
      WHERE c.id = ${cessionId} AND ${samePersonHoldsSql(sql.raw("c.format_id"), who, holdsPlaceSql("o", nowIso), sql`o.id <> s.id`)}`);
    if (other) throw new TransferError("deja_inscrit");
    throw new TransferError("repas_epuises");
  }
  return retryPayment(context, user.id, id);
}
