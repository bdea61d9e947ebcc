import { describe, expect, it } from "vitest";
import { applySecurityHeaders, contentSecurityPolicy } from "./security-headers";

const PRIVATE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

describe("applySecurityHeaders: the route's own headers win, the defaults fill the rest", () => {
  it.each([
    [
      "a page that sets none gets every default",
      {},
      {
        "content-security-policy": contentSecurityPolicy("n0nce"),
        "referrer-policy": "strict-origin-when-cross-origin",
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "permissions-policy": "camera=(), microphone=(), geolocation=(self)",
        "strict-transport-security": "max-age=31536000; includeSubDomains",
      },
    ],
    [
      "a private file keeps its sandbox and 'no-referrer', and gets the others",
      { "Content-Security-Policy": PRIVATE_CSP, "Referrer-Policy": "no-referrer" },
      {
        "content-security-policy": PRIVATE_CSP,
        "referrer-policy": "no-referrer",
        "x-frame-options": "DENY",
        "x-content-type-options": "nosniff",
      },
    ],
    [
      "a route's own frame rule is kept",
      { "X-Frame-Options": "SAMEORIGIN" },
      { "x-frame-options": "SAMEORIGIN", "content-security-policy": contentSecurityPolicy("n0nce") },
    ],
  ])("%s", (_, own, expected) => {
    const headers = applySecurityHeaders(new Headers(own), "n0nce");
    for (const [name, value] of Object.entries(expected)) expect(headers.get(name), name).toBe(value);
  });

  it("no HSTS in development, and the policy allows the local WebSocket", () => {
    const headers = applySecurityHeaders(new Headers(), "n0nce", { dev: true });
    expect(headers.has("strict-transport-security")).toBe(false);
    expect(headers.get("content-security-policy")).toContain("ws://localhost:*");
  });
});
