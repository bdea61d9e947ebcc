import { describe, expect, it } from "vitest";
import { itMapsEqual } from "../../tests/support/cases";
import type { ZodError } from "zod";
import {
  AuthError,
  ForgotPasswordSchema,
  honeypotFilled,
  HONEYPOT_FIELD,
  LoginSchema,
  loginErrorMessage,
  MSG,
  ResetPasswordSchema,
  SignupSchema,
} from "./profile-account";
import { fieldErrors } from "./form-errors";

function errors(schema: { safeParse(v: unknown): { success: boolean; error?: ZodError } }, v: unknown) {
  const r = schema.safeParse(v);
  return r.success || !r.error ? {} : fieldErrors(r.error);
}

describe("sign-up form", () => {
  const GOOD = "trail-des-cimes-2026";
  it("accepts a valid sign-up and lower-cases the e-mail", () => {
    const r = SignupSchema.parse({ email: "  Jeanne@Exemple.FR ", password: GOOD, confirmation: GOOD });
    expect(r.email).toBe("jeanne@exemple.fr");
  });
  itMapsEqual("%o", (input) => errors(SignupSchema, input), [
    [{ email: "", password: GOOD, confirmation: GOOD }, { email: MSG.emailRequired }],
    [{ email: "pas-un-email", password: GOOD, confirmation: GOOD }, { email: MSG.emailInvalid }],
    [
      { email: "a@b.fr", password: "", confirmation: "" },
      { password: MSG.passwordRequired, confirmation: MSG.confirmationRequired },
    ],
    [{ email: "a@b.fr", password: "court", confirmation: "court" }, { password: MSG.passwordTooShort }],
    [{ email: "a@b.fr", password: "x".repeat(129), confirmation: "x".repeat(129) }, { password: MSG.passwordTooLong }],
    [
      { email: "a@b.fr", password: GOOD, confirmation: `${GOOD}!` },
      { confirmation: "⚠️ Les mots de passe ne correspondent pas." },
    ],
    [
      { email: "a@b.fr", password: "motdepasse", confirmation: "motdepasse" },
      { password: "Ce mot de passe est trop courant ou a déjà fuité. Choisissez-en un autre." },
    ],
    [{ email: "a@b.fr", password: "12345678", confirmation: "12345678" }, { password: MSG.passwordCommon }],
    [{ email: "a@b.fr", password: "Azertyuiop", confirmation: "Azertyuiop" }, { password: MSG.passwordCommon }],
    [
      { email: "a@b.fr", password: "motdepasse", confirmation: "autre" },
      { password: MSG.passwordCommon, confirmation: MSG.signupMismatch },
    ],
    [
      { email: "jeanne.dupont@b.fr", password: "JeanneDupont2026", confirmation: "JeanneDupont2026" },
      { password: "Ce mot de passe reprend votre adresse email ou le nom du site. Choisissez-en un autre." },
    ],
    [{ email: "a@b.fr", password: "balise2026", confirmation: "balise2026" }, { password: MSG.passwordPersonal }],
  ]);
  it("allows 8, 64, 100 and 128 characters exactly, and never trims or truncates", () => {
    for (const password of [
      "Vercors!",
      `${"é".repeat(7)}x`,
      "marmotte ".repeat(8).slice(0, 64),
      "m".repeat(50) + "n".repeat(50),
      `${"é".repeat(127)}x`,
    ]) {
      const r = SignupSchema.safeParse({ email: "a@b.fr", password, confirmation: password });
      expect(r.success).toBe(true);
      expect(r.data?.password).toBe(password);
    }
    const spaced = "  une phrase de passe entourée d'espaces  ";
    expect(SignupSchema.parse({ email: "a@b.fr", password: spaced, confirmation: spaced }).password).toBe(spaced);
  });
});

describe("login, forgot and reset forms", () => {
  it("login needs both fields", () => {
    expect(errors(LoginSchema, { email: "", password: "" })).toEqual({
      email: MSG.emailRequired,
      password: MSG.loginPasswordRequired,
    });
  });
  it("forgot-password needs an e-mail", () => {
    expect(errors(ForgotPasswordSchema, { email: " " })).toEqual({ email: "Veuillez entrer votre adresse email." });
  });
  itMapsEqual("reset %o", (input) => errors(ResetPasswordSchema, input), [
    [
      { token: "t", password: "", confirmation: "abcdefgh" },
      { password: "Veuillez remplir les deux champs mot de passe." },
    ],
    [
      { token: "t", password: "abc", confirmation: "abc" },
      { password: "Le mot de passe doit contenir au moins 8 caractères." },
    ],
    [{ token: "t", password: "x".repeat(129), confirmation: "x".repeat(129) }, { password: MSG.passwordTooLong }],
    [
      { token: "t", password: "Vercors!", confirmation: "Vercors?" },
      { confirmation: "Les mots de passe ne correspondent pas." },
    ],
    [{ token: "t", password: "Vercors!", confirmation: "Vercors!" }, {}],
    [{ token: "t", password: "motdepasse", confirmation: "motdepasse" }, { password: MSG.passwordCommon }],
    [{ token: "t", password: "azertyuiop", confirmation: "azertyuiop" }, { password: MSG.passwordCommon }],
    [{ token: "t", password: "motdepasse", confirmation: "autre" }, { password: MSG.passwordCommon }],
    [{ token: "t", password: "abcdefgh", confirmation: "abcdefgh" }, { password: MSG.passwordCommon }],
    [{ token: "t", password: "balise2026", confirmation: "balise2026" }, { password: MSG.passwordPersonal }],
    [{ token: "t", password: "m".repeat(50) + "n".repeat(50), confirmation: "m".repeat(50) + "n".repeat(50) }, {}],
  ]);
});

describe("honeypot and messages", () => {
  it("detects a filled honeypot", () => {
    const f = new FormData();
    expect(honeypotFilled(f)).toBe(false);
    f.set(HONEYPOT_FIELD, "   ");
    expect(honeypotFilled(f)).toBe(false);
    f.set(HONEYPOT_FIELD, "http://spam.example");
    expect(honeypotFilled(f)).toBe(true);
  });
  it("formats login errors like the spec", () => {
    expect(loginErrorMessage(new AuthError("invalid_credentials").message)).toBe(
      "❌ Erreur de connexion\u00a0: Email ou mot de passe incorrect.",
    );
  });
});
