// The state of a page's form, read the same way on every form page: what its action answered, whether it is being
// sent, and the errors to show beside its fields.
import { useActionData, useNavigation } from "@remix-run/react";

type FieldErrors = Record<string, string | undefined>;

/** `result`: the action's answer (undefined before a post); `busy`: the form is being sent; `errors`: by field. */
export function useFormResult<Action>() {
  const result = useActionData<Action>();
  const busy = useNavigation().state === "submitting";
  const errors: FieldErrors = (result as { errors?: FieldErrors } | undefined)?.errors ?? {};
  return { result, busy, errors };
}
