// The ZIP of one « Mes données » export (decision 0219): every exported table's rows about the person, read a page
// at a time, as JSON and CSV; the consents; the justificatif files still in storage; a README.txt. Zipped with fflate
// (documents stored as they are, text compressed).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { strToU8, type Zippable, zipSync } from "fflate";
import { personRowsPage, tableColumns } from "~/db/data-export.server";
import { consentRows, EXCLUDED_TABLES, EXPORTED_TABLES, type ExportedTableName } from "~/domain/data-export";
import {
  CONSENTS_FILE,
  consentsCsv,
  documentFile,
  exportReadme,
  keptColumns,
  pick,
  type Row,
  rowsCsv,
  rowsJson,
  tableFile,
} from "~/domain/data-export-files";

type Ctx = AppLoadContext;

/** Rows read per query: a large account is read in many small queries, none of them long. */
export const EXPORT_PAGE_ROWS = 200;

/** Every row of a table about the person, page after page. */
async function allRows(context: Ctx, table: ExportedTableName, who: { userId: string; email: string }) {
  const rows: Row[] = [];
  let after = 0;
  for (;;) {
    const page = await personRowsPage(context.db, table, who, after, EXPORT_PAGE_ROWS);
    rows.push(...page);
    if (page.length < EXPORT_PAGE_ROWS) return rows;
    after = Number(page[page.length - 1]?.__rowid);
  }
}

/** The person's consents and choices with their dates, from their account and profiles. */
function consents(rows: Partial<Record<ExportedTableName, Row[]>>) {
  const user = rows.users?.[0] ?? {};
  const profile = rows.profils_utilisateurs?.[0] ?? {};
  const runner = rows.profils_coureurs?.[0];
  return consentRows({
    email_confirmed_at: (user.email_confirmed_at as string | null) ?? null,
    conditions_acceptees: (profile.conditions_acceptees as number | null) ?? null,
    conditions_acceptees_at: (profile.conditions_acceptees_at as string | null) ?? null,
    conditions_version: (profile.conditions_version as string | null) ?? null,
    apparaitre_resultats: runner ? ((runner.apparaitre_resultats as number | null) ?? null) : null,
    profil_updated_at: (runner?.updated_at as string | null) ?? null,
  });
}

/** The ZIP's bytes for this person, and how many rows each table gave. */
export async function buildExportZip(
  context: Ctx,
  who: { userId: string; email: string },
  madeAt: Date,
): Promise<{ bytes: Uint8Array; counts: Partial<Record<ExportedTableName, number>> }> {
  const files: Zippable = {};
  const counts: Partial<Record<ExportedTableName, number>> = {};
  const read: Partial<Record<ExportedTableName, Row[]>> = {};
  for (const table of Object.keys(EXPORTED_TABLES) as ExportedTableName[]) {
    const columns = keptColumns(table, await tableColumns(context.db, table));
    const rows = (await allRows(context, table, who)).map((r) => pick(r, columns));
    read[table] = rows;
    counts[table] = rows.length;
    files[tableFile(table, "json")] = strToU8(rowsJson(rows));
    files[tableFile(table, "csv")] = strToU8(rowsCsv(columns, rows));
  }
  const consentList = consents(read);
  files[`${CONSENTS_FILE}.json`] = strToU8(rowsJson(consentList.map((c) => ({ ...c }))));
  files[`${CONSENTS_FILE}.csv`] = strToU8(consentsCsv(consentList));
  let documents = 0;
  for (const doc of read.justificatif_documents ?? []) {
    const object = await context.storage.get(String(doc.r2_key));
    if (!object) continue; // deleted at the end of its retention: its record stays in the JSON
    const name = documentFile(String(doc.id), (doc.original_name as string | null) ?? null, String(doc.content_type));
    files[name] = [new Uint8Array(await object.arrayBuffer()), { level: 0 }];
    documents++;
  }
  files["README.txt"] = strToU8(
    exportReadme({ email: who.email, madeAt, counts, documents, excluded: EXCLUDED_TABLES }),
  );
  return { bytes: zipSync(files, { level: 6, mtime: madeAt }), counts };
}
