// /admin/inscriptions/export.csv: the page the admin is looking at (same filters, same cursor), as CSV
// (spec section 7: semicolons, BOM, named by page, semicolons in text replaced by spaces; formulas neutralised).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminInscriptionsExport } from "~/services/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { csvDownload } from "~/utils/http";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const { fileName, body } = await adminInscriptionsExport(context, new URL(request.url), admin);
  return csvDownload(body, fileName);
}
