// The journal's record of an organiser's edit of a registration (decision 0212): what changed, before → after, in
// the words of the registrants table.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { fieldChanges } from "~/domain/audit";
import { FIELD_LABELS, statutLabel } from "~/domain/registrants";
import type { RegistrantDetail } from "~/db/registrants.server";
import { type AuditActor, recordAction, registrantTarget } from "./audit.server";

/** Records the fields of `after` that differ from the registration `before` (nothing when none did). */
export async function auditEdit(
  context: AppLoadContext,
  user: AuditActor,
  before: RegistrantDetail,
  after: Record<string, unknown>,
): Promise<void> {
  const shown = (values: Record<string, unknown>) =>
    "statut" in values ? { ...values, statut: statutLabel(String(values.statut ?? "")) } : values;
  const changes = fieldChanges(shown(before), shown(after), FIELD_LABELS);
  if (changes.length === 0) return;
  await recordAction(context, user, "organisateur", "inscrit.modifie", registrantTarget(before), changes);
}
