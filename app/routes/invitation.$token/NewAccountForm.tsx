// The invitation's page for someone without an account: their name and a password (the accounts' rules); the
// address is the invitation's.
import { Form } from "@remix-run/react";
import { Field, fieldBinder } from "~/components/Field";
import { SaveButton } from "~/components/form/FieldGroup";
import { NewPasswordFields } from "~/components/form/NewPasswordFields";

export function NewAccountForm({
  email,
  values,
  errors,
  busy,
}: {
  email: string;
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
  busy: boolean;
}) {
  const bind = fieldBinder(values, errors);
  return (
    <Form method="post" className="card auth-card" noValidate>
      <h2>Pas encore de compte ? Créez-le</h2>
      <p className="muted">
        Votre compte sera créé avec l'adresse <strong>{email}</strong>.
      </p>
      <Field {...bind("prenom")} label="Prénom" autoComplete="given-name" required maxLength={100} />
      <Field {...bind("nom")} label="Nom" autoComplete="family-name" required maxLength={100} />
      <NewPasswordFields
        labels={["Mot de passe", "Confirmer le mot de passe"]}
        errors={{ password: errors.password, confirmation: errors.confirmation }}
      />
      <input type="hidden" name="intent" value="create" />
      <SaveButton busy={busy} busyLabel="Création…">
        Créer mon compte et accepter
      </SaveButton>
    </Form>
  );
}
