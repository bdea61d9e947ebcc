// The estimate's reference for this request: a result or an activity picked in the lists (read again for the
// signed-in account; its refusal becomes the page's message), or the fields typed in the form. Also the lists.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Reference } from "~/domain/finish-estimate";
import type { FieldErrors } from "~/domain/form-errors";
import {
  type EstimateFormValues,
  readEstimateQuery,
  readReferencePick,
  referenceFormValues,
} from "~/domain/race-tools-forms";
import {
  type EstimateReferenceChoices,
  estimateReferenceChoices,
  type PickedReference,
  pickedReference,
} from "~/services/estimate-references.server";
import { type MappedError, mapDomainError } from "~/utils/domain-errors";

export interface EstimateInput {
  values: EstimateFormValues;
  errors: FieldErrors | null;
  reference: Reference | null;
  picked: PickedReference | null;
  pickError: MappedError | null;
  choices: EstimateReferenceChoices;
}

export async function estimateInput(
  context: AppLoadContext,
  userId: string,
  search: URLSearchParams,
): Promise<EstimateInput> {
  const pick = readReferencePick(search);
  const [choices, picked] = await Promise.all([
    estimateReferenceChoices(context, userId),
    pick
      ? pickedReference(context, userId, pick).catch((e: unknown) => {
          const mapped = mapDomainError(e);
          if (!mapped) throw e;
          return mapped;
        })
      : null,
  ]);
  if (picked && "reference" in picked)
    return {
      values: referenceFormValues(picked.reference),
      errors: null,
      reference: picked.reference,
      picked,
      pickError: null,
      choices,
    };
  const form = readEstimateQuery(search);
  return {
    values: form.values,
    errors: form.submitted ? form.errors : null,
    reference: form.submitted ? form.reference : null,
    picked: null,
    pickError: picked,
    choices,
  };
}
