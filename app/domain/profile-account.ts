// Account forms (sign-up, login, forgot and reset password): one zod schema per form, shared by the form
// (field names, limits) and the action (validation). Domain error codes map to the French messages of the spec.
import { z } from "zod";
import { tabledError } from "./errors";
import { passwordProblem, type PasswordProblem } from "./password-policy";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
/** Name of the honeypot field on sign-up and forgot-password: hidden from people, filled by bots. */
export const HONEYPOT_FIELD = "site_internet";

export const MSG = {
  emailRequired: "Veuillez entrer votre adresse email.",
  emailInvalid: "Email invalide.",
  passwordRequired: "Veuillez entrer un mot de passe.",
  loginPasswordRequired: "Veuillez entrer votre mot de passe.",
  confirmationRequired: "Veuillez confirmer le mot de passe.",
  passwordTooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères.`,
  passwordTooLong: `Le mot de passe doit contenir au plus ${PASSWORD_MAX} caractères.`,
  passwordCommon: "Ce mot de passe est trop courant ou a déjà fuité. Choisissez-en un autre.",
  passwordPersonal: "Ce mot de passe reprend votre adresse email ou le nom du site. Choisissez-en un autre.",
  signupMismatch: "⚠️ Les mots de passe ne correspondent pas.",
  resetMismatch: "Les mots de passe ne correspondent pas.",
  resetBothRequired: "Veuillez remplir les deux champs mot de passe.",
  passwordHint: `${PASSWORD_MIN} caractères minimum. Évitez les mots de passe réutilisés.`,
  signupSuccess: "✅ Compte créé. Vérifiez votre email pour confirmer.",
  forgotSuccess: "✅ Email de réinitialisation envoyé. Vérifiez votre boîte mail.",
  resetSuccess: "✅ Mot de passe mis à jour. Redirection…",
  emailConfirmed: "✅ Adresse email confirmée. Vous pouvez vous connecter.",
} as const;

const email = z
  .string({ required_error: MSG.emailRequired, invalid_type_error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(EMAIL_MAX, MSG.emailInvalid)
  .email(MSG.emailInvalid)
  .transform((s) => s.toLowerCase());

const newPassword = z
  .string({ required_error: MSG.passwordRequired, invalid_type_error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(PASSWORD_MAX, MSG.passwordTooLong);

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  common: MSG.passwordCommon,
  personal: MSG.passwordPersonal,
};

/** The message for a new password of the right length that is still refused (password-policy.ts), or null. */
function newPasswordRefusal(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return null; // the length message comes first
  const problem = passwordProblem(password, { email });
  return problem ? PASSWORD_PROBLEM_MESSAGES[problem] : null;
}

// The two schemas that set a password are built by functions called with a pure annotation: the browser bundle,
// which imports this module for its messages and limits but never parses these forms, then drops them, and with
// them the list of refused passwords (about 70 KiB gzipped).
function signupSchema() {
  return z
    .object({
      email,
      password: newPassword,
      confirmation: z.string({ required_error: MSG.confirmationRequired }).min(1, MSG.confirmationRequired),
    })
    .superRefine((v, ctx) => {
      const refusal = newPasswordRefusal(v.password, v.email);
      if (refusal) ctx.addIssue({ code: "custom", path: ["password"], message: refusal });
      if (v.password !== v.confirmation)
        ctx.addIssue({ code: "custom", path: ["confirmation"], message: MSG.signupMismatch });
    });
}
export const SignupSchema = /* @__PURE__ */ signupSchema();

export const LoginSchema = z.object({
  email,
  password: z
    .string({ required_error: MSG.loginPasswordRequired })
    .min(1, MSG.loginPasswordRequired)
    .max(PASSWORD_MAX * 4, MSG.passwordTooLong),
  redirectTo: z.string().optional(),
});

export const ForgotPasswordSchema = z.object({ email });

function resetPasswordSchema() {
  return z
    .object({
      token: z.string().min(1),
      password: z.string().default(""),
      confirmation: z.string().default(""),
    })
    .superRefine((v, ctx) => {
      if (!v.password || !v.confirmation) {
        ctx.addIssue({ code: "custom", path: ["password"], message: MSG.resetBothRequired });
        return;
      }
      const refusal = newPasswordRefusal(v.password);
      if (v.password.length < PASSWORD_MIN)
        ctx.addIssue({ code: "custom", path: ["password"], message: MSG.passwordTooShort });
      else if (v.password.length > PASSWORD_MAX)
        ctx.addIssue({ code: "custom", path: ["password"], message: MSG.passwordTooLong });
      else if (refusal) ctx.addIssue({ code: "custom", path: ["password"], message: refusal });
      else if (v.password !== v.confirmation)
        ctx.addIssue({ code: "custom", path: ["confirmation"], message: MSG.resetMismatch });
    });
}
export const ResetPasswordSchema = /* @__PURE__ */ resetPasswordSchema();

/** Form values as plain strings (files and passwords are never echoed back). */
export function formValues(form: FormData, omit: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && !omit.includes(k)) out[k] = v;
  return out;
}

export function honeypotFilled(form: FormData): boolean {
  const v = form.get(HONEYPOT_FIELD);
  return typeof v === "string" && v.trim() !== "";
}

// ---------------------------------------------------------------- domain errors
export type AuthErrorCode = "invalid_credentials" | "email_not_confirmed" | "too_many_attempts" | "token_invalid";

export const AUTH_ERROR_MESSAGES: Record<AuthErrorCode, string> = {
  invalid_credentials: "Email ou mot de passe incorrect.",
  email_not_confirmed:
    "Adresse email non confirmée. Cliquez sur le lien reçu par email (un nouveau lien vient de vous être envoyé).",
  too_many_attempts: "Trop de tentatives de connexion. Réessayez dans 15 minutes ou réinitialisez votre mot de passe.",
  token_invalid: "Lien invalide ou expiré",
};

/** The HTTP status of each code: wrong credentials 401, e-mail not confirmed 403, locked 429, a bad link 400. */
export const AUTH_ERROR_STATUS: Record<AuthErrorCode, number> = {
  invalid_credentials: 401,
  email_not_confirmed: 403,
  too_many_attempts: 429,
  token_invalid: 400,
};

export class AuthError extends tabledError<AuthErrorCode>("AuthError", AUTH_ERROR_STATUS, AUTH_ERROR_MESSAGES) {}

/** The login banner of the spec: '❌ Erreur de connexion : {message}' (an AuthError's message). */
export function loginErrorMessage(message: string): string {
  return `❌ Erreur de connexion\u00a0: ${message}`;
}
