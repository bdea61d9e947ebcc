// A new password and its confirmation (sign-up, password reset): the length rules and the hint are the accounts'.
import { PasswordField } from "~/components/AccountFields";
import { MSG, PASSWORD_MAX, PASSWORD_MIN } from "~/domain/profile-account";

export function NewPasswordFields({
  labels,
  errors,
}: {
  /** The password's label and the confirmation's. */
  labels: readonly [password: string, confirmation: string];
  errors: { password?: string; confirmation?: string };
}) {
  return (
    <>
      <PasswordField
        name="password"
        label={labels[0]}
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={MSG.passwordHint}
        error={errors.password}
      />
      <PasswordField
        name="confirmation"
        label={labels[1]}
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        error={errors.confirmation}
      />
    </>
  );
}
