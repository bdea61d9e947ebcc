// An event image's sizes (decision 0223): made when the image is uploaded, stored in R2 beside it and listed on its
// `fichiers` row; images that have none yet (uploaded before, or whose sizes failed) get them from the cron's
// maintenance, a few per run, until none is left; so do images whose sizes were made before a size the table always
// makes existed (decision 0238).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { fichiers } from "~/db/schema";
import { ALWAYS_MADE, serializeVariants, VARIANT_KINDS, variantKey, variantsToMake } from "~/domain/image-variants";
import { errorCode, errorDetail, logEvent } from "~/utils/log.server";

type Ctx = Pick<AppLoadContext, "db" | "storage" | "images">;

/** Images the cron's job takes per run (each is up to eight transformations). */
export const IMAGES_PER_RUN = 10;

/** Makes and stores the sizes of the image stored at `key`; returns what it records on the row ("" if none). */
async function makeAndRecord(ctx: Ctx, key: string, original: Uint8Array<ArrayBuffer>): Promise<string> {
  const size = await ctx.images.size(original);
  const made = await Promise.all(
    variantsToMake(size).map(async (spec) => {
      await ctx.storage.put(variantKey(key, spec), await ctx.images.make(original, spec), spec.format);
      return spec.name;
    }),
  );
  const recorded = serializeVariants(made);
  await ctx.db.update(fichiers).set({ variants: recorded }).where(eq(fichiers.key, key));
  return recorded;
}

/**
 * At upload: the new image's sizes. A failure (an image Cloudflare cannot read, the service unavailable) leaves
 * the row without them and the upload stands: pages show the original until the cron's job tries again.
 */
export async function makeVariantsAtUpload(
  ctx: Ctx,
  key: string,
  original: Uint8Array<ArrayBuffer>,
): Promise<string | null> {
  try {
    return await makeAndRecord(ctx, key, original);
  } catch {
    return null;
  }
}

export interface BackfillReport {
  /** Images whose sizes were made. */
  made: number;
  /** Images whose sizes failed: recorded "" (not tried again) when they had none, else keeping theirs. */
  failed: number;
}

/** A recorded list that lacks one of the sizes every image gets: made before that size existed. */
const lacksASize = or(...ALWAYS_MADE.map((name) => sql`instr(',' || ${fichiers.variants} || ',', ${`,${name},`}) = 0`));

/** Up to `limit` images of the kinds with sizes whose row matches `where`, oldest first. */
async function imagesWhere(ctx: Ctx, where: SQL | undefined, limit: number): Promise<{ key: string }[]> {
  return ctx.db
    .select({ key: fichiers.key })
    .from(fichiers)
    .where(and(inArray(fichiers.kind, [...VARIANT_KINDS]), where))
    .orderBy(asc(fichiers.created_at))
    .limit(limit);
}

/**
 * The one-off job for images stored before their sizes existed, run by the cron's maintenance: up to `limit`
 * images, oldest first. First those without sizes (the partial index `fichiers_variants_todo_idx`: a run with
 * nothing to do reads one index and stops); with room left, those whose sizes were made before a size every image
 * now gets (decision 0238; this look-up reads the image rows). Idempotent: an image is taken only while its row
 * records nothing or lacks a size.
 */
export async function backfillImageVariants(ctx: Ctx, limit = IMAGES_PER_RUN): Promise<BackfillReport> {
  const todo = await imagesWhere(ctx, isNull(fichiers.variants), limit);
  if (todo.length < limit)
    todo.push(...(await imagesWhere(ctx, and(ne(fichiers.variants, ""), lacksASize), limit - todo.length)));
  const report: BackfillReport = { made: 0, failed: 0 };
  for (const { key } of todo) {
    try {
      const object = await ctx.storage.get(key);
      if (!object) throw new Error("original missing from storage");
      await makeAndRecord(ctx, key, new Uint8Array(await object.arrayBuffer()));
      report.made++;
    } catch (e) {
      report.failed++;
      logEvent("cron.failed", { kind: "image_variants", error: errorCode(e), detail: errorDetail(e) });
      // An image without sizes is recorded "" (not tried again: it shows as uploaded). One that has sizes keeps
      // them, so that its pages and its deletion still know them; it is tried again on a later run.
      await ctx.db
        .update(fichiers)
        .set({ variants: "" })
        .where(and(eq(fichiers.key, key), isNull(fichiers.variants)));
    }
  }
  return report;
}
