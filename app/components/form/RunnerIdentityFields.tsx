// The runner's identity fields, in one order for every form that asks them (the registration, the runner's own
// edit): nom, prénom, genre, birth date, nationality, contact, address and club; then the emergency contact.
import { Field, type FieldBinder, SelectField } from "~/components/Field";
import { GENRES_SIMPLE, NATIONALITES, PAYS } from "~/domain/profile";

/** Nom to club; `today` bounds the birth date. */
export function RunnerIdentityFields({ bind, today }: { bind: FieldBinder; today: string }) {
  return (
    <>
      <Field {...bind("nom")} label="Nom" required autoComplete="family-name" />
      <Field {...bind("prenom")} label="Prénom" required autoComplete="given-name" />
      <SelectField {...bind("genre")} label="Genre" options={GENRES_SIMPLE} />
      <Field {...bind("date_naissance")} label="Date de naissance" type="date" autoComplete="bday" max={today} />
      <SelectField {...bind("nationalite")} label="Nationalité" options={NATIONALITES} />
      <Field {...bind("email")} label="Email" type="email" required autoComplete="email" inputMode="email" />
      <Field {...bind("telephone")} label="Téléphone" type="tel" autoComplete="tel" inputMode="tel" />
      <Field {...bind("adresse")} label="Adresse" autoComplete="address-line1" />
      <Field {...bind("adresse_complement")} label="Complément d'adresse" autoComplete="address-line2" />
      <Field {...bind("code_postal")} label="Code postal" autoComplete="postal-code" inputMode="numeric" />
      <Field {...bind("ville")} label="Ville" autoComplete="address-level2" />
      <SelectField {...bind("pays")} label="Pays" options={PAYS} />
      <Field {...bind("club")} label="Club" />
    </>
  );
}

/** The person to call in an emergency: a name and a phone number. */
export function EmergencyContactFields({ bind }: { bind: FieldBinder }) {
  return (
    <>
      <Field {...bind("contact_urgence_nom")} label="Contact d'urgence (nom)" />
      <Field {...bind("contact_urgence_telephone")} label="Contact d'urgence (téléphone)" type="tel" inputMode="tel" />
    </>
  );
}
