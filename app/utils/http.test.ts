import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { contentDisposition, csvDownload, privateFileHeaders, textNotFound } from "./http";

describe("contentDisposition", () => {
  itMaps("%s", contentDisposition, [
    [
      "inscriptions-page-1.csv",
      `attachment; filename="inscriptions-page-1.csv"; filename*=UTF-8''inscriptions-page-1.csv`,
    ],
    [
      "liste-attente-trail-été.csv",
      `attachment; filename="liste-attente-trail-ete.csv"; filename*=UTF-8''liste-attente-trail-%C3%A9t%C3%A9.csv`,
    ],
    ['a"b\\c.csv', `attachment; filename="a_b_c.csv"; filename*=UTF-8''a%22b%5Cc.csv`],
    ["piste–course.gpx", `attachment; filename="piste_course.gpx"; filename*=UTF-8''piste%E2%80%93course.gpx`],
  ]);
});

describe("csvDownload and textNotFound", () => {
  it("a CSV download is never cached nor sniffed", async () => {
    const res = csvDownload("a;b\r\n", "x.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe(privateFileHeaders("", "")["Content-Security-Policy"]);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await res.text()).toBe("a;b\r\n");
  });
  it("a 404 in plain text", async () => {
    const res = textNotFound("Format introuvable.");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await res.text()).toBe("Format introuvable.");
  });
});

describe("privateFileHeaders", () => {
  it("a private file is sandboxed, loads nothing but its own images and sends no referrer", () => {
    const h = privateFileHeaders("application/pdf", 'inline; filename="justificatif.pdf"');
    expect(h["Content-Security-Policy"].split("; ")).toEqual([
      "default-src 'none'",
      "img-src 'self'",
      "style-src 'unsafe-inline'",
      "sandbox",
    ]);
    expect(h).toMatchObject({
      "Content-Type": "application/pdf",
      "Content-Disposition": 'inline; filename="justificatif.pdf"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    });
  });
});
