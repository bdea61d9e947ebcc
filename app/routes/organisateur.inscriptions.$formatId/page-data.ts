// A registrant row as the page's loader gives it to the table (serialised).
import type { LoaderFunctionArgs, SerializeFrom } from "@remix-run/cloudflare";
import type { registrantsPage } from "~/services/registrants.server";
import type { TableField } from "~/domain/registrants";

type RegistrantsPage = Awaited<ReturnType<typeof registrantsPage>>;

export type Row = SerializeFrom<(args: LoaderFunctionArgs) => Promise<RegistrantsPage>>["rows"][number];

export function rowValue(row: Row, field: TableField): string {
  const v = row[field];
  return v == null ? "" : String(v);
}
