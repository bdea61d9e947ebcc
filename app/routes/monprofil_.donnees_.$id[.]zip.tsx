// GET /monprofil/donnees/{id}.zip: the ZIP of a « Mes données » export (decision 0219), for the signed-in account
// that asked for it only (anyone else gets the same 404 as for a missing one; a signed-out visitor is sent to log
// in first), within its 7 days (410 after). Never cached, sent as an attachment in the private files' sandbox.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { downloadDataExport } from "~/services/data-export.server";
import { requireUser } from "~/utils/auth.server";
import { domainErrorResponse } from "~/utils/domain-errors";
import { isDomainError } from "~/domain/errors";
import { privateFileHeaders } from "~/utils/http";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  try {
    const { object, size, requestedAt } = await downloadDataExport(context, user.id, params.id ?? "");
    const name = `balise-mes-donnees-${requestedAt.slice(0, 10)}.zip`;
    return new Response(object.body, {
      headers: {
        ...privateFileHeaders("application/zip", `attachment; filename="${name}"`),
        "Content-Length": String(size),
      },
    });
  } catch (e) {
    if (isDomainError(e)) throw domainErrorResponse(e);
    throw e;
  }
}
