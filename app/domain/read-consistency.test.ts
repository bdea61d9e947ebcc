import { describe, expect, it } from "vitest";
import { bookmarkFromCookie, bookmarkSetCookie, isPrimaryPath, readStart } from "./read-consistency";

const B = "00000000-00000017-00000000-00000000000000000000000000000000";

/** Pages a GET without a bookmark reads from the primary: money, or a registration on its way. */
const PRIMARY_PAGES = [
  "/inscription/c1",
  "/merci",
  "/mon-inscription/i1/annuler",
  "/cession/c1?token=t", // a bib transfer offer and its payment (issue 22)
  "/mesinscriptions",
  "/admin/payouts",
  "/organisateur/inscriptions/f1",
  "/monprofilorganisateur/compte-paiement",
  // Money pages (issue 40): the organiser's payouts and space read the primary, even with a bookmark (below).
  "/monprofilorganisateur",
  "/organisateur/mon-espace",
  "/mon-espace-organisateur",
  "/organisateur/liste-epreuves",
  "/administration-de-rien", // prefix /admin: on the safe side
];
/** Pages a GET without a bookmark may read from any replica. */
const ANY_REPLICA_PAGES = [
  "/courses",
  "/",
  "/monprofil", // the runner's profile: no money
  "/monprofilcoureur",
  "/organisateur/nouvelle-course",
  "/inscriptions-ouvertes", // not /inscription/
];

describe("readStart: where a request's D1 session starts", () => {
  it.each([
    // method, path, cookie, expected
    ...PRIMARY_PAGES.map((path) => ["GET", path, null, "first-primary"] as const),
    ...ANY_REPLICA_PAGES.map((path) => ["GET", path, null, "first-unconstrained"] as const),
    ["GET", "/courses/trail-du-canigou", `balise_d1=${B}`, { bookmark: B }],
    ["GET", "/courses", `other=1; balise_d1=${B}; x=2`, { bookmark: B }],
    ["GET", "/courses", "balise_d1=not-a-bookmark", "first-unconstrained"],
    ["HEAD", "/formats", null, "first-unconstrained"],
    ["POST", "/courses/trail-du-canigou", null, "first-primary"],
    ["POST", "/login", `balise_d1=${B}`, "first-primary"],
    ["GET", "/inscription/c1", `balise_d1=${B}`, "first-primary"],
    ["GET", "/monprofilorganisateur", `balise_d1=${B}`, "first-primary"],
    ["GET", "/organisateur/mon-espace", `balise_d1=${B}`, "first-primary"],
    ["GET", "/monprofil", `balise_d1=${B}`, { bookmark: B }],
  ] as const)("%s %s (cookie %s) → %j", (method, pathname, cookieHeader, expected) => {
    expect(readStart({ method, pathname, cookieHeader })).toEqual(expected);
  });

  it("reads a bookmark only from its own cookie", () => {
    expect(bookmarkFromCookie(`xbalise_d1=${B}`)).toBeNull();
    expect(bookmarkFromCookie(null)).toBeNull();
    expect(bookmarkFromCookie(`balise_d1=${B}`)).toBe(B);
  });

  it("primary paths are prefixes of whole path segments where they end with /", () => {
    expect(isPrimaryPath("/inscription")).toBe(true);
    expect(isPrimaryPath("/recu/t1")).toBe(true);
    expect(isPrimaryPath("/courses")).toBe(false);
  });

  it("the cookie is HttpOnly, Lax, short-lived, Secure over HTTPS", () => {
    expect(bookmarkSetCookie(B, true)).toBe(`balise_d1=${B}; Path=/; Max-Age=300; HttpOnly; SameSite=Lax; Secure`);
    expect(bookmarkSetCookie(B, false)).not.toContain("Secure");
  });
});
