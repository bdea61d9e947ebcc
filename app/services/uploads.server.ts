// Storing the organiser's files in R2, recorded in `fichiers` with their owner, and deleting the ones
// nothing points to any more (see docs/decisions/0042-uploads-and-orphans.md).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, lt, or } from "drizzle-orm";
import { courses, fichiers, formats } from "~/db/schema";
import type { Db } from "~/db/client.server";
import {
  checkUpload,
  checkUploadSize,
  isRegulationKey,
  keyFromUrl,
  regulationFileName,
  UPLOAD_PREFIX,
  type UploadKind,
} from "~/domain/uploads";
import type { Storage } from "~/providers/storage.server";
import * as paths from "~/domain/paths";
import { recordedVariantKeys, VARIANT_KINDS } from "~/domain/image-variants";
import { makeVariantsAtUpload } from "./image-variants.server";
import { isOneOf } from "~/domain/labels";

export type StoreResult = { ok: true; url: string; key: string } | { ok: false; message: string };

type Ctx = Pick<AppLoadContext, "db" | "storage" | "clock" | "images">;

const hasVariants = (kind: UploadKind) => isOneOf(VARIANT_KINDS, kind);

/** A submitted file input: a File with content, or nothing chosen. */
export function chosenFile(v: FormDataEntryValue | null): File | null {
  if (v && typeof v === "object" && typeof (v as File).arrayBuffer === "function" && (v as File).size > 0)
    return v as File;
  return null;
}

/**
 * Checks (size before reading, then magic bytes / GPX parsing) and stores one file; an event image gets its sizes
 * (decision 0223).
 */
export async function storeUpload(ctx: Ctx, ownerId: string, kind: UploadKind, file: File): Promise<StoreResult> {
  const tooBig = checkUploadSize(kind, file.size);
  if (tooBig && !tooBig.ok) return { ok: false, message: tooBig.message };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = checkUpload(kind, bytes);
  if (!check.ok) return { ok: false, message: check.message };
  const key = `${UPLOAD_PREFIX[kind]}/${crypto.randomUUID()}.${check.extension}`;
  await ctx.storage.put(key, bytes, check.contentType);
  await ctx.db.insert(fichiers).values({
    key,
    owner_id: ownerId,
    kind,
    content_type: check.contentType,
    size: bytes.byteLength,
    original_name: file.name ? file.name.slice(0, 200) : null,
    created_at: ctx.clock.now().toISOString(),
  });
  if (hasVariants(kind)) await makeVariantsAtUpload(ctx, key, bytes);
  return { ok: true, url: paths.storedFile(key), key };
}

/**
 * The name a stored file downloads under: an event's regulation PDF as "reglement-<event>.pdf" (not its random key),
 * any other file by the last part of its key.
 */
export async function downloadName(db: Db, key: string): Promise<string> {
  const last = key.split("/").pop() || key;
  if (!isRegulationKey(key)) return last;
  const [row] = await db
    .select({ nom: courses.nom })
    .from(formats)
    .innerJoin(courses, eq(courses.id, formats.course_id))
    .where(eq(formats.reglement_pdf_url, paths.storedFile(key)))
    .limit(1);
  return row ? regulationFileName(row.nom) : last;
}

/** Keys among `keys` that some event or format still points to. */
async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const urls = keys.map((k) => paths.storedFile(k));
  const used = new Set<string>();
  // D1 binds at most 100 parameters per statement: 3 × 30 per chunk.
  for (let i = 0; i < urls.length; i += 30) {
    const chunk = urls.slice(i, i + 30);
    const [c, f] = await db.batch([
      db.select({ u: courses.image_url }).from(courses).where(inArray(courses.image_url, chunk)),
      db
        .select({ a: formats.image_url, b: formats.gpx_url, c: formats.reglement_pdf_url })
        .from(formats)
        .where(
          or(
            inArray(formats.image_url, chunk),
            inArray(formats.gpx_url, chunk),
            inArray(formats.reglement_pdf_url, chunk),
          ),
        ),
    ]);
    for (const r of c) if (r.u) used.add(r.u);
    for (const r of f) for (const u of [r.a, r.b, r.c]) if (u) used.add(u);
  }
  return new Set([...used].map((u) => keyFromUrl(u)!).filter(Boolean));
}

/** Deletes the files (and their sizes) that no event or format uses; returns their keys. */
async function deleteUnused(db: Db, storage: Storage, files: { key: string; variants: string | null }[]) {
  const used = await referencedKeys(
    db,
    files.map((f) => f.key),
  );
  const gone = files.filter((f) => !used.has(f.key));
  for (const f of gone) {
    for (const variant of recordedVariantKeys(f.key, f.variants)) await storage.delete(variant);
    await storage.delete(f.key);
    await db.delete(fichiers).where(eq(fichiers.key, f.key));
  }
  return gone.map((f) => f.key);
}

/**
 * Deletes the owner's files at these URLs unless an event or format still uses them (a duplicated event
 * shares its files with the original). Other people's files and unknown keys are left alone.
 */
export async function releaseFiles(ctx: Ctx, ownerId: string, urls: (string | null | undefined)[]): Promise<string[]> {
  const keys = [...new Set(urls.map((u) => keyFromUrl(u)).filter((k): k is string => !!k))];
  if (keys.length === 0) return [];
  const owned = await ctx.db
    .select({ key: fichiers.key, variants: fichiers.variants })
    .from(fichiers)
    .where(and(eq(fichiers.owner_id, ownerId), inArray(fichiers.key, keys)));
  return deleteUnused(ctx.db, ctx.storage, owned);
}

/**
 * Orphans: files uploaded while editing but never saved (the organiser left the page), older than `maxAgeHours`.
 * Meant for a scheduled job; returns the deleted keys.
 */
export async function cleanOrphanFiles(db: Db, storage: Storage, now: Date, maxAgeHours = 24): Promise<string[]> {
  const cutoff = new Date(now.getTime() - maxAgeHours * 3600_000).toISOString();
  const old = await db
    .select({ key: fichiers.key, variants: fichiers.variants })
    .from(fichiers)
    .where(lt(fichiers.created_at, cutoff))
    .limit(500);
  return deleteUnused(db, storage, old);
}
