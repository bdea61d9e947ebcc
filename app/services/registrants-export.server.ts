// The organiser's CSV of a format's registrants (spec section 7), streamed in batches; its download is recorded in
// the journal (decision 0212: who downloaded personal data).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { CSV_BOM, csvRow, exportFileName, type AnyExportColumn } from "~/domain/csv";
import { exportLine } from "~/domain/registrants";
import { exportBatch } from "~/db/registrants.server";
import { formatTarget, recordAction } from "./audit.server";
import { requireOwnedFormat } from "./registrants.server";

type Ctx = AppLoadContext;

export const EXPORT_BATCH = 500;

/**
 * The CSV as a stream: the header, then 500 registrants per D1 query (keyset on created_at, id), each batch
 * encoded and handed on before the next is read, so memory stays flat whatever the number of registrants.
 */
export async function exportRegistrants(
  context: Ctx,
  user: { id: string; email?: string },
  formatId: string,
  columns: readonly AnyExportColumn[],
) {
  const format = await requireOwnedFormat(context, user, formatId);
  await recordAction(context, user, "organisateur", "export.inscrits", formatTarget(format));
  const encoder = new TextEncoder();
  let after: { createdAt: string; id: string } | null = null;
  let started = false;
  let done = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + csvRow(columns)));
          return;
        }
        if (done) return;
        try {
          const rows = await exportBatch(context.db, format.id, after, EXPORT_BATCH);
          if (rows.length > 0) {
            let chunk = "";
            for (const r of rows) chunk += exportLine(r, columns);
            const last = rows[rows.length - 1];
            after = { createdAt: last.created_at, id: last.id };
            controller.enqueue(encoder.encode(chunk));
          }
          if (rows.length < EXPORT_BATCH) {
            done = true;
            controller.close();
          }
        } catch (e) {
          console.error("export", e);
          controller.error(e);
        }
      },
    },
    { highWaterMark: 1 },
  );
  return { fileName: exportFileName(format.nom), stream };
}
