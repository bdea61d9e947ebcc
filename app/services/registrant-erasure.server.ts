// The organiser erases a finished registration's personal data at the runner's request (issue 45, decision 0218):
// only a refused, cancelled, refunded or handed-on registration, confirmed by a tick; the registration store empties
// the personal fields (the row, its amounts and history stay) and the journal records it without the runner's name.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { registrationNames } from "~/db/audit.server";
import { anonymiseRegistrations } from "~/db/registration-store/anonymise.server";
import { quoteList } from "~/db/registration-store/guards.server";
import { RegistrantError } from "~/domain/registrants";
import { ERASABLE_ON_REQUEST, mayEraseOnRequest } from "~/domain/registration-rules";
import { ANONYMISED_RUNNER_NAME } from "~/domain/retention";
import { organiserSideRole, recordAction, registrantTarget } from "./audit.server";
import { requireOwnedRegistrant } from "./registrants.server";
import { runAnonymisationEffects } from "./registration-changes.server";

/** Erases registration `id`'s personal data for its event's team (Inscriptions right) or an admin. */
export async function eraseRegistrantData(
  context: AppLoadContext,
  user: { id: string; email?: string; isAdmin: boolean },
  id: string,
  confirmed: boolean,
): Promise<void> {
  const row = await requireOwnedRegistrant(context, user, id);
  if (!mayEraseOnRequest(row.statut as string)) throw new RegistrantError("erase_refused");
  if (!confirmed) throw new RegistrantError("erase_unconfirmed", undefined, "confirm");
  const names = await registrationNames(context.db, id);
  // The status is checked again in the UPDATE: a registration changed in the meantime is not erased.
  const { ids: erased, effects } = await anonymiseRegistrations(
    context.db,
    sql`id = ${id} AND statut IN (${quoteList(ERASABLE_ON_REQUEST)})`,
    1,
  );
  if (erased.length === 0 || !names) throw new RegistrantError("erase_refused");
  await runAnonymisationEffects(context, effects);
  await recordAction(
    context,
    user,
    organiserSideRole(user, names.owner),
    "inscription.donnees_effacees",
    registrantTarget({ ...names, prenom: null, nom: ANONYMISED_RUNNER_NAME }),
  );
}
