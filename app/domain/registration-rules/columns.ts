// The runner's columns of a registration: the personal fields of app/domain/runner-fields.ts, and the choice to
// appear in public results. Every creation of a registration writes them (app/db/registration-store).
import { RUNNER_PERSONAL_FIELDS } from "../runner-fields";

/** The runner's columns of a registration (what a waiting-list entry keeps to make its offer: app/services/waitlist-offers.server.ts). */
export const REGISTRATION_PERSONAL_COLUMNS = [...RUNNER_PERSONAL_FIELDS, "apparaitre_resultats"] as const;
export type RegistrationPersonalColumn = (typeof REGISTRATION_PERSONAL_COLUMNS)[number];
