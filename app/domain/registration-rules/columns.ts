// The runner's columns of a registration: the personal fields of app/domain/runner-fields.ts, and the choice to
// appear in public results. Every creation of a registration writes them (app/db/registration-store).
import { RUNNER_PERSONAL_FIELDS } from "../runner-fields";

/** The runner's columns of a registration (what a waiting-list entry keeps to make its offer: app/services/waitlist-offers.server.ts). */
export const REGISTRATION_PERSONAL_COLUMNS = [...RUNNER_PERSONAL_FIELDS, "apparaitre_resultats"] as const;
export type RegistrationPersonalColumn = (typeof REGISTRATION_PERSONAL_COLUMNS)[number];

/**
 * What follows the anonymisation of registrations (decision 0218), for the use case to run once it is stored: the
 * names the results of those registrations kept are forgotten (the results' store owns them).
 */
export type AnonymisationEffect = { kind: "result_names_forgotten"; inscriptionIds: readonly string[] };

/** The effects of anonymising registrations `ids` (none when none was). */
export function effectsOfAnonymisation(ids: readonly string[]): AnonymisationEffect[] {
  return ids.length === 0 ? [] : [{ kind: "result_names_forgotten", inscriptionIds: ids }];
}
