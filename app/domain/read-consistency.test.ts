import { describe, expect, it } from "vitest";
import { bookmarkFromCookie, bookmarkSetCookie, isPrimaryPath, readStart } from "./read-consistency";

const B = "00000000-00000017-00000000-00000000000000000000000000000000";

describe("readStart: where a request's D1 session starts", () => {
  it.each([
    // method, path, cookie, expected
    ["GET", "/courses", null, "first-unconstrained"],
    ["GET", "/", null, "first-unconstrained"],
    ["GET", "/courses/trail-du-canigou", `balise_d1=${B}`, { bookmark: B }],
    ["GET", "/courses", `other=1; balise_d1=${B}; x=2`, { bookmark: B }],
    ["GET", "/courses", "balise_d1=not-a-bookmark", "first-unconstrained"],
    ["HEAD", "/formats", null, "first-unconstrained"],
    ["POST", "/courses/trail-du-canigou", null, "first-primary"],
    ["POST", "/login", `balise_d1=${B}`, "first-primary"],
    ["GET", "/inscription/c1", null, "first-primary"],
    ["GET", "/inscription/c1", `balise_d1=${B}`, "first-primary"],
    ["GET", "/merci", null, "first-primary"],
    ["GET", "/mon-inscription/i1/annuler", null, "first-primary"],
    ["GET", "/cession/c1?token=t", null, "first-primary"], // a bib transfer offer and its payment (issue 22)
    ["GET", "/mesinscriptions", null, "first-primary"],
    ["GET", "/admin/payouts", null, "first-primary"],
    ["GET", "/organisateur/inscriptions/f1", null, "first-primary"],
    ["GET", "/monprofilorganisateur/compte-paiement", null, "first-primary"],
    // Money pages (issue 40): the organiser's payouts and space read the primary, even with a bookmark.
    ["GET", "/monprofilorganisateur", null, "first-primary"],
    ["GET", "/monprofilorganisateur", `balise_d1=${B}`, "first-primary"],
    ["GET", "/organisateur/mon-espace", null, "first-primary"],
    ["GET", "/organisateur/mon-espace", `balise_d1=${B}`, "first-primary"],
    ["GET", "/mon-espace-organisateur", null, "first-primary"],
    ["GET", "/organisateur/liste-epreuves", null, "first-primary"],
    ["GET", "/monprofil", null, "first-unconstrained"], // the runner's profile: no money
    ["GET", "/monprofil", `balise_d1=${B}`, { bookmark: B }],
    ["GET", "/monprofilcoureur", null, "first-unconstrained"],
    ["GET", "/organisateur/nouvelle-course", null, "first-unconstrained"],
    ["GET", "/administration-de-rien", null, "first-primary"], // prefix /admin: on the safe side
    ["GET", "/inscriptions-ouvertes", null, "first-unconstrained"], // not /inscription/
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
