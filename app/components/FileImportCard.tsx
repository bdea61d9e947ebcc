// A file's import card: a real multipart form (works without JavaScript) posting `intent=importer` and the file as
// `fichier`, the field's hint and French error beside it (the results import, the Premium activity import).
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FieldShell, fieldAria } from "~/components/Field";

export function FileImportCard({
  title,
  intro,
  label,
  accept,
  hint,
  error,
  submit,
}: {
  title: string;
  /** A paragraph before the form; with the id `f-fichier-hint` when it is the field's hint. */
  intro?: ReactNode;
  label: string;
  accept: string;
  hint?: ReactNode;
  error?: string;
  submit: string;
}) {
  return (
    <section className="card tool-card" aria-labelledby="import-title">
      <h2 id="import-title">{title}</h2>
      {intro}
      <Form method="post" encType="multipart/form-data" replace>
        <input type="hidden" name="intent" value="importer" />
        <FieldShell id="f-fichier" label={label} hint={hint} error={error}>
          <input
            id="f-fichier"
            name="fichier"
            type="file"
            accept={accept}
            required
            {...fieldAria("f-fichier", { hint: true, error })}
          />
        </FieldShell>
        <button type="submit" className="btn btn-primary">
          {submit}
        </button>
      </Form>
    </section>
  );
}
