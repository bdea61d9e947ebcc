// The organiser's event use cases. Every query is scoped by owner; every write of an event and its formats
// is one D1 batch (one transaction): never half an event.
import { deletePromoCodesOfCourse } from "~/db/promo-codes.server";
import { deleteRegistrationsOfCourse } from "~/db/registration-store/writes.server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, inArray, isNotNull, like, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courses, formats, inscriptions, paiements, profils_utilisateurs } from "~/db/schema";
import { CONDITIONS_VERSION, CourseError, type PublishReadiness } from "~/domain/course-errors";
import type { CourseInput, FormatInput } from "~/domain/course-form";
import { slugify, uniqueSlug } from "~/domain/slug";
import type { GeoPoint } from "~/providers/geocoder.server";
import { recordAction } from "./audit.server";
import { eventAccess, type Needed } from "./event-access.server";
import { deleteTeamOfCourse } from "~/db/event-team.server";
import { forgetQueueFacts } from "./opening-queue.server";
import { expireCheckoutForInscription } from "./payment-received.server";
import { releaseFiles } from "./uploads.server";

type Ctx = AppLoadContext;
export type CourseRow = typeof courses.$inferSelect;
export type FormatRow = typeof formats.$inferSelect;

export interface Actor {
  id: string;
  email?: string;
  isAdmin?: boolean;
}

/**
 * The event and its formats if `actor` may do `needs` on it (app/services/event-access.server.ts: the owner, or a
 * co-organiser holding the right; "owner" by default), admins may read any with `read`. 404 when missing or when a
 * co-organiser lacks the right, 403 for anyone else.
 */
export async function getCourseForOwner(
  db: Db,
  actor: Actor,
  courseId: string,
  opts: { read?: boolean; needs?: Needed } = {},
) {
  const { course } = await eventAccess(db, actor, courseId, opts.needs ?? "owner", opts.read);
  const rows = await db
    .select()
    .from(formats)
    .where(eq(formats.course_id, courseId))
    .orderBy(asc(formats.position), asc(formats.created_at));
  return { course, formats: rows };
}

async function takenSlugs(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: courses.slug })
    .from(courses)
    .where(or(eq(courses.slug, base), like(courses.slug, `${base}-%`)));
  return rows.map((r) => r.slug);
}

async function freeSlug(db: Db, name: string, own?: string | null): Promise<string> {
  const base = slugify(name);
  return uniqueSlug(base, await takenSlugs(db, base), own);
}

/** The event's own columns from the form; its position typed on the map, else the one found from its place. */
function courseValues(input: CourseInput, geo: GeoPoint | null) {
  return {
    nom: input.nom,
    presentation: input.presentation,
    lieu: input.lieu,
    departement: input.departement,
    code_postal: input.code_postal,
    lat: input.lat ?? geo?.lat ?? null,
    lng: input.lng ?? geo?.lng ?? null,
    image_url: input.image_url,
  };
}

function formatValues(f: FormatInput, courseId: string, position: number, now: string) {
  const { id: _id, ...rest } = f;
  return { ...rest, course_id: courseId, position, updated_at: now };
}

export interface SavedCourse {
  id: string;
  slug: string;
}

/** Creates the event and all its formats in one batch. */
export async function createCourse(
  ctx: Ctx,
  ownerId: string,
  input: CourseInput,
  geo: GeoPoint | null,
): Promise<SavedCourse> {
  const now = ctx.clock.now().toISOString();
  const id = crypto.randomUUID();
  const slug = await freeSlug(ctx.db, input.nom);
  const db = ctx.db;
  const insertCourse = db.insert(courses).values({
    id,
    ...courseValues(input, geo),
    organisateur_id: ownerId,
    en_ligne: false,
    slug,
    created_at: now,
    updated_at: now,
  });
  const insertFormats = input.formats.map((f, i) =>
    db.insert(formats).values({ ...formatValues(f, id, i, now), id: crypto.randomUUID(), created_at: now }),
  );
  await db.batch([insertCourse, ...insertFormats]);
  return { id, slug };
}

/**
 * Updates the event, updates/inserts/deletes its formats, all in one batch. A format id that does not belong
 * to this event gives 404 and changes nothing; a format with registrations cannot be deleted.
 */
