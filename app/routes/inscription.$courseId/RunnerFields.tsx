// 'Vos informations': the runner's fields, pre-filled from the runner profile, and the choice to appear in the
// published results.
import { Link } from "~/components/Link";
import { fieldBinder } from "~/components/Field";
import { EmergencyContactFields, RunnerIdentityFields } from "~/components/form/RunnerIdentityFields";
import type { RegistrationValues } from "~/domain/registration";
import * as paths from "~/domain/paths";
import type { Errors } from "./ErrorSummary";

export function RunnerFields({ values, errors, today }: { values: RegistrationValues; errors: Errors; today: string }) {
  const bind = fieldBinder(values, errors);
  return (
    <fieldset className="card reg-block">
      <legend>Vos informations</legend>
      <p className="hint">
        Pré-remplies depuis votre <Link to={paths.runnerProfile()}>profil coureur</Link>.
      </p>
      <div className="reg-grid">
        <RunnerIdentityFields bind={bind} today={today} />
        <EmergencyContactFields bind={bind} />
      </div>
      <label className="checkbox">
        <input type="checkbox" name="apparaitre_resultats" defaultChecked={values.apparaitre_resultats} />
        <span>Apparaître dans les résultats officiels publiés</span>
      </label>
    </fieldset>
  );
}
