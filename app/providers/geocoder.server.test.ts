import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { departmentCentroid, departmentCode, DEPARTMENT_CODES } from "./geocoder-local.server";
import { createBanGeocoder, createGeocoder } from "./geocoder.server";

describe("departmentCode", () => {
  itMaps("%s -> %s", departmentCode, [
    ["74400", "74"],
    ["01000", "01"],
    ["75011", "75"],
    ["20000", "2A"],
    ["20167", "2A"],
    ["20200", "2B"],
    ["20600", "2B"],
    ["97400", "974"],
    ["97200", "972"],
    ["7440", null],
    ["abcde", null],
  ]);
});

describe("local geocoder", () => {
  it("has every metropolitan department, Corsica and overseas", () => {
    // 96 metropolitan departments (with 2A/2B), 5 overseas departments, and Saint-Pierre-et-Miquelon.
    expect(DEPARTMENT_CODES).toHaveLength(102);
    const metro = Array.from({ length: 95 }, (_, i) => String(i + 1).padStart(2, "0")).filter((c) => c !== "20");
    for (const code of [...metro, "2A", "2B", "971", "972", "973", "974", "976"])
      expect(DEPARTMENT_CODES).toContain(code);
  });

  it("places each department inside France or its overseas territory", () => {
    for (const code of DEPARTMENT_CODES) {
      const cp = code === "2A" ? "20000" : code === "2B" ? "20200" : code.length === 3 ? `${code}00` : `${code}000`;
      const c = departmentCentroid(cp)!;
      expect(c.code).toBe(code);
      if (code.length === 2) {
        expect(c.lat).toBeGreaterThan(41.3);
        expect(c.lat).toBeLessThan(51.1);
        expect(c.lng).toBeGreaterThan(-5.2);
        expect(c.lng).toBeLessThan(9.6);
      }
    }
  });

  it("geocodes Chamonix near Haute-Savoie's centre and gives null for a bad postal code", async () => {
    const g = createGeocoder({ GEOCODER: "local" });
    expect(g.name).toBe("local");
    const p = await g.geocode({ codePostal: "74400", ville: "Chamonix" });
    expect(p!.lat).toBeCloseTo(46.03, 1);
    expect(await g.geocode({ codePostal: "999", ville: "Nulle part" })).toBeNull();
  });
});

describe("national address API geocoder", () => {
  it("asks by town and postal code, limit 1, and reads [lon, lat]", async () => {
    const calls: string[] = [];
    const g = createBanGeocoder({
      fetch: (async (url: string) => {
        calls.push(url);
        return Response.json({ features: [{ geometry: { type: "Point", coordinates: [6.8694, 45.9237] } }] });
      }) as unknown as typeof fetch,
    });
    expect(await g.geocode({ codePostal: "74400", ville: "Chamonix-Mont-Blanc" })).toEqual({
      lat: 45.9237,
      lng: 6.8694,
    });
    const u = new URL(calls[0]);
    expect(u.origin + u.pathname).toBe("https://api-adresse.data.gouv.fr/search/");
    expect(u.searchParams.get("q")).toBe("Chamonix-Mont-Blanc");
    expect(u.searchParams.get("postcode")).toBe("74400");
    expect(u.searchParams.get("limit")).toBe("1");
  });

  it.each([
    ["an HTTP error", async () => new Response("nope", { status: 503 })],
    ["no result", async () => Response.json({ features: [] })],
    [
      "a network error",
      async () => {
        throw new TypeError("fetch failed");
      },
    ],
    ["junk JSON", async () => new Response("<html>", { status: 200 })],
  ])("gives null on %s", async (_name, impl) => {
    const g = createBanGeocoder({ fetch: impl as unknown as typeof fetch });
    expect(await g.geocode({ codePostal: "74400", ville: "Chamonix" })).toBeNull();
  });

  it("gives up after the timeout", async () => {
    const g = createBanGeocoder({
      timeoutMs: 50,
      fetch: ((_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener("abort", () => reject(init.signal!.reason)),
        )) as unknown as typeof fetch,
    });
    const started = Date.now();
    expect(await g.geocode({ codePostal: "74400", ville: "Chamonix" })).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("is chosen by GEOCODER=ban", () => {
    expect(createGeocoder({ GEOCODER: "ban" }).name).toBe("ban");
  });
});
