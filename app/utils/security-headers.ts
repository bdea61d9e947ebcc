import { carriesSessionCookie } from "./session-cookie";

/** Security headers for every response the Worker renders. Static assets get the same through public/_headers. */
export function contentSecurityPolicy(nonce: string, opts: { dev?: boolean } = {}): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.tile.openstreetmap.org https://tile.openstreetmap.org",
    `connect-src 'self'${opts.dev ? " ws://localhost:* ws://127.0.0.1:*" : ""} wss: ws:`,
    "font-src 'self'",
    // The bib pick-up desk's service worker (decision 0216): only our own script.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self' https://checkout.stripe.com https://connect.stripe.com",
  ];
  return directives.join("; ");
}

/** The camera is off everywhere but on the pages that declare this (the bib pick-up desk's scanner, decision 0216). */
export const CAMERA_PERMISSIONS_POLICY = "camera=(self), microphone=(), geolocation=(self)";

/**
 * The Worker's security headers, for every response it sends (server.ts). A route's own header wins: a private file
 * sets a stricter policy (a sandbox, 'no-referrer': app/utils/http.ts, privateFileHeaders) and keeps it; these
 * defaults only fill what the response did not set.
 */
export function applySecurityHeaders(headers: Headers, nonce: string, opts: { dev?: boolean } = {}): Headers {
  const defaults: [string, string][] = [
    ["Content-Security-Policy", contentSecurityPolicy(nonce, opts)],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(self)"],
  ];
  if (!opts.dev) defaults.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  for (const [name, value] of defaults) if (!headers.has(name)) headers.set(name, value);
  return headers;
}

/**
 * Personal data must not be kept by browsers or shared caches: every response to a request that carries a session
 * cookie, and every response that sets a cookie, gets 'private, no-store' unless its route declared it public
 * (R2 files, sitemap, robots.txt).
 */
export function applyCachePolicy(headers: Headers, request: Request): Headers {
  const personal = carriesSessionCookie(request.headers.get("Cookie")) || headers.has("Set-Cookie");
  if (!personal) return headers;
  const declared = headers.get("Cache-Control") ?? "";
  if (!/\bpublic\b/i.test(declared) || headers.has("Set-Cookie")) headers.set("Cache-Control", "private, no-store");
  return headers;
}

export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/[^A-Za-z0-9]/g, "");
}
