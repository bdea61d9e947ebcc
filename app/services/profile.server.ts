// Profiles: the runner profile (profils_coureurs), the simple user profile and the organiser fields
// (profils_utilisateurs). Every query is scoped to the signed-in user's id.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { profils_coureurs, profils_utilisateurs, users } from "~/db/schema";
import {
  conditionsAccepted,
  CONDITIONS_VERSION,
  type OrganiserProfileInput,
  type RunnerProfileInput,
  type SimpleProfileInput,
} from "~/domain/profile";

export type RunnerProfile = typeof profils_coureurs.$inferSelect;
export type UserProfile = typeof profils_utilisateurs.$inferSelect;

/** The runner profile, used to pre-fill the runner profile form and registration forms. Null when never saved. */
export async function getRunnerProfile(context: AppLoadContext, userId: string): Promise<RunnerProfile | null> {
  return (await context.db.query.profils_coureurs.findFirst({ where: eq(profils_coureurs.id, userId) })) ?? null;
}

export async function getUserProfile(context: AppLoadContext, userId: string): Promise<UserProfile | null> {
  return (
    (await context.db.query.profils_utilisateurs.findFirst({ where: eq(profils_utilisateurs.user_id, userId) })) ?? null
  );
}

/**
 * Values to pre-fill a runner form: the runner profile when saved, else what the simple profile knows,
 * else the account e-mail.
 */
export async function runnerPrefill(
  context: AppLoadContext,
  user: { id: string; email: string },
): Promise<Partial<RunnerProfile>> {
  const runner = await getRunnerProfile(context, user.id);
  if (runner) return runner;
  const p = await getUserProfile(context, user.id);
  return {
    nom: p?.nom ?? null,
    prenom: p?.prenom ?? null,
    genre: p?.genre === "Autre" ? null : (p?.genre ?? null),
    date_naissance: p?.date_naissance ?? null,
    nationalite: p?.nationalite ?? null,
    email: p?.email ?? user.email,
    telephone: p?.telephone ?? null,
    pays: p?.pays ?? "France",
    apparaitre_resultats: true,
  };
}

export async function saveRunnerProfile(
  context: AppLoadContext,
  userId: string,
  input: RunnerProfileInput,
): Promise<void> {
  const now = context.clock.now().toISOString();
  await context.db
    .insert(profils_coureurs)
    .values({ id: userId, ...input, updated_at: now })
    .onConflictDoUpdate({ target: profils_coureurs.id, set: { ...input, updated_at: now } });
}

async function ensureUserProfile(context: AppLoadContext, userId: string, now: string) {
  const u = await context.db.query.users.findFirst({ where: eq(users.id, userId), columns: { email: true } });
  await context.db
    .insert(profils_utilisateurs)
    .values({ user_id: userId, email: u?.email ?? null, created_at: now, updated_at: now })
    .onConflictDoNothing();
}

/** Writes `fields` (given the save instant) to the user profile, created first when missing, and dates the save. */
async function updateUserProfile(
  context: AppLoadContext,
  userId: string,
  fields: (now: string) => Partial<typeof profils_utilisateurs.$inferInsert>,
): Promise<void> {
  const now = context.clock.now().toISOString();
  await ensureUserProfile(context, userId, now);
  await context.db
    .update(profils_utilisateurs)
    .set({ ...fields(now), updated_at: now })
    .where(eq(profils_utilisateurs.user_id, userId));
}

export async function saveSimpleProfile(
  context: AppLoadContext,
  userId: string,
  input: SimpleProfileInput,
): Promise<void> {
  await updateUserProfile(context, userId, () => input);
}

/**
 * Saves the organiser fields. The first acceptance of the current conditions version records its date;
 * once accepted it is never changed by this form (locked).
 */
export async function saveOrganiserProfile(
  context: AppLoadContext,
  userId: string,
  input: OrganiserProfileInput,
): Promise<void> {
  // Read before the row may be created: a missing profile has accepted nothing, as a new row.
  const accept = !conditionsAccepted(await getUserProfile(context, userId)) && input.conditions;
  await updateUserProfile(context, userId, (now) => ({
    organisation_nom: input.organisation_nom,
    site_web: input.site_web,
    telephone: input.telephone,
    ...(accept
      ? { conditions_acceptees: true, conditions_acceptees_at: now, conditions_version: CONDITIONS_VERSION }
      : {}),
  }));
}
