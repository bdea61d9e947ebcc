// A form's errors, one message per field: the one mapping from a zod error to what the page shows next to each field.
import type { z } from "zod";

export type FieldErrors = Partial<Record<string, string>>;

/** Where an issue goes: its first path segment, or "form" for an issue about the whole form. */
export function fieldOfIssue(path: readonly PropertyKey[]): string {
  return path.length ? String(path[0]) : "form";
}

/**
 * The first message of each field. `keyOf` names the field of an issue when the form's fields are nested
 * (the registration's runner.nom → "nom", the event form's formats[0].nom → its input's name).
 */
export function fieldErrors(
  error: z.ZodError,
  keyOf: (path: readonly PropertyKey[]) => string = fieldOfIssue,
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = keyOf(issue.path);
    out[key] ??= issue.message;
  }
  return out;
}
