import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { JUSTIFICATIF_DOCUMENT_PREFIX } from "~/domain/justificatif";
import { downloadName } from "~/services/uploads.server";
import { contentDisposition } from "~/utils/http";

const ATTACHMENT = /\.(gpx|pdf)$/i;

/**
 * Files stored in R2, served from our own origin with safe headers. GPX and PDF download as attachments; a
 * regulation PDF under its event's name (reglement-<event>.pdf).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!/^[a-z0-9][a-z0-9/_.-]{0,200}$/i.test(key) || key.includes(".."))
    throw new Response("Fichier introuvable", { status: 404 });
  // Runners' licences and PPS are private: only /justificatifs/{id} serves them, to who may read them.
  if (key.toLowerCase().startsWith(JUSTIFICATIF_DOCUMENT_PREFIX))
    throw new Response("Fichier introuvable", { status: 404 });
  const object = await context.storage.get(key);
  if (!object) throw new Response("Fichier introuvable", { status: 404 });
  const headers = new Headers();
  headers.set("Content-Type", object.httpMetadata?.contentType ?? "application/octet-stream");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  headers.set("ETag", object.httpEtag);
  if (ATTACHMENT.test(key)) headers.set("Content-Disposition", contentDisposition(await downloadName(context.db, key)));
  return new Response(object.body, { headers });
}
