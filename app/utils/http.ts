// Responses that are not pages: a private file (a CSV download, a runner's document), a plain-text 404 and the 400
// of a posted form that fits no action. One home for their headers, so that every export is named the same way
// (ASCII name plus the UTF-8 one, RFC 6266), and every private file is never cached, never sniffed, sandboxed and
// sent without a referrer.
import type { ZodTypeAny, z } from "zod";

/**
 * The headers of every private file (personal data: the CSV exports, a runner's licence or PPS document): never kept
 * by a cache, never sniffed, opened as a sandboxed document that may run nothing and load nothing but its own images,
 * and leaking no address through a link in it. The Worker keeps them (app/utils/security-headers.ts).
 */
export function privateFileHeaders(contentType: string, disposition: string): Record<string, string> {
  return {
    "Content-Type": contentType,
    "Content-Disposition": disposition,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    "Referrer-Policy": "no-referrer",
  };
}

/** A CSV file to download (the body is a string or a stream). */
export function csvDownload(body: BodyInit, fileName: string): Response {
  return new Response(body, {
    status: 200,
    headers: privateFileHeaders("text/csv; charset=utf-8", contentDisposition(fileName)),
  });
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A plain-text 404 for a download the caller may not have (same answer whether it exists or not). */
export function textNotFound(message: string): Response {
  return new Response(message, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/**
 * The posted form as `schema` reads it (an action's intent and its fields); a 400 `Action inconnue` when it does not
 * fit.
 */
export async function postedFormOr400<S extends ZodTypeAny>(request: Request, schema: S): Promise<z.output<S>> {
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response("Action inconnue", { status: 400 });
  return parsed.data;
}
