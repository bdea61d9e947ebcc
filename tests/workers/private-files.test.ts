// Private files through the Worker (issue 40): every route that serves a private file (a runner's licence or PPS
// document, the CSV exports of registrants, of missing justificatifs and of a waiting list, the admin's export) sets
// a sandboxed Content-Security-Policy and 'no-referrer', and the Worker's own security headers keep them (the
// defaults only fill what a route did not set: applySecurityHeaders). Pages keep the defaults. Needs
// `npx remix vite:build`.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PAID_REGISTRATIONS, DEMO_USERS } from "../../app/db/demo-data";
import { loadDemoData } from "./helpers";
import { get, row, sessionCookie } from "./organiser-helpers";

const REG = DEMO_PAID_REGISTRATIONS[0].id; // coureur@'s registration, Trail des Aiguilles Rouges (organisateur@)
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x25, 0x45, 0x4f, 0x46, 0x0a]);

let runner: string;
let organiser: string;
let admin: string;
let formatId: string;
let documentId: string;

beforeAll(async () => {
  await loadDemoData();
  runner = await sessionCookie(DEMO_USERS.coureur.id);
  organiser = await sessionCookie(DEMO_USERS.organisateur.id);
  admin = await sessionCookie(DEMO_USERS.admin.id);
  formatId = (await row<{ format_id: string }>("SELECT format_id FROM inscriptions WHERE id = ?", REG))!.format_id;
  // The runner's document, attached to their registration (as /mon-inscription stores it).
  documentId = crypto.randomUUID();
  const key = `justificatifs/${DEMO_USERS.coureur.id}/${documentId}.pdf`;
  await env.FILES.put(key, PDF);
  await env.DB.prepare(
    "INSERT INTO justificatif_documents (id, r2_key, owner_id, content_type, size, created_at) VALUES (?, ?, ?, 'application/pdf', ?, ?)",
  )
    .bind(documentId, key, DEMO_USERS.coureur.id, PDF.byteLength, new Date().toISOString())
    .run();
  await env.DB.prepare("UPDATE inscriptions SET justificatif_document_id = ? WHERE id = ?").bind(documentId, REG).run();
});

/** A private file as the Worker sends it: its own sandbox and referrer policy, never the page defaults. */
async function expectPrivateFile(res: Response, contentType: string) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe(contentType);
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("sandbox");
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain("script-src");
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  // The defaults the route did not set are still there.
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("permissions-policy")).toContain("camera=()");
  await res.arrayBuffer();
}

describe("private files keep their own security headers", () => {
  it("the runner's licence or PPS document (/justificatifs/{id}), for its owner", async () => {
    const res = await get(`/justificatifs/${documentId}`, runner);
    await expectPrivateFile(res.clone(), "application/pdf");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
  });

  it("the same document for the event's organiser and for an admin", async () => {
    await expectPrivateFile(await get(`/justificatifs/${documentId}`, organiser), "application/pdf");
    await expectPrivateFile(await get(`/justificatifs/${documentId}`, admin), "application/pdf");
  });

  it("the registrants' CSV (/organisateur/inscriptions/{formatId}/export.csv), for the event's organiser", async () => {
    await expectPrivateFile(
      await get(`/organisateur/inscriptions/${formatId}/export.csv?col=nom`, organiser),
      "text/csv; charset=utf-8",
    );
  });

  it("the missing justificatifs' CSV, for the event's organiser", async () => {
    await expectPrivateFile(
      await get(`/organisateur/inscriptions/${formatId}/justificatifs-manquants.csv`, organiser),
      "text/csv; charset=utf-8",
    );
  });

  it("the waiting list's CSV, for the event's organiser", async () => {
    await expectPrivateFile(
      await get(`/organisateur/inscriptions/${formatId}/liste-attente.csv`, organiser),
      "text/csv; charset=utf-8",
    );
  });

  it("the admin's registrations CSV (/admin/inscriptions/export.csv)", async () => {
    await expectPrivateFile(await get("/admin/inscriptions/export.csv", admin), "text/csv; charset=utf-8");
  });
});

describe("pages and public files keep the Worker's defaults", () => {
  it("a page gets the site's policy with its nonce", async () => {
    const res = await get(`/mon-inscription/${REG}`, runner);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9]+' 'strict-dynamic'/);
    expect(csp).not.toContain("sandbox");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    await res.text();
  });
});
