// The plan's form: the race (one of the runner's registrations to come, or typed), the runner today (weekly volume,
// long run, threshold pace), the target and the training days. Each error beside its field; what was typed kept.
import { Form } from "@remix-run/react";
import { Field, fieldAria, fieldBinder, SelectField, FieldError } from "~/components/Field";
import { SaveButton } from "~/components/form/FieldGroup";
import { WEEKDAY_LABELS } from "~/domain/training-plan";

type Values = Record<string, unknown>;
type Errors = Record<string, string | undefined>;
const text = (v: unknown) => (typeof v === "string" ? v : "");

export interface RaceOption {
  formatId: string;
  name: string;
  date: string;
}

export function PlanForm({
  races,
  values,
  errors,
  busy,
  hasPlan,
}: {
  races: RaceOption[];
  values: Values;
  errors: Errors;
  busy: boolean;
  hasPlan: boolean;
}) {
  const bind = fieldBinder(values, errors);
  return (
    <Form method="post" className="card tool-card plan-form" noValidate>
      <h2>{hasPlan ? "Refaire mon plan" : "Créer mon plan"}</h2>
      {errors.form ? (
        <p className="alert alert-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <fieldset>
        <legend>Votre course</legend>
        {races.length > 0 ? (
          <SelectField
            {...bind("formatId")}
            label="Une de mes inscriptions"
            options={races.map((r) => ({
              value: r.formatId,
              label: `${r.name} (${r.date.split("-").reverse().join("/")})`,
            }))}
            emptyLabel="— Saisir la course ci-dessous —"
          />
        ) : null}
        <Field {...bind("nomCourse")} label="Nom de la course" maxLength={120} />
        <Field {...bind("dateCourse")} type="date" label="Date de la course" />
        <Field {...bind("distanceKm")} label="Distance (km)" inputMode="decimal" />
        <Field {...bind("dplus")} label="Dénivelé positif (m)" inputMode="numeric" />
      </fieldset>
      <fieldset>
        <legend>Vous aujourd'hui</legend>
        <Field {...bind("volumeKm")} label="Volume actuel (km par semaine)" inputMode="decimal" required />
        <Field
          {...bind("sortieLongue")}
          label="Sortie longue actuelle"
          hint="En km (« 15 ») ou en durée (« 1 h 30 »)."
          required
        />
        <Field
          {...bind("allureSeuil")}
          label="Allure seuil (min/km, facultatif)"
          hint="L'allure que vous tenez environ une heure, par exemple 4:45. Elle sert aux allures des séances et aux exports vers la montre."
        />
      </fieldset>
      <TargetFields values={values} errors={errors} />
      <DaysFields values={values} errors={errors} />
      <input type="hidden" name="intent" value="generer" />
      <SaveButton busy={busy} busyLabel="Calcul du plan…">
        {hasPlan ? "Refaire mon plan" : "Créer mon plan"}
      </SaveButton>
    </Form>
  );
}

function TargetFields({ values, errors }: { values: Values; errors: Errors }) {
  const objective = text(values.objectif) || "finir";
  const bind = fieldBinder(values, errors);
  return (
    <fieldset>
      <legend>Votre objectif</legend>
      <label className="checkbox">
        <input type="radio" name="objectif" value="finir" defaultChecked={objective === "finir"} />
        <span>Finir la course</span>
      </label>
      <label className="checkbox">
        <input type="radio" name="objectif" value="temps" defaultChecked={objective === "temps"} />
        <span>Un temps visé</span>
      </label>
      <Field {...bind("tempsObjectif")} label="Temps visé" hint="Par exemple « 3 h 45 »." />
    </fieldset>
  );
}

function DaysFields({ values, errors }: { values: Values; errors: Errors }) {
  const raw = values.jours;
  const chosen = new Set(Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? raw.split(",") : []);
  const error = errors.jours;
  const bind = fieldBinder(values, errors);
  return (
    <fieldset className={["field", error ? "has-error" : null].filter(Boolean).join(" ")}>
      <legend>Vos jours d'entraînement</legend>
      <div className="plan-days">
        {WEEKDAY_LABELS.map((label, i) => (
          <label key={label} className="checkbox">
            <input
              type="checkbox"
              id={`f-jours-${i + 1}`}
              name="jours"
              value={String(i + 1)}
              defaultChecked={chosen.has(String(i + 1))}
              {...fieldAria("f-jours", { hint: true, error })}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
      <p id="f-jours-hint" className="hint">
        De deux à six jours&nbsp;: gardez au moins un jour de repos.
      </p>
      <FieldError id="f-jours-error" error={error} />
      <SelectField
        {...bind("jourSortieLongue")}
        label="Jour de la sortie longue"
        options={WEEKDAY_LABELS.map((label, i) => ({ value: String(i + 1), label }))}
      />
    </fieldset>
  );
}
