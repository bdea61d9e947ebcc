// The store of form drafts (issue 42, app/domain/form-drafts.ts): what a form sent after the session ended held, for
// an hour, for its page. The only reader and writer of `brouillons_formulaires`.
import { and, eq, gt, lt } from "drizzle-orm";
import type { DraftEntries } from "~/domain/form-drafts";
import type { Db } from "./client.server";
import { brouillons_formulaires } from "./schema";

/** Keeps a draft (and forgets the expired ones); returns its random id. */
export async function saveDraft(
  db: Db,
  draft: { page: string; account: string | null; entries: DraftEntries; expiresAt: string; now: string },
): Promise<string> {
  const id = crypto.randomUUID();
  await db.batch([
    db.delete(brouillons_formulaires).where(lt(brouillons_formulaires.expires_at, draft.now)),
    db.insert(brouillons_formulaires).values({
      id,
      chemin: draft.page,
      compte_id: draft.account,
      donnees: JSON.stringify(draft.entries),
      expires_at: draft.expiresAt,
    }),
  ]);
  return id;
}

/** The draft `id` of this page, for this account, while it lasts (null otherwise). */
export async function readDraft(
  db: Db,
  q: { id: string; page: string; account: string; now: string },
): Promise<DraftEntries | null> {
  const [row] = await db
    .select({ donnees: brouillons_formulaires.donnees, compte: brouillons_formulaires.compte_id })
    .from(brouillons_formulaires)
    .where(
      and(
        eq(brouillons_formulaires.id, q.id),
        eq(brouillons_formulaires.chemin, q.page),
        gt(brouillons_formulaires.expires_at, q.now),
      ),
    )
    .limit(1);
  if (!row || (row.compte !== null && row.compte !== q.account)) return null;
  try {
    const entries: unknown = JSON.parse(row.donnees);
    return Array.isArray(entries) ? (entries as DraftEntries) : null;
  } catch {
    return null;
  }
}
