// A format's regulation PDF downloads under its event's name, not its random key (issue 42).
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDemoData } from "./helpers";

// Demo: Trail des Aiguilles Rouges, its first format.
const FORMAT = "f0000000-0000-4000-8000-000000000101";
const KEY = "reglements/0b6f7c1e-5d3a-4c1f-9a77-2f1e3d4c5b6a.pdf";
const PDF = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");

describe("/fichiers/reglements/…", () => {
  beforeAll(async () => {
    await loadDemoData();
    await env.FILES.put(KEY, PDF, { httpMetadata: { contentType: "application/pdf" } });
    await env.DB.prepare("UPDATE formats SET reglement_pdf_url = ? WHERE id = ?")
      .bind(`/fichiers/${KEY}`, FORMAT)
      .run();
    await env.DB.prepare("UPDATE courses SET nom = ? WHERE id = (SELECT course_id FROM formats WHERE id = ?)")
      .bind("Trail des Aiguilles Rouges — Été", FORMAT)
      .run();
  });

  it("names the download after the event: ASCII-safe filename and filename* in UTF-8", async () => {
    const res = await SELF.fetch(`http://localhost/fichiers/${KEY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="reglement-trail-des-aiguilles-rouges-ete.pdf"; filename*=UTF-8''reglement-trail-des-aiguilles-rouges-ete.pdf`,
    );
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
  });

  it("a PDF no format points to keeps its key's name", async () => {
    const orphan = "reglements/11111111-2222-4333-8444-555555555555.pdf";
    await env.FILES.put(orphan, PDF, { httpMetadata: { contentType: "application/pdf" } });
    const res = await SELF.fetch(`http://localhost/fichiers/${orphan}`);
    expect(res.headers.get("content-disposition")).toContain('filename="11111111-2222-4333-8444-555555555555.pdf"');
  });
});
