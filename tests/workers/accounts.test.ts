import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { getLoadContext } from "../../load-context";
import { requireAdmin, requireUser } from "../../app/utils/auth.server";
import { createSession } from "../../app/utils/session.server";
import { loadDemoData } from "./helpers";
import { cookiesOf, get, html, lastMailTo, login, post, tokenIn } from "./accounts-helpers";

const PW = "balise-demo";

async function signUp(email: string, password = "motdepasse-solide") {
  return post("/signup", { email, password, confirmation: password });
}

async function signUpAndConfirm(email: string, password = "motdepasse-solide") {
  await signUp(email, password);
  const token = tokenIn((await lastMailTo(email))!.text);
  const res = await post("/confirmer-email", { token });
  expect(res.status).toBe(302);
}

async function sessionCookie(email: string, password = PW) {
  const res = await login(email, password);
  expect(res.status).toBe(302);
  return cookiesOf(res);
}

beforeAll(loadDemoData);

describe("sign-up", () => {
  it("creates an unconfirmed account, mails a confirmation link and shows the spec's message with a 3 s redirect", async () => {
    const res = await signUp("Nouvelle.Coureuse@Exemple.fr");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/signup?statut=compte-cree");
    const user = await env.DB.prepare("SELECT * FROM users WHERE email = ?")
      .bind("nouvelle.coureuse@exemple.fr")
      .first<{ email_confirmed_at: string | null; password_hash: string }>();
    expect(user).not.toBeNull();
    expect(user!.email_confirmed_at).toBeNull();
    expect(user!.password_hash.startsWith("pbkdf2_sha256$100000$")).toBe(true);
    const mail = await lastMailTo("nouvelle.coureuse@exemple.fr");
    expect(mail!.subject).toBe("Confirmez votre adresse email — Balise");
    expect(mail!.text).toMatch(/http:\/\/localhost:8787\/confirmer-email\?token=[A-Za-z0-9_-]{40,}/);
    expect(mail!.html).toContain("Confirmer mon adresse email");
    const page = await html(await get("/signup?statut=compte-cree"));
    expect(page).toContain("✅ Compte créé. Vérifiez votre email pour confirmer.");
    expect(page).toMatch(/<meta http-equiv="refresh" content="3;url=\/login"/);
  });

  it.each([
    [
      { email: "a@exemple.fr", password: "motdepasse-solide", confirmation: "autre-chose" },
      "⚠️ Les mots de passe ne correspondent pas.",
    ],
    [
      { email: "a@exemple.fr", password: "court", confirmation: "court" },
      "Le mot de passe doit contenir au moins 8 caractères.",
    ],
    [
      { email: "a@exemple.fr", password: "x".repeat(129), confirmation: "x".repeat(129) },
      "Le mot de passe doit contenir au plus 128 caractères.",
    ],
    [{ email: "pas-un-email", password: "motdepasse-solide", confirmation: "motdepasse-solide" }, "Email invalide."],
    [
      { email: "", password: "motdepasse-solide", confirmation: "motdepasse-solide" },
      "Veuillez entrer votre adresse email.",
    ],
    [{ email: "a@exemple.fr", password: "", confirmation: "" }, "Veuillez entrer un mot de passe."],
  ])("refuses %o with '%s' and keeps the e-mail typed", async (fields, message) => {
    const res = await post("/signup", fields);
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain(message);
    expect(page).toContain("❌ Erreur");
    if (fields.email) expect(page).toContain(`value="${fields.email}"`);
    if (fields.password) expect(page).not.toContain(`value="${fields.password}"`); // passwords are never echoed
  });

  it("a filled honeypot creates nothing but looks like success", async () => {
    const res = await post("/signup", {
      email: "robot@exemple.fr",
      password: "motdepasse",
      confirmation: "motdepasse",
      site_internet: "http://spam",
    });
    expect(res.headers.get("location")).toBe("/signup?statut=compte-cree");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'robot@exemple.fr'").first("n")).toBe(0);
    expect(await lastMailTo("robot@exemple.fr")).toBeNull();
  });

  it("an address that already has an account gets the same answer on screen and a mail to its owner", async () => {
    const res = await signUp("coureur@balise.test");
    expect(res.headers.get("location")).toBe("/signup?statut=compte-cree");
    expect((await lastMailTo("coureur@balise.test"))!.subject).toBe("Vous avez déjà un compte Balise");
    await signUp("coureur@balise.test"); // a second try within the hour sends no second notice
    const n = await env.DB.prepare(
      "SELECT count(*) AS n FROM mail_outbox WHERE to_email = 'coureur@balise.test' AND kind = 'already_registered'",
    ).first("n");
    expect(n).toBe(1);
  });
});

