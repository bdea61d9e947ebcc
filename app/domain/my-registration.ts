// Runner self-edit of a registration (spec section 5): exactly these fields, nothing else. Pure.
import type { z } from "zod";
import type { RaceFormat } from "./eligibility";
import { makeRunnerFieldsSchema, RUNNER_PERSONAL_FIELDS, type RunnerPersonalField } from "./runner-fields";

/** What a self-edit requires: what registration required (nom, prénom, e-mail), nothing more. */
export const SELF_EDIT_REQUIRED: readonly RunnerPersonalField[] = ["email"];

/** Spec section 5, 'Runner self-edit saves only': the only columns the runner's form can write. */
export const SELF_EDIT_FIELDS = [...RUNNER_PERSONAL_FIELDS, "apparaitre_resultats"] as const;
export type SelfEditField = (typeof SELF_EDIT_FIELDS)[number];

/**
 * The form's schema, shared by the page and its action: the runner fields' rules (app/domain/runner-fields.ts),
 * requiring what registration required, so a runner who left gender, birth date or nationality out can still
 * save a change. Unknown keys are dropped, and `pickSelfEdit` keeps only the listed columns, so a crafted
 * request cannot reach statut, coureur_id, prices, dossard or anything else.
 */
export function makeSelfEditSchema(today: string, race: RaceFormat | null = null) {
  // With the registration's format, the race's rules apply as at registration (walks exempt, PPS valid on race day,
  // age and category): decision 0151.
  return makeRunnerFieldsSchema(today, { required: SELF_EDIT_REQUIRED, race });
}
export type SelfEditInput = z.output<ReturnType<typeof makeSelfEditSchema>>;

/** The update for the inscriptions row: the listed columns only, whatever the parsed object carries. */
export function pickSelfEdit(input: SelfEditInput): Pick<SelfEditInput, SelfEditField> {
  const out: Record<string, unknown> = {};
  for (const k of SELF_EDIT_FIELDS) out[k] = input[k];
  return out as Pick<SelfEditInput, SelfEditField>;
}
