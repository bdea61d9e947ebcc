// Runner self-edit of a registration (spec section 5): exactly these fields, nothing else. Pure.
import type { z } from "zod";
import { makeRunnerProfileSchema } from "./profile";
import { RUNNER_PERSONAL_FIELDS } from "./runner-fields";

/** Spec section 5, 'Runner self-edit saves only': the only columns the runner's form can write. */
export const SELF_EDIT_FIELDS = [...RUNNER_PERSONAL_FIELDS, "apparaitre_resultats"] as const;
export type SelfEditField = (typeof SELF_EDIT_FIELDS)[number];

/**
 * The form's schema, shared by the page and its action. It is the runner profile's rules (same fields, same
 * messages); zod drops every other key, and `pickSelfEdit` keeps only the listed columns, so a crafted request
 * cannot reach statut, coureur_id, prices, dossard or anything else.
 */
export function makeSelfEditSchema(today: string) {
  return makeRunnerProfileSchema(today);
}
export type SelfEditInput = z.output<ReturnType<typeof makeSelfEditSchema>>;

/** The update for the inscriptions row: the listed columns only, whatever the parsed object carries. */
export function pickSelfEdit(input: SelfEditInput): Pick<SelfEditInput, SelfEditField> {
  const out: Record<string, unknown> = {};
  for (const k of SELF_EDIT_FIELDS) out[k] = input[k];
  return out as Pick<SelfEditInput, SelfEditField>;
}
