// The owner's invite form: the address and the rights (at least one), each error beside its field, what was typed
// kept after a refusal.
import { Form } from "@remix-run/react";
import { Field, fieldAria, fieldBinder, FieldError } from "~/components/Field";
import { SaveButton } from "~/components/form/FieldGroup";
import { EVENT_RIGHTS, RIGHT_HINTS, RIGHT_LABELS } from "~/domain/event-team";

export function InviteForm({
  values,
  errors,
  busy,
}: {
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
  busy: boolean;
}) {
  const rightsError = errors.droits;
  const bind = fieldBinder(values, errors);
  return (
    <Form method="post" className="card team-invite" noValidate>
      <h2 id="inviter">Inviter un co-organisateur</h2>
      <Field
        {...bind("email")}
        type="email"
        label="Adresse email"
        autoComplete="off"
        required
        maxLength={254}
        hint="La personne reçoit un lien valable 7 jours. Sans compte Balise, elle le crée en acceptant."
      />
      <fieldset className={["field", rightsError ? "has-error" : null].filter(Boolean).join(" ")}>
        <legend>Droits</legend>
        {EVENT_RIGHTS.map((r) => (
          <div key={r} className="team-right">
            <label className="checkbox">
              <input
                type="checkbox"
                id={`f-${r}`}
                name={r}
                defaultChecked={values[r] === "on"}
                {...fieldAria("f-droits", { hint: true, error: rightsError })}
              />
              <span>
                <strong>{RIGHT_LABELS[r]}</strong> — {RIGHT_HINTS[r]}
              </span>
            </label>
          </div>
        ))}
        <p id="f-droits-hint" className="hint">
          Seul l'organisateur gère l'équipe, le compte de paiement et peut supprimer l'épreuve.
        </p>
        <FieldError id="f-droits-error" error={rightsError} />
      </fieldset>
      <input type="hidden" name="intent" value="invite" />
      <SaveButton busy={busy} busyLabel="Envoi…">
        Envoyer l'invitation
      </SaveButton>
    </Form>
  );
}