export async function updateCourse(
  ctx: Ctx,
  actor: Actor,
  courseId: string,
  input: CourseInput,
  geo: GeoPoint | null,
): Promise<SavedCourse> {
  const db = ctx.db;
  const { course, formats: existing } = await getCourseForOwner(db, actor, courseId, { needs: "epreuve" });
  const existingIds = new Set(existing.map((f) => f.id));
  for (const f of input.formats) if (f.id && !existingIds.has(f.id)) throw new CourseError("format_not_found");
  const kept = new Set(input.formats.map((f) => f.id).filter(Boolean));
  const removed = existing.filter((f) => !kept.has(f.id));
  if (removed.length > 0) {
    const used = await db
      .select({ format_id: inscriptions.format_id })
      .from(inscriptions)
      .where(
        inArray(
          inscriptions.format_id,
          removed.map((f) => f.id),
        ),
      )
      .limit(1);
    if (used.length > 0) {
      const name = removed.find((f) => f.id === used[0].format_id)?.nom;
      throw new CourseError("format_has_registrations", name ? `(${name})` : undefined);
    }
  }
  const now = ctx.clock.now().toISOString();
  const slug = input.update_slug && input.nom !== course.nom ? await freeSlug(db, input.nom, course.slug) : course.slug;
  const statements = [
    db
      .update(courses)
      .set({
        ...courseValues(input, geo),
        slug,
        updated_at: now,
      })
      .where(and(eq(courses.id, courseId), eq(courses.organisateur_id, course.organisateur_id))),
    ...input.formats.map((f, i) =>
      f.id
        ? db
            .update(formats)
            .set(formatValues(f, courseId, i, now))
            .where(and(eq(formats.id, f.id), eq(formats.course_id, courseId)))
        : db.insert(formats).values({ ...formatValues(f, courseId, i, now), id: crypto.randomUUID(), created_at: now }),
    ),
    ...removed.map((f) => db.delete(formats).where(and(eq(formats.id, f.id), eq(formats.course_id, courseId)))),
  ] as const;
  await db.batch(statements as unknown as [(typeof statements)[0], ...(typeof statements)[number][]]);
  // The queues of formats with an opening forget what they kept for the light waiting page (docs/decisions/0135).
  await forgetQueueFacts(ctx, withOpening(existing), now);
  // Files the event no longer points to: deleted unless something else still uses them.
  const before = [course.image_url, ...existing.flatMap((f) => [f.image_url, f.gpx_url, f.reglement_pdf_url])];
  const after = new Set([
    input.image_url,
    ...input.formats.flatMap((f) => [f.image_url, f.gpx_url, f.reglement_pdf_url]),
  ]);
  await releaseFiles(
    ctx,
    course.organisateur_id,
    before.filter((u) => u && !after.has(u)),
  );
  return { id: courseId, slug };
}

/** Copies the event (name + ' (copie)', unpublished) and all its formats in one batch. */
export async function duplicateCourse(ctx: Ctx, actor: Actor, courseId: string): Promise<SavedCourse> {
  const db = ctx.db;
  const { course, formats: rows } = await getCourseForOwner(db, actor, courseId);
  const now = ctx.clock.now().toISOString();
  const id = crypto.randomUUID();
  const nom = `${course.nom} (copie)`;
  const slug = await freeSlug(db, nom);
  const { id: _id, created_at: _c, updated_at: _u, slug: _s, nom: _n, en_ligne: _e, ...rest } = course;
  const statements = [
    db.insert(courses).values({ ...rest, id, nom, slug, en_ligne: false, created_at: now, updated_at: now }),
    ...rows.map((f) => {
      const { id: _fid, course_id: _cid, created_at: _fc, updated_at: _fu, ...frest } = f;
      return db
        .insert(formats)
        .values({ ...frest, id: crypto.randomUUID(), course_id: id, created_at: now, updated_at: now });
    }),
  ] as const;
  await db.batch(statements as unknown as [(typeof statements)[0], ...(typeof statements)[number][]]);
  return { id, slug };
}

