// « Mes données » (issue 45, decision 0219): a signed-in person asks for a copy of their data; the cron builds the
// ZIP in the background (a few requests per run, rows read a page at a time), stores it in R2 under a private key and
// e-mails a link valid 7 days; the download checks the signed-in account owns it; the retention rule deletes it after.
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  deleteRequestsOf,
  expiredExports,
  insertRequest,
  markExpired,
  markReady,
  pendingRequests,
  recordDownload,
  requestOfUser,
  requestsOf,
} from "~/db/data-export.server";
import {
  DataExportError,
  EXPORT_REQUEST_INTERVAL_MS,
  type ExportRequestRow,
  exportExpiresAt,
  exportJournalName,
  exportKey,
  isDownloadable,
  type RequestOutcome,
  requestDecision,
} from "~/domain/data-export";
import * as paths from "~/domain/paths";
import { dataExportReadyMessage } from "~/emails/data-export";
import { errorCode, errorDetail, logEvent } from "~/utils/log.server";
import { recordDataRightsAction } from "./audit.server";
import { buildExportZip } from "./data-export-zip.server";

type Ctx = AppLoadContext;

/** Requests built per cron run (each reads every table of one account): the next run goes on. */
export const EXPORTS_PER_RUN = 3;

/** The account's latest requests, for the « Mes données » page. */
export function dataExportRequests(context: Ctx, userId: string): Promise<ExportRequestRow[]> {
  return requestsOf(context.db, userId);
}

/** A request from the signed-in account: recorded, or why not (one pending at a time, one per 24 hours). */
export async function requestDataExport(context: Ctx, userId: string): Promise<RequestOutcome> {
  const now = context.clock.now();
  const id = crypto.randomUUID();
  const notBefore = new Date(now.getTime() - EXPORT_REQUEST_INTERVAL_MS).toISOString();
  if (await insertRequest(context.db, id, userId, now.toISOString(), notBefore)) {
    logEvent("donnees.export_demande", { export_id: id });
    await recordDataRightsAction(context, userId, "donnees.export_demande", exportJournalName(id));
    return "ok";
  }
  const [latest] = await requestsOf(context.db, userId, 1);
  const outcome = requestDecision(latest ?? null, now);
  // Refused by the unique index while the latest read says 'ok' (a race): a request is pending.
  return outcome === "ok" ? "pending" : outcome;
}

/** Builds one pending request: the ZIP into R2, the request made ready, the e-mail sent. */
async function buildOne(context: Ctx, req: { id: string; user_id: string; email: string }): Promise<boolean> {
  const now = context.clock.now();
  const { bytes } = await buildExportZip(context, { userId: req.user_id, email: req.email }, now);
  const key = exportKey(req.user_id, req.id);
  await context.storage.put(key, bytes, "application/zip");
  const expiresAt = exportExpiresAt(now);
  const ready = await markReady(context.db, req.id, {
    r2Key: key,
    size: bytes.byteLength,
    readyAt: now.toISOString(),
    expiresAt,
  });
  if (!ready) return false; // another run made it first (same key, same content)
  const url = paths.absoluteUrl(context.env.APP_URL, paths.myDataZip(req.id));
  await context.mailer.send({
    to: req.email,
    ...dataExportReadyMessage(url, expiresAt),
    kind: "data_export",
    dedupeKey: `export-donnees:${req.id}`,
  });
  logEvent("donnees.export_pret", { export_id: req.id, size_bytes: bytes.byteLength });
  await recordDataRightsAction(context, req.user_id, "donnees.export_pret", exportJournalName(req.id));
  return true;
}

/** The cron's step: the oldest pending requests built, `limit` at most; a failure is logged and tried next run. */
export async function buildPendingExports(context: Ctx, limit = EXPORTS_PER_RUN): Promise<number> {
  let built = 0;
  for (const req of await pendingRequests(context.db, limit)) {
    try {
      if (await buildOne(context, req)) built++;
    } catch (e) {
      logEvent("cron.failed", { kind: "data_export", export_id: req.id, error: errorCode(e), detail: errorDetail(e) });
    }
  }
  return built;
}

/** The ZIP of the signed-in account's export: another account's, a missing or an expired one is refused. */
export async function downloadDataExport(context: Ctx, userId: string, id: string) {
  const row = await requestOfUser(context.db, id, userId);
  if (!row) throw new DataExportError("export_introuvable");
  const now = context.clock.now();
  if (!isDownloadable(row, now) || !row.r2_key) throw new DataExportError("export_expire");
  const object = await context.storage.get(row.r2_key);
  if (!object) throw new DataExportError("export_expire");
  await recordDownload(context.db, id, now.toISOString());
  logEvent("donnees.export_telecharge", { export_id: id });
  await recordDataRightsAction(context, userId, "donnees.export_telecharge", exportJournalName(id));
  return { object, size: row.size ?? object.size, requestedAt: row.requested_at };
}

/** The retention step: ZIPs made before `readyBefore` deleted from storage, `limit` at most; their count. */
export async function expireDataExports(context: Ctx, readyBefore: string, limit: number): Promise<number> {
  let n = 0;
  for (const row of await expiredExports(context.db, readyBefore, limit)) {
    if (row.r2_key) await context.storage.delete(row.r2_key);
    await markExpired(context.db, row.id);
    logEvent("donnees.export_expire", { export_id: row.id });
    await recordDataRightsAction(context, row.user_id, "donnees.export_expire", exportJournalName(row.id));
    n++;
  }
  return n;
}

/**
 * For the erasure of an account: its exports' ZIPs deleted from storage and its requests deleted (the rows would go
 * with the account by cascade, but not the R2 objects). Their count.
 */
export async function deleteAccountExports(context: Ctx, userId: string): Promise<number> {
  const keys = await deleteRequestsOf(context.db, userId);
  for (const key of keys) await context.storage.delete(key);
  return keys.length;
}