describe("e-mail confirmation and login", () => {
  it("refuses login before confirmation, confirms once with a POST, then logs in", async () => {
    const email = "confirme-moi@exemple.fr";
    await signUp(email);
    const firstToken = tokenIn((await lastMailTo(email))!.text);

    const early = await login(email, "motdepasse-solide");
    expect(early.status).toBe(403);
    expect(await html(early)).toContain("❌ Erreur de connexion\u00a0: Adresse email non confirmée.");
    // a fresh link was mailed; the first one is retired
    const token = tokenIn((await lastMailTo(email))!.text);
    expect(token).not.toBe(firstToken);

    // opening the link changes nothing by itself
    const page = await get(`/confirmer-email?token=${token}`);
    expect(await html(page)).toContain("Confirmer mon adresse email");
    expect(
      await env.DB.prepare("SELECT email_confirmed_at FROM users WHERE email = ?")
        .bind(email)
        .first("email_confirmed_at"),
    ).toBeNull();

    const old = await post("/confirmer-email", { token: firstToken });
    expect(await html(old)).toContain("Lien invalide ou expiré");

    const ok = await post("/confirmer-email", { token });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/login?statut=email-confirme");
    expect(
      await env.DB.prepare("SELECT email_confirmed_at FROM users WHERE email = ?")
        .bind(email)
        .first("email_confirmed_at"),
    ).not.toBeNull();

    const again = await post("/confirmer-email", { token });
    expect(again.status).toBe(400);
    expect(await html(again)).toContain("Lien invalide ou expiré");

    const res = await login(email, "motdepasse-solide");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it("an expired confirmation link is refused", async () => {
    const email = "trop-tard@exemple.fr";
    await signUp(email);
    const token = tokenIn((await lastMailTo(email))!.text);
    await env.DB.prepare(
      "UPDATE auth_tokens SET expires_at = '2020-01-01T00:00:00.000Z' WHERE kind = 'email_confirm'",
    ).run();
    expect(await html(await get(`/confirmer-email?token=${token}`))).toContain("Lien invalide ou expiré");
    expect((await post("/confirmer-email", { token })).status).toBe(400);
  });

  it("logs in, sets a session cookie and the runner mode, and returns to the remembered page", async () => {
    const res = await login("coureur@balise.test", PW, { redirectTo: "/monprofilcoureur?onglet=1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/monprofilcoureur?onglet=1");
    const setCookies = res.headers.getSetCookie();
    const session = setCookies.find((c: string) => c.startsWith("balise_session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const mode = setCookies
      .find((c: string) => c.startsWith("balise_mode="))!
      .split(";")[0]
      .slice("balise_mode=".length);
    expect(JSON.parse(atob(decodeURIComponent(mode)))).toBe("coureur");
    const cookie = cookiesOf(res);
    const profile = await get("/monprofilcoureur", cookie);
    expect(profile.status).toBe(200);
    expect(await html(profile)).toContain("Mon profil coureur");
  });

  it.each(["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)"])(
    "never redirects off-site (%s)",
    async (redirectTo) => {
      const res = await login("coureur@balise.test", PW, { redirectTo });
      expect(res.headers.get("location")).toBe("/");
    },
  );

  it("the route guard remembers the page and a logged-in user skips /login and /signup", async () => {
    const anon = await get("/monprofilcoureur");
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toBe("/login?redirectTo=%2Fmonprofilcoureur");
    const loginPage = await html(await get("/login?redirectTo=%2Fmonprofilcoureur"));
    expect(loginPage).toContain('name="redirectTo" value="/monprofilcoureur"');
    const cookie = await sessionCookie("coureur@balise.test");
    for (const path of ["/login", "/signup"]) {
      const res = await get(path, cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/courses");
    }
  });

  it("answers the same for an unknown e-mail and a wrong password, and shows field errors", async () => {
    const unknown = await login("personne@exemple.fr", "motdepasse");
    const wrong = await login("organisatrice@balise.test", "pas-le-bon");
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const msg = "❌ Erreur de connexion\u00a0: Email ou mot de passe incorrect.";
    expect(await html(unknown)).toContain(msg);
    expect(await html(wrong)).toContain(msg);
    const empty = await login("", "");
    expect(empty.status).toBe(400);
    const page = await html(empty);
    expect(page).toContain("Veuillez entrer votre adresse email.");
    expect(page).toContain("Veuillez entrer votre mot de passe.");
  });

  it("locks an account after 5 failures in 15 minutes, even with the right password, without touching others", async () => {
    const email = "bloque@exemple.fr";
    await signUpAndConfirm(email, "bon-mot-de-passe");
    for (let i = 0; i < 5; i++)
      expect((await login(email, `faux-${i}`, {}, { "CF-Connecting-IP": `10.0.0.${i}` })).status).toBe(401);
    const locked = await login(email, "bon-mot-de-passe", {}, { "CF-Connecting-IP": "10.0.1.1" });
    expect(locked.status).toBe(429);
    expect(await html(locked)).toContain(
      "❌ Erreur de connexion\u00a0: Trop de tentatives de connexion. Réessayez dans 15 minutes",
    );
    // an unknown address is limited the same way (no enumeration by lockout)
    for (let i = 0; i < 5; i++)
      await login("fantome@exemple.fr", "x-x-x-x-x", {}, { "CF-Connecting-IP": `10.0.2.${i}` });
    expect((await login("fantome@exemple.fr", "x-x-x-x-x", {}, { "CF-Connecting-IP": "10.0.2.99" })).status).toBe(429);
    // another account still logs in
    expect((await login("organisateur@balise.test", PW, {}, { "CF-Connecting-IP": "10.0.1.1" })).status).toBe(302);
    // 15 minutes later the account opens again
    await env.DB.prepare("UPDATE login_attempts SET created_at = '2020-01-01T00:00:00.000Z' WHERE email = ?")
      .bind(email)
      .run();
    expect((await login(email, "bon-mot-de-passe")).status).toBe(302);
  }, 30_000);

  it("limits failures per IP across accounts", async () => {
    const ip = { "CF-Connecting-IP": "203.0.113.7" };
    for (let i = 0; i < 30; i++) await login(`essai-${i}@exemple.fr`, "mauvais-mdp", {}, ip);
    const res = await login("admin@balise.test", PW, {}, ip);
    expect(res.status).toBe(429);
    expect((await login("admin@balise.test", PW, {}, { "CF-Connecting-IP": "203.0.113.8" })).status).toBe(302);
  }, 60_000);

  it("logs out with a POST: the session is revoked server-side", async () => {
    const cookie = await sessionCookie("organisateur@balise.test");
    expect((await get("/monprofilorganisateur", cookie)).status).toBe(200);
    const out = await post("/logout", {}, { cookie });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login");
    const after = await get("/monprofilorganisateur", cookie); // the old cookie replayed
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toBe("/login?redirectTo=%2Fmonprofilorganisateur");
  });
});

describe("forgot and reset password", () => {
  it("answers the same whether the address exists or not; mails only real accounts", async () => {
    const known = await post("/forgot-password", { email: "Coureur@Balise.test" });
    const unknown = await post("/forgot-password", { email: "inconnu@exemple.fr" });
    expect(known.status).toBe(302);
    expect(unknown.status).toBe(302);
    expect(known.headers.get("location")).toBe(unknown.headers.get("location"));
    expect(await html(await get(known.headers.get("location")!))).toContain(
      "✅ Email de réinitialisation envoyé. Vérifiez votre boîte mail.",
    );
    expect((await lastMailTo("coureur@balise.test"))!.subject).toBe("Réinitialisation de votre mot de passe — Balise");
    expect(await lastMailTo("inconnu@exemple.fr")).toBeNull();
  });

  it("validates the e-mail and drops honeypot submissions", async () => {
    const res = await post("/forgot-password", { email: "" });
    expect(res.status).toBe(400);
    expect(await html(res)).toContain("❌ Veuillez entrer votre adresse email.");
    const bot = await post("/forgot-password", { email: "organisatrice@balise.test", site_internet: "x" });
    expect(bot.status).toBe(302);
    expect((await lastMailTo("organisatrice@balise.test"))?.kind ?? null).not.toBe("password_reset");
  });

  it("resets once with a valid link, revokes sessions, and refuses the link a second time", async () => {
    const email = "reset@exemple.fr";
    await signUpAndConfirm(email, "ancien-mot-de-passe");
    const cookie = await sessionCookie(email, "ancien-mot-de-passe");
    await post("/forgot-password", { email });
    const mail = await lastMailTo(email);
    const token = tokenIn(mail!.text);
    expect(mail!.text).toContain("valable 1 heure");
    // stored hashed, not in clear
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM auth_tokens WHERE token_hash = ?").bind(token).first("n"),
    ).toBe(0);

    const form = await html(await get(`/reset-password?token=${token}`));
    expect(form).toContain("8 caractères minimum. Évitez les mots de passe réutilisés.");
    for (const [fields, msg] of [
      [{ password: "", confirmation: "" }, "❌ Veuillez remplir les deux champs mot de passe."],
      [{ password: "court", confirmation: "court" }, "❌ Le mot de passe doit contenir au moins 8 caractères."],
      [{ password: "nouveau-mdp-1", confirmation: "nouveau-mdp-2" }, "❌ Les mots de passe ne correspondent pas."],
    ] as const) {
      const r = await post(`/reset-password?token=${token}`, { token, ...fields });
      expect(r.status).toBe(400);
      expect(await html(r)).toContain(msg);
    }
    const ok = await post("/reset-password", { token, password: "nouveau-mdp-1", confirmation: "nouveau-mdp-1" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/reset-password?statut=ok");
    const done = await html(await get("/reset-password?statut=ok"));
    expect(done).toContain("✅ Mot de passe mis à jour. Redirection…");
    expect(done).toMatch(/<meta http-equiv="refresh" content="2;url=\/login"/);

    expect((await get("/monprofilcoureur", cookie)).status).toBe(302); // old session revoked
    expect((await login(email, "ancien-mot-de-passe")).status).toBe(401);
    expect((await login(email, "nouveau-mdp-1")).status).toBe(302);

    const twice = await post("/reset-password", {
      token,
      password: "encore-un-autre",
      confirmation: "encore-un-autre",
    });
    expect(twice.status).toBe(400);
    const page = await html(twice);
    expect(page).toContain("Lien invalide ou expiré");
    expect(page).toContain('href="/forgot-password"');
    expect((await login(email, "encore-un-autre")).status).toBe(401);
  });

  it("refuses an expired, unknown or missing link", async () => {
    await post("/forgot-password", { email: "organisatrice@balise.test" });
    const token = tokenIn((await lastMailTo("organisatrice@balise.test"))!.text);
    await env.DB.prepare(
      "UPDATE auth_tokens SET expires_at = '2020-01-01T00:00:00.000Z' WHERE kind = 'password_reset'",
    ).run();
    for (const path of [`/reset-password?token=${token}`, "/reset-password?token=inconnu", "/reset-password"]) {
      const page = await html(await get(path));
      expect(page).toContain("Lien invalide ou expiré");
      expect(page).toContain('href="/forgot-password"');
      expect(page).not.toContain('name="password"');
    }
    const dead = await post("/reset-password", { token, password: "nouveau-mdp-1", confirmation: "nouveau-mdp-1" });
    expect(dead.status).toBe(400);
    expect(await html(dead)).toContain("Lien invalide ou expiré");
  });
});

describe("profiles", () => {
  it("saves the runner profile: licence number only for a licence, empty strings as null", async () => {
    const email = "profil@exemple.fr";
    await signUpAndConfirm(email);
    const cookie = await sessionCookie(email, "motdepasse-solide");
    const bad = await post(
      "/monprofilcoureur",
      {
        nom: "",
        prenom: "Léa",
        genre: "Femme",
        date_naissance: "2999-01-01",
        nationalite: "Française",
        email: "lea@",
        code_postal: "123",
      },
      { cookie },
    );
    expect(bad.status).toBe(400);
    const page = await html(bad);
    for (const m of [
      "Le nom est obligatoire.",
      "La date de naissance ne peut pas être dans le futur.",
      "Email invalide.",
    ])
      expect(page).toContain(m);
    expect(page).toContain('value="Léa"'); // keeps what was typed

    const fields = {
      nom: "Moreau",
      prenom: "Léa",
      genre: "Femme",
      date_naissance: "1994-03-08",
      nationalite: "Française",
      email: "lea@exemple.fr",
      telephone: "",
      adresse: "3 place du Marché",
      adresse_complement: "",
      code_postal: "38000",
      ville: "Grenoble",
      pays: "France",
      club: "",
      justificatif_type: "licence",
      numero_licence: "1789456",
      pps_identifier: "PPS-NON",
      contact_urgence_nom: "Paul Moreau",
      contact_urgence_telephone: "06 11 22 33 44",
      apparaitre_resultats: "on",
    };
    const badCp = await post("/monprofilcoureur", { ...fields, code_postal: "380" }, { cookie });
    expect(badCp.status).toBe(400);
    expect(await html(badCp)).toContain("Code postal invalide (5 chiffres en France).");
    const ok = await post("/monprofilcoureur", fields, { cookie });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/monprofilcoureur?statut=enregistre");
    const row = await env.DB.prepare("SELECT p.* FROM profils_coureurs p JOIN users u ON u.id = p.id WHERE u.email = ?")
      .bind(email)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      nom: "Moreau",
      numero_licence: "1789456",
      pps_identifier: null,
      telephone: null,
      club: null,
      adresse_complement: null,
      apparaitre_resultats: 1,
    });
    const shown = await html(await get("/monprofilcoureur?statut=enregistre", cookie));
    expect(shown).toContain("Profil mis à jour !");
    expect(shown).toContain('value="Grenoble"');

    await post(
      "/monprofilcoureur",
      {
        ...fields,
        justificatif_type: "pps",
        pps_identifier: "P2026ABC",
        pps_expiration: new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10),
        apparaitre_resultats: "",
      },
      { cookie },
    );
    const row2 = await env.DB.prepare(
      "SELECT p.* FROM profils_coureurs p JOIN users u ON u.id = p.id WHERE u.email = ?",
    )
      .bind(email)
      .first<Record<string, unknown>>();
    expect(row2).toMatchObject({ numero_licence: null, pps_identifier: "P2026ABC", apparaitre_resultats: 0 });
  });

  it("pre-fills the runner profile of the demo runner", async () => {
    const cookie = await sessionCookie("coureur@balise.test");
    const page = await html(await get("/monprofilcoureur", cookie));
    expect(page).toContain('value="Bernard"');
    expect(page).toContain('value="Lyon Trail Club"');
  });

  it("organiser profile: conditions required once, then locked with their date", async () => {
    const email = "orga@exemple.fr";
    await signUpAndConfirm(email);
    const cookie = await sessionCookie(email, "motdepasse-solide");
    const page0 = await html(await get("/monprofilorganisateur", cookie));
    expect(page0).toContain('id="compte-paiement"');
    for (const href of ["/legal/cgv-organisateurs", "/legal/remboursements", "/legal/charte-organisateur"])
      expect(page0).toContain(`href="${href}"`);

    const refused = await post(
      "/monprofilorganisateur",
      { organisation_nom: "Trail Club du Vercors", site_web: "vercors-trail.fr", telephone: "" },
      { cookie },
    );
    expect(refused.status).toBe(400);
    const refusedPage = await html(refused);
    expect(refusedPage).toContain("Vous devez accepter les conditions pour continuer.");
    expect(refusedPage).toContain('value="Trail Club du Vercors"');

    const ok = await post(
      "/monprofilorganisateur",
      {
        organisation_nom: "Trail Club du Vercors",
        site_web: "vercors-trail.fr",
        telephone: "04 76 00 00 00",
        conditions: "on",
      },
      { cookie },
    );
    expect(ok.headers.get("location")).toBe("/monprofilorganisateur?statut=enregistre");
    const row = await env.DB.prepare(
      "SELECT p.* FROM profils_utilisateurs p JOIN users u ON u.id = p.user_id WHERE u.email = ?",
    )
      .bind(email)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      organisation_nom: "Trail Club du Vercors",
      site_web: "https://vercors-trail.fr/",
      conditions_acceptees: 1,
      conditions_version: "2025-08-17",
    });
    const acceptedAt = row!.conditions_acceptees_at;
    expect(acceptedAt).toBeTruthy();

    const shown = await html(await get("/monprofilorganisateur?statut=enregistre", cookie));
    expect(shown).toContain("Profil sauvegardé ✅");
    expect(shown).toContain("Conditions acceptées le");
    expect(shown).not.toContain('name="conditions"');

    const again = await post("/monprofilorganisateur", { organisation_nom: "TCV", site_web: "" }, { cookie });
    expect(again.status).toBe(302);
    const row2 = await env.DB.prepare(
      "SELECT p.* FROM profils_utilisateurs p JOIN users u ON u.id = p.user_id WHERE u.email = ?",
    )
      .bind(email)
      .first<Record<string, unknown>>();
    expect(row2).toMatchObject({ organisation_nom: "TCV", site_web: null, conditions_acceptees_at: acceptedAt });
  });

  it("the simple profile saves then goes to /courses", async () => {
    const cookie = await sessionCookie("organisatrice@balise.test");
    const bad = await post("/monprofil", { nom: "Lefèvre" }, { cookie });
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain("Veuillez choisir le genre.");
    const ok = await post(
      "/monprofil",
      {
        nom: "Lefèvre",
        prenom: "Sophie",
        genre: "Autre",
        date_naissance: "1985-07-01",
        nationalite: "Française",
        email: "sophie@exemple.fr",
        telephone: "",
      },
      { cookie },
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/courses");
  });

  it("profiles refuse anonymous POSTs", async () => {
    for (const path of ["/monprofil", "/monprofilcoureur", "/monprofilorganisateur"]) {
      const res = await post(path, { nom: "X" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    }
  });
});

describe("roles, security and mailbox", () => {
  it("refuses a cross-site POST with 403 before any route runs", async () => {
    const cross = await post(
      "/login",
      { email: "coureur@balise.test", password: PW },
      { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } },
    );
    expect(cross.status).toBe(403);
    expect(cross.headers.get("set-cookie")).toBeNull();
    const onlyOrigin = await post("/logout", {}, { headers: { origin: "https://evil.example", "sec-fetch-site": "" } });
    expect(onlyOrigin.status).toBe(403);
  });

  it("shows the Admin link with its PRO badge to admins only", async () => {
    const admin = await html(await get("/", await sessionCookie("admin@balise.test")));
    expect(admin).toMatch(/href="\/admin"[^>]*>Admin <span class="badge badge-pro">PRO<\/span>/);
    const runner = await html(await get("/", await sessionCookie("coureur@balise.test")));
    expect(runner).not.toContain("badge-pro");
    expect(runner).toContain("Mes inscriptions");
  });

  it("requireAdmin: 403 'Connectez-vous.' for visitors, 403 'Accès réservé aux administrateurs.' for others, admins pass", async () => {
    const ctx = { waitUntil() {} };
    const context = getLoadContext({ request: new Request("http://localhost/admin"), env, ctx, nonce: "n" });
    const asUser = async (email: string | null) => {
      const headers: Record<string, string> = {};
      if (email) headers.cookie = await sessionCookie(email);
      return new Request("http://localhost/admin/payouts?page=2", { headers });
    };
    const thrown = async (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e) => e as Response,
      );
    const anon = await thrown(requireAdmin(await asUser(null), context));
    expect(anon!.status).toBe(403);
    expect(await anon!.text()).toBe("403 — Connectez-vous.");
    const runner = await thrown(requireAdmin(await asUser("coureur@balise.test"), context));
    expect(runner!.status).toBe(403);
    expect(await runner!.text()).toBe("403 — Accès réservé aux administrateurs.");
    const admin = await requireAdmin(await asUser("admin@balise.test"), context);
    expect(admin.isAdmin).toBe(true);
    expect((await requireUser(await asUser("coureur@balise.test"), context)).isAdmin).toBe(false);
  });

  it("uses a Secure, __Host- prefixed session cookie in production", async () => {
    const context = getLoadContext({
      request: new Request("https://balise.fr/"),
      env: {
        ...env,
        APP_ENV: "production",
        APP_URL: "https://balise.fr",
        SESSION_SECRET: "une-cle-de-production-bien-longue-0123456789",
        STRIPE_SECRET_KEY: "sk_test_cookie",
        STRIPE_WEBHOOK_SECRET: "whsec_cookie",
        MAIL_API_URL: "https://mail.invalid/send",
        MAIL_API_KEY: "k",
        MAIL_FROM: "Balise <no-reply@balise.fr>",
      } as unknown as typeof env,
      ctx: { waitUntil() {} },
      nonce: "n",
    });
    const cookie = await createSession(context, "00000000-0000-4000-a000-000000000003", null);
    expect(cookie).toMatch(/^__Host-balise_session=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
  });

  it("/dev/mail lists the local outbox and shows a message with clickable links", async () => {
    await post("/forgot-password", { email: "admin@balise.test" });
    const mail = await lastMailTo("admin@balise.test");
    const list = await html(await get("/dev/mail"));
    expect(list).toContain("Boîte mail locale");
    expect(list).toContain(`href="/dev/mail/${mail!.id}"`);
    const one = await html(await get(`/dev/mail/${mail!.id}`));
    expect(one).toContain("Réinitialisation de votre mot de passe — Balise");
    expect(one).toMatch(/<a href="http:\/\/localhost:8787\/reset-password\?token=[A-Za-z0-9_-]+"/);
    expect((await get("/dev/mail/inexistant")).status).toBe(404);
  });

  it("/dev/mail is a 404 when the real mailer is configured", async () => {
    const { requireLocalMailer } = await import("../../app/services/auth-mailbox.server");
    const context = getLoadContext({
      request: new Request("http://localhost/dev/mail"),
      env: { ...env, MAIL_API_KEY: "cle", MAIL_API_URL: "http://127.0.0.1:9/emails" } as typeof env,
      ctx: { waitUntil() {} },
      nonce: "n",
    });
    expect(context.mailer.kind).toBe("http");
    let status = 0;
    try {
      requireLocalMailer(context);
    } catch (e) {
      status = (e as Response).status;
    }
    expect(status).toBe(404);
  });
});