/** Paid registrations (validated, refunded, or with a payment record) forbid deleting an event. */
export async function hasPaidRegistrations(db: Db, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({
      paid: sql<number>`(SELECT count(*) FROM ${inscriptions} WHERE ${inscriptions.course_id} = ${courseId}
        AND ${inscriptions.statut} IN ('validee', 'remboursee_partiellement', 'remboursee_totalement'))
        + (SELECT count(*) FROM ${paiements} WHERE ${paiements.course_id} = ${courseId})`,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  return (row?.paid ?? 0) > 0;
}

/**
 * Ends, at the payment provider, every checkout still open for the event, and releases those holds: no runner can
 * pay for an event being deleted or taken offline. A checkout found paid meanwhile is settled (validated, or
 * refunded); returns how many were.
 */
async function endOpenCheckouts(ctx: Ctx, courseId: string): Promise<number> {
  const open = await ctx.db
    .select({ id: inscriptions.id })
    .from(inscriptions)
    .where(
      and(
        eq(inscriptions.course_id, courseId),
        eq(inscriptions.statut, "en_attente"),
        isNotNull(inscriptions.checkout_session_id),
      ),
    );
  let paid = 0;
  for (const { id } of open) if ((await expireCheckoutForInscription(ctx, id)) === "paid") paid += 1;
  return paid;
}

/**
 * Deletes the event, its formats and its unpaid registrations in one batch; refused when any registration is paid.
 * Open checkouts are ended at the provider first (a payment found there makes the event undeletable).
 */
export async function deleteCourse(ctx: Ctx, actor: Actor, courseId: string): Promise<void> {
  const db = ctx.db;
  const { course, formats: rows } = await getCourseForOwner(db, actor, courseId);
  if (await hasPaidRegistrations(db, courseId)) throw new CourseError("has_paid_registrations");
  await endOpenCheckouts(ctx, courseId);
  if (await hasPaidRegistrations(db, courseId)) throw new CourseError("has_paid_registrations");
  await db.batch([
    deleteRegistrationsOfCourse(db, courseId),
    deletePromoCodesOfCourse(db, courseId),
    db.delete(formats).where(eq(formats.course_id, courseId)),
    ...deleteTeamOfCourse(db, courseId),
    db.delete(courses).where(and(eq(courses.id, courseId), eq(courses.organisateur_id, actor.id))),
  ]);
  await forgetQueueFacts(ctx, withOpening(rows));
  await releaseFiles(ctx, course.organisateur_id, [
    course.image_url,
    ...rows.flatMap((f) => [f.image_url, f.gpx_url, f.reglement_pdf_url]),
  ]);
}

export async function publishReadiness(db: Db, userId: string): Promise<PublishReadiness> {
  const [p] = await db
    .select({
      conditions: profils_utilisateurs.conditions_acceptees,
      version: profils_utilisateurs.conditions_version,
      charges: profils_utilisateurs.stripe_charges_enabled,
    })
    .from(profils_utilisateurs)
    .where(eq(profils_utilisateurs.user_id, userId))
    .limit(1);
  return { conditions: !!p?.conditions && p.version === CONDITIONS_VERSION, charges: !!p?.charges };
}

/**
 * Publishes (only when the owner may: their profile and payment account) or takes offline (always allowed). Taken offline, the event accepts no
 * new hold (the hold statement requires en_ligne), and its open checkouts are ended at the provider; a payment that
 * still arrives for it is refunded in full (app/services/payment-received.server.ts).
 */
export async function setPublished(ctx: Ctx, actor: Actor, courseId: string, publish: boolean): Promise<void> {
  const { course, formats: formatRows } = await getCourseForOwner(ctx.db, actor, courseId, { needs: "epreuve" });
  const savedAt = ctx.clock.now().toISOString();
  if (publish) {
    const r = await publishReadiness(ctx.db, course.organisateur_id);
    if (!r.conditions || !r.charges) throw new CourseError("publish_requirements");
  }
  await ctx.db
    .update(courses)
    .set({ en_ligne: publish, updated_at: savedAt })
    .where(and(eq(courses.id, courseId), eq(courses.organisateur_id, course.organisateur_id)));
  if (!publish)
    await Promise.all([endOpenCheckouts(ctx, courseId), forgetQueueFacts(ctx, withOpening(formatRows), savedAt)]);
  if (Boolean(course.en_ligne) !== publish) {
    const target = { courseId: course.id, courseNom: course.nom, objet: course.nom };
    await recordAction(ctx, actor, "organisateur", publish ? "course.publiee" : "course.depubliee", target);
  }
}

/** The ids of the formats that have an opening time (only their queues can keep facts). */
function withOpening(rows: readonly { id: string; ouverture_inscriptions: string | null }[]): string[] {
  return rows.filter((f) => f.ouverture_inscriptions).map((f) => f.id);
}
