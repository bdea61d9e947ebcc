import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "./csrf";

function req(method: string, headers: Record<string, string> = {}, url = "https://balise.fr/login") {
  const h = new Headers(headers);
  return { method, url, headers: h };
}

describe("isCrossSiteRequest", () => {
  it.each([
    [
      "GET from another site passes (reads change nothing)",
      req("GET", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }),
      false,
    ],
    ["HEAD passes", req("HEAD", { "sec-fetch-site": "cross-site" }), false],
    ["same-origin POST passes", req("POST", { origin: "https://balise.fr", "sec-fetch-site": "same-origin" }), false],
    ["POST without Origin nor Sec-Fetch-Site passes (webhooks, curl)", req("POST"), false],
    ["POST with Sec-Fetch-Site none passes (typed by the user)", req("POST", { "sec-fetch-site": "none" }), false],
    ["POST with Sec-Fetch-Site cross-site is refused", req("POST", { "sec-fetch-site": "cross-site" }), true],
    [
      "POST with Sec-Fetch-Site same-site (a sibling subdomain) is refused",
      req("POST", { "sec-fetch-site": "same-site" }),
      true,
    ],
    ["POST from another origin is refused", req("POST", { origin: "https://evil.example" }), true],
    ["PUT from another origin is refused", req("PUT", { origin: "https://evil.example" }), true],
    ["DELETE from another origin is refused", req("delete", { origin: "https://evil.example" }), true],
    ["Origin null is refused", req("POST", { origin: "null" }), true],
    [
      "another port is another origin",
      req("POST", { origin: "http://localhost:9999" }, "http://localhost:8787/login"),
      true,
    ],
    ["same host and port pass", req("POST", { origin: "http://localhost:8787" }, "http://localhost:8787/login"), false],
    ["http vs https is another origin", req("POST", { origin: "http://balise.fr" }), true],
    ["Origin case does not matter", req("POST", { origin: "HTTPS://BALISE.FR" }), false],
  ])("%s", (_name, r, expected) => {
    expect(isCrossSiteRequest(r)).toBe(expected);
  });

  it("accepts an explicitly allowed origin (the public APP_URL behind a proxy)", () => {
    const r = req("POST", { origin: "https://www.balise.fr" }, "http://127.0.0.1:8787/login");
    expect(isCrossSiteRequest(r)).toBe(true);
    expect(isCrossSiteRequest(r, ["https://www.balise.fr/"])).toBe(false);
    expect(isCrossSiteRequest(r, ["pas une url"])).toBe(true);
  });

  it("a cross-site Sec-Fetch-Site wins over a matching Origin", () => {
    expect(isCrossSiteRequest(req("POST", { origin: "https://balise.fr", "sec-fetch-site": "cross-site" }))).toBe(true);
  });
});
