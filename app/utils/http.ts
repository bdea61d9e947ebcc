// Responses that are not pages: a CSV download and a plain-text 404. One home for their headers, so that every
// export is named the same way (ASCII name plus the UTF-8 one, RFC 6266), never cached and never sniffed.

/** A CSV file to download (the body is a string or a stream). */
export function csvDownload(body: BodyInit, fileName: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition(fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
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
