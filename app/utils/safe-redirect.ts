/**
 * Only same-site paths are accepted as redirect targets (no open redirect). The target is normalised first (dot
 * segments, backslashes, percent-encoding as a browser would read them), then the result itself must be a plain
 * path of this site: '/.//evil.example' normalises to '//evil.example', which a browser reads as another host.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (!to.startsWith("/") || /[\u0000-\u001f\u007f]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, "http://balise.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://balise.invalid") return fallback;
  const target = url.pathname + url.search + url.hash;
  return isPlainPath(target) ? target : fallback;
}

/** A path a browser resolves on this site: one leading slash, not followed by a slash or a backslash. */
function isPlainPath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  // An encoded slash or backslash right after the first one is decoded by some servers and clients.
  return !/^\/(%2f|%5c)/i.test(path);
}
