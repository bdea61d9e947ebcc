// Common and breached passwords are refused at sign-up and at reset, through the Worker, with the French message
// next to the field; long passwords are accepted (docs/decisions/0016-password-blocklist.md).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDemoData } from "./helpers";
import { get, html, lastMailTo, login, post, tokenIn } from "./accounts-helpers";

const COMMON = "Ce mot de passe est trop courant ou a déjà fuité. Choisissez-en un autre.";
const PERSONAL = "Ce mot de passe reprend votre adresse email ou le nom du site. Choisissez-en un autre.";
// 100 characters, no listed word alone: accepted.
const LONG =
  "Les marmottes sifflent quand le brouillard monte sur la crête du Vercors, avant le départ à 7 h 30.".padEnd(
    100,
    "!",
  );

async function userCount(email: string) {
  return env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<number>("n");
}

beforeAll(loadDemoData);

describe("sign-up refuses common passwords", () => {
  it.each([
    ["motdepasse", COMMON],
    ["Azertyuiop", COMMON],
    ["12345678", COMMON],
    ["password1", COMMON],
    ["soleil2024!", COMMON],
    ["aaaaaaaaaa", COMMON],
    ["balise2026", PERSONAL],
    ["jeanne.martin", PERSONAL],
  ])("refuses %s with its message next to the field, keeps the e-mail, creates nothing", async (password, message) => {
    const email = "jeanne.martin@exemple.fr";
    const res = await post("/signup", { email, password, confirmation: password });
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain("❌ Erreur\u00a0: veuillez corriger les champs indiqués.");
    // the message sits in the password field's block, before the confirmation field
    const field = page.slice(page.indexOf('name="password"'), page.indexOf('name="confirmation"'));
    expect(field).toContain(message);
    expect(page).toContain(`value="${email}"`);
    expect(page).not.toContain(`value="${password}"`);
    expect(await userCount(email)).toBe(0);
    expect(await lastMailTo(email)).toBeNull();
  });

  it("accepts a 100-character passphrase, which then logs in once the address is confirmed", async () => {
    const email = "longue-phrase@exemple.fr";
    expect(LONG.length).toBe(100);
    const res = await post("/signup", { email, password: LONG, confirmation: LONG });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/signup?statut=compte-cree");
    expect(await userCount(email)).toBe(1);
    const confirmed = await post("/confirmer-email", { token: tokenIn((await lastMailTo(email))!.text) });
    expect(confirmed.status).toBe(302);
    expect((await login(email, LONG)).status).toBe(302);
    expect((await login(email, LONG.slice(0, 64))).status).toBe(401); // compared whole, never truncated
  });
});

describe("reset refuses common passwords", () => {
  it("refuses 'motdepasse' without using the link, then accepts a 128-character password", async () => {
    const email = "organisatrice@balise.test";
    await post("/forgot-password", { email });
    const token = tokenIn((await lastMailTo(email))!.text);
    for (const password of ["motdepasse", "azertyuiop", "Balise2026"]) {
      const res = await post(`/reset-password?token=${token}`, { token, password, confirmation: password });
      expect(res.status).toBe(400);
      const page = await html(res);
      expect(page).toContain(`❌ ${password === "Balise2026" ? PERSONAL : COMMON}`);
      expect(page).toContain('name="password"'); // the form stays, with the same link
      expect(page).toContain(`value="${token}"`);
      expect(page).not.toContain(`value="${password}"`);
    }
    // the refused attempts did not use the link, nor change the password
    expect((await get(`/reset-password?token=${token}`)).status).toBe(200);
    expect(await html(await get(`/reset-password?token=${token}`))).toContain('name="password"');
    expect((await login(email, "motdepasse")).status).toBe(401);

    const strong = `${LONG} Et la descente se fait par le col de la Croix-Perrin.`.slice(0, 128);
    expect(strong.length).toBe(128);
    const ok = await post("/reset-password", { token, password: strong, confirmation: strong });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/reset-password?statut=ok");
    expect((await login(email, strong)).status).toBe(302);
  });
});
