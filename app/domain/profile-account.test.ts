import { describe, expect, it } from "vitest";
import {
  fieldErrors,
  ForgotPasswordSchema,
  honeypotFilled,
  HONEYPOT_FIELD,
  LoginSchema,
  loginErrorMessage,
  MSG,
  ResetPasswordSchema,
  SignupSchema,
} from "./profile-account";

function errors(schema: { safeParse(v: unknown): { success: boolean; error?: any } }, v: unknown) {
  const r = schema.safeParse(v);
  return r.success ? {} : fieldErrors(r.error);
}

describe("sign-up form", () => {
  it("accepts a valid sign-up and lower-cases the e-mail", () => {
    const r = SignupSchema.parse({ email: "  Jeanne@Exemple.FR ", password: "motdepasse", confirmation: "motdepasse" });
    expect(r.email).toBe("jeanne@exemple.fr");
  });
  it.each([
    [{ email: "", password: "motdepasse", confirmation: "motdepasse" }, { email: MSG.emailRequired }],
    [{ email: "pas-un-email", password: "motdepasse", confirmation: "motdepasse" }, { email: MSG.emailInvalid }],
    [{ email: "a@b.fr", password: "", confirmation: "" }, { password: MSG.passwordRequired, confirmation: MSG.confirmationRequired }],
    [{ email: "a@b.fr", password: "court", confirmation: "court" }, { password: MSG.passwordTooShort }],
    [{ email: "a@b.fr", password: "x".repeat(129), confirmation: "x".repeat(129) }, { password: MSG.passwordTooLong }],
    [{ email: "a@b.fr", password: "motdepasse", confirmation: "motdepasse!" }, { confirmation: "⚠️ Les mots de passe ne correspondent pas." }],
  ])("%o", (input, expected) => {
    expect(errors(SignupSchema, input)).toEqual(expected);
  });
  it("allows 8 and 128 characters exactly", () => {
    expect(SignupSchema.safeParse({ email: "a@b.fr", password: "12345678", confirmation: "12345678" }).success).toBe(true);
    const long = "é".repeat(128);
    expect(SignupSchema.safeParse({ email: "a@b.fr", password: long, confirmation: long }).success).toBe(true);
  });
});

describe("login, forgot and reset forms", () => {
  it("login needs both fields", () => {
    expect(errors(LoginSchema, { email: "", password: "" })).toEqual({ email: MSG.emailRequired, password: MSG.loginPasswordRequired });
  });
  it("forgot-password needs an e-mail", () => {
    expect(errors(ForgotPasswordSchema, { email: " " })).toEqual({ email: "Veuillez entrer votre adresse email." });
  });
  it.each([
    [{ token: "t", password: "", confirmation: "abcdefgh" }, { password: "Veuillez remplir les deux champs mot de passe." }],
    [{ token: "t", password: "abc", confirmation: "abc" }, { password: "Le mot de passe doit contenir au moins 8 caractères." }],
    [{ token: "t", password: "abcdefgh", confirmation: "abcdefgX" }, { confirmation: "Les mots de passe ne correspondent pas." }],
    [{ token: "t", password: "abcdefgh", confirmation: "abcdefgh" }, {}],
  ])("reset %o", (input, expected) => {
    expect(errors(ResetPasswordSchema, input)).toEqual(expected);
  });
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
    expect(loginErrorMessage("invalid_credentials")).toBe("❌ Erreur de connexion : Email ou mot de passe incorrect.");
  });
});
