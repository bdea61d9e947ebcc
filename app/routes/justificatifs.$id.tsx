// GET /justificatifs/{id}: a runner's licence or PPS document (decision 0150), for the runner who gave it, the
// organiser of an event it is attached to, and admins. Everyone else, anonymous included, gets the same 404 as for
// a missing or purged document. Never cached by shared caches; shown inline (PDF or image, type from its bytes), in
// the sandbox of every private file (privateFileHeaders), which the Worker keeps.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readDocument } from "~/services/justificatif-documents.server";
import { privateFileHeaders } from "~/utils/http";
import { getSessionUser } from "~/utils/session.server";

const notFound = () =>
  new Response("Document introuvable.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context);
  const found = await readDocument(context, user, params.id ?? "");
  if (!found) throw notFound();
  const { doc, object } = found;
  const ext = doc.content_type === "application/pdf" ? "pdf" : (doc.content_type.split("/")[1] ?? "bin");
  return new Response(object.body, {
    headers: {
      ...privateFileHeaders(doc.content_type, `inline; filename="justificatif.${ext}"`),
      "Content-Length": String(doc.size),
    },
  });
}
