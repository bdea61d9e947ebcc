// An event image's sizes (decision 0223): made when the image is uploaded, stored in R2 beside it and listed on its
// `fichiers` row; images that have none yet (uploaded before, or whose sizes failed) get them from the cron's
// maintenance, a few per run, until none is left; so do images whose sizes were made before a size the table always
// makes existed (decision 0238).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { fichiers } from "~/db/schema";
import { ALWAYS_MADE, serializeVariants, VARIANT_KINDS, variantKey, variantsToMake } from "~/domain/image-variants";
import { errorCode, errorDetail, logEvent } from "~/utils/log.server";

type Ctx = Pick<AppLoadContext, "db" | "storage" | "images">;

/** Images the cron's job takes per run (each is up to seven transformations). */
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
  /** Images none could be made of (recorded "", so that they are not tried again): they show as uploaded. */
  failed: number;
}

/** A recorded list that lacks one of the sizes every image gets: made before that size existed. */
const lacksASize = or(...ALWAYS_MADE.map((name) => sql`instr(',' || ${fichiers.variants} || ',', ${`,${name},`}) = 0`));

/**
 * The one-off job for images stored before their sizes existed, run by the cron's maintenance: up to `limit`
 * images without sizes (or without a size added since theirs were made), oldest first. Idempotent: an image is
 * taken only while its row records nothing or lacks a size, and a run with nothing left to do stops.
 */
export async function backfillImageVariants(ctx: Ctx, limit = IMAGES_PER_RUN): Promise<BackfillReport> {
  const todo = await ctx.db
    .select({ key: fichiers.key })
    .from(fichiers)
    .where(
      and(
        inArray(fichiers.kind, [...VARIANT_KINDS]),
        or(isNull(fichiers.variants), and(ne(fichiers.variants, ""), lacksASize)),
      ),
    )
    .orderBy(asc(fichiers.created_at))
    .limit(limit);
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
      await ctx.db.update(fichiers).set({ variants: "" }).where(eq(fichiers.key, key));
    }
  }
  return report;
}
