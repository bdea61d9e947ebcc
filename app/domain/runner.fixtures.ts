// A runner the form tests type in (registration, self-edit, the workers' demo runner): Camille Bernard of Lyon, her
// identity and address.
// Test data only: no app module imports it.
export const camille = {
  nom: "Bernard",
  prenom: "Camille",
  genre: "Femme",
  date_naissance: "1991-04-12",
  nationalite: "Française",
  email: "Coureur@Balise.test",
  telephone: "06 12 34 56 78",
  adresse: "12 rue des Lilas",
  adresse_complement: "",
  code_postal: "69004",
  ville: "Lyon",
  pays: "France",
};
