import { expect, test, type Page } from "@playwright/test";
import { jsOn, loginAs } from "./helpers";

function uniqueEmail(prefix: string) {
  return `${prefix}-${test.info().project.name}-${Date.now()}@exemple.fr`;
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Créer un compte" })).toBeVisible();
  await page.locator('main input[name="email"]').fill(email);
  await page.locator('main input[name="password"]').fill(password);
  await page.locator('main input[name="confirmation"]').fill(password);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByText("✅ Compte créé. Vérifiez votre email pour confirmer.")).toBeVisible();
}

/** Opens the newest mail with this subject sent to `email` in the local mailbox. */
async function openMail(page: Page, email: string, subject: string) {
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await page
    .getByRole("link", { name: new RegExp(subject) })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: subject })).toBeVisible();
}

async function logOut(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.locator(".mobile-menu > summary").click();
    await page.locator(".mobile-panel").getByRole("button", { name: "Déconnexion" }).click();
  } else {
    await page.locator(".user-menu > summary").click();
    await page.locator(".user-menu-panel").getByRole("button", { name: "Déconnexion" }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
}

test.describe("accounts", () => {
  test("sign up, confirm through /dev/mail, log in back to the remembered page, save the runner profile, log out", async ({
    page,
    isMobile,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("inscription");
    const password = "trail-des-cimes-2026";
    // a common password is refused next to its field; the e-mail stays, the passwords do not
    await page.goto("/signup");
    await page.locator('main input[name="email"]').fill(email);
    await page.locator('main input[name="password"]').fill("motdepasse");
    await page.locator('main input[name="confirmation"]').fill("motdepasse");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(
      page.getByText("Ce mot de passe est trop courant ou a déjà fuité. Choisissez-en un autre."),
    ).toBeVisible();
    await expect(page.locator('main input[name="email"]')).toHaveValue(email);
    await signUp(page, email, password);
    // the success page leads to /login after 3 s, with or without JavaScript
    await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });

    // logging in before confirming is refused
    await page.locator('main input[name="email"]').fill(email);
    await page.locator('main input[name="password"]').fill(password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("❌ Erreur de connexion : Adresse email non confirmée.")).toBeVisible();

    await openMail(page, email, "Confirmez votre adresse email — Balise");
    await page.locator(".mail-body").getByRole("link", { name: "Confirmer mon adresse email" }).click();
    await expect(page).toHaveURL(/\/confirmer-email\?token=/);
    await page.getByRole("button", { name: "Confirmer mon adresse email" }).click();
    await expect(page.getByText("✅ Adresse email confirmée. Vous pouvez vous connecter.")).toBeVisible();

    // the route guard remembers the page
    await page.goto("/monprofilcoureur");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmonprofilcoureur/);
    await page.locator('main input[name="email"]').fill(email);
    await page.locator('main input[name="password"]').fill(password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/monprofilcoureur$/);
    await expect(page.getByRole("heading", { name: "Mon profil coureur" })).toBeVisible();

    // a refused save keeps what was typed
    await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Rousseau");
    await page.getByRole("textbox", { name: "Prénom" }).fill("Inès");
    await page.getByRole("button", { name: "Enregistrer mon profil" }).click();
    await expect(page.getByText("Veuillez choisir le genre.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Nom", exact: true })).toHaveValue("Rousseau");

    await page.getByRole("radio", { name: "Femme" }).check();
    await page.getByRole("textbox", { name: "Date de naissance" }).fill("1990-05-12");
    await page.getByRole("combobox", { name: "Nationalité" }).selectOption("Française");
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(email);
    await page.getByRole("textbox", { name: "Code postal" }).fill("05100");
    await page.getByRole("textbox", { name: "Ville" }).fill("Briançon");
    await page.getByRole("radio", { name: "Licence FFA" }).check();
    await page.getByRole("textbox", { name: "Numéro de licence" }).fill("1928374");
    await page.getByRole("button", { name: "Enregistrer mon profil" }).click();
    await expect(page.getByText("Profil mis à jour !")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Ville" })).toHaveValue("Briançon");
    await expect(page.getByRole("textbox", { name: "Numéro de licence" })).toHaveValue("1928374");

    await logOut(page, isMobile);
    await page.goto("/monprofilcoureur");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });

  test("forgot and reset the password through /dev/mail; the link works once", async ({ page }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("oubli");
    await signUp(page, email, "premier-mot-de-passe");

    await page.goto("/login");
    await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(page.getByText("❌ Veuillez entrer votre adresse email.")).toBeVisible();
    await page.locator('main input[name="email"]').fill(email);
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(page.getByText("✅ Email de réinitialisation envoyé. Vérifiez votre boîte mail.")).toBeVisible();

    await openMail(page, email, "Réinitialisation de votre mot de passe — Balise");
    const link = await page
      .locator(".mail-body")
      .getByRole("link", { name: "Choisir un nouveau mot de passe" })
      .getAttribute("href");
    await page.locator(".mail-body").getByRole("link", { name: "Choisir un nouveau mot de passe" }).click();
    await expect(page.getByRole("heading", { name: "Nouveau mot de passe" })).toBeVisible();
    await expect(page.getByText("8 caractères minimum. Évitez les mots de passe réutilisés.")).toBeVisible();

    const field = page.locator('main input[name="password"]');
    if (jsOn(page)) {
      await page.getByRole("button", { name: "Afficher" }).first().click();
      await expect(field).toHaveAttribute("type", "text");
      await page.getByRole("button", { name: "Masquer" }).click();
      await expect(field).toHaveAttribute("type", "password");
    } else {
      await expect(page.getByRole("button", { name: "Afficher" })).toHaveCount(0);
    }

    await field.fill("nouveau-mot-de-passe");
    await page.locator('main input[name="confirmation"]').fill("autre-mot-de-passe");
    await page.getByRole("button", { name: "Mettre à jour le mot de passe" }).click();
    await expect(page.getByText("❌ Les mots de passe ne correspondent pas.")).toBeVisible();

    await page.locator('main input[name="password"]').fill("nouveau-mot-de-passe");
    await page.locator('main input[name="confirmation"]').fill("nouveau-mot-de-passe");
    await page.getByRole("button", { name: "Mettre à jour le mot de passe" }).click();
    await expect(page.getByText("✅ Mot de passe mis à jour. Redirection…")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

    await loginAs(page, email, "nouveau-mot-de-passe");
    await expect(page).toHaveURL(/\/$/);

    await page.goto(link!);
    await expect(page.getByText("Lien invalide ou expiré")).toBeVisible();
    await expect(page.getByRole("link", { name: "Demander un nouveau lien" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });

  test("wrong password message, and a logged-in user is sent from /login and /signup to /courses", async ({ page }) => {
    await page.goto("/login");
    await page.locator('main input[name="email"]').fill("coureur@balise.test");
    await page.locator('main input[name="password"]').fill("pas-le-bon");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("❌ Erreur de connexion : Email ou mot de passe incorrect.")).toBeVisible();
    await expect(page.locator('main input[name="email"]')).toHaveValue("coureur@balise.test");

    await loginAs(page, "coureur@balise.test");
    await page.goto("/signup");
    await expect(page).toHaveURL(/\/courses/);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/courses/);
  });
});

test.describe("modes and roles", () => {
  test("the mode switch is a form remembered in a cookie; login resets it to coureur; Admin PRO for admins only", async ({
    page,
    isMobile,
  }) => {
    const openMenu = async () => {
      if (isMobile) await page.locator(".mobile-menu > summary").click();
      else await page.locator(".user-menu > summary").click();
      return isMobile ? page.locator(".mobile-panel") : page.locator(".user-menu-panel");
    };
    const nav = () => (isMobile ? page.locator(".mobile-panel") : page.locator(".main-nav"));

    await loginAs(page, "organisateur@balise.test", undefined, "/fonctionnalites");
    await expect(page).toHaveURL(/\/fonctionnalites$/);
    await expect(page.getByRole("link", { name: /Admin/ })).toHaveCount(0);
    let menu = await openMenu();
    await menu.getByRole("button", { name: "Organisateur" }).click();
    await expect(page).toHaveURL(/\/fonctionnalites$/);
    if (isMobile) await page.locator(".mobile-menu > summary").click();
    await expect(nav().getByRole("link", { name: "Mon espace" })).toBeVisible();
    await page.goto("/");
    if (isMobile) await page.locator(".mobile-menu > summary").click();
    await expect(nav().getByRole("link", { name: "Mon espace" })).toBeVisible(); // remembered

    await page.goto("/");
    menu = await openMenu();
    await menu.getByRole("button", { name: "Déconnexion" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await loginAs(page, "admin@balise.test");
    if (isMobile) await page.locator(".mobile-menu > summary").click();
    await expect(nav().getByRole("link", { name: "Mes inscriptions" })).toBeVisible(); // back to coureur
    await expect(nav().getByRole("link", { name: /Admin/ }).first()).toContainText("PRO");
  });
});
