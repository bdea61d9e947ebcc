// Cross-site request refusal (OWASP ASVS 3.5): every state-changing request whose Origin or Sec-Fetch-Site
// says it comes from another site is refused before any route runs. Pure: no I/O, easy to test.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface RequestLike {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
}

/**
 * True when a non-GET request must be refused with 403.
 * - Sec-Fetch-Site other than `same-origin` or `none` (a browser says the request comes from elsewhere).
 * - An Origin header that differs from the request's origin and from the allowed origins (`null` included).
 * Requests without either header (server-to-server calls such as payment webhooks, curl) pass.
 */
export function isCrossSiteRequest(request: RequestLike, allowedOrigins: readonly string[] = []): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const site = request.headers.get("Sec-Fetch-Site")?.trim().toLowerCase();
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("Origin")?.trim();
  if (!origin) return false;
  if (origin === "null") return true;
  let own: string;
  try {
    own = new URL(request.url).origin;
  } catch {
    return true;
  }
  if (origin.toLowerCase() === own.toLowerCase()) return false;
  return !allowedOrigins.some((o) => {
    try {
      return new URL(o).origin.toLowerCase() === origin.toLowerCase();
    } catch {
      return false;
    }
  });
}

export const CROSS_SITE_MESSAGE = "Requête refusée : elle provient d'un autre site.";
