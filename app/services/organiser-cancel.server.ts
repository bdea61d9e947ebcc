// The organiser's (or an admin's) cancellation of a registration, recorded in the journal with the refund it caused
// (decision 0212). The cancellation's rules and money are cancel.server.ts's.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { registrationNames } from "~/db/audit.server";
import { formatEuros } from "~/domain/format";
import { statutLabel } from "~/domain/registrants";
import { organiserSideRole, recordAction, registrantTarget } from "./audit.server";
import { type CancelOutcome, cancelInscription } from "./cancel.server";

/** Cancels `inscriptionId` for its event's organiser (or an admin), with their reason, and records it. */
export async function cancelForOrganiser(
  context: AppLoadContext,
  user: { id: string; email?: string; isAdmin: boolean },
  inscriptionId: string,
  reason: string,
): Promise<CancelOutcome> {
  const out = await cancelInscription(context, {
    inscriptionId,
    actor: { role: "organisateur", userId: user.id, isAdmin: user.isAdmin },
    reason,
  });
  if (out.state !== "annulee") return out;
  const names = await registrationNames(context.db, inscriptionId);
  if (names) {
    await recordAction(
      context,
      user,
      organiserSideRole(user, names.owner),
      "inscription.annulee",
      registrantTarget(names),
      [
        { champ: "Statut", avant: "", apres: statutLabel(out.statut) },
        { champ: "Remboursement", avant: "", apres: formatEuros(out.refundCents) },
        { champ: "Motif", avant: "", apres: reason },
      ],
    );
  }
  return out;
}
