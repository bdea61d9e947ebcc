// The import of an activity file: a real multipart form (works without JavaScript), its French error beside the field.
import { Form } from "@remix-run/react";
import { fieldAria } from "~/components/Field";

export function UploadForm({ error }: { error?: string }) {
  return (
    <section className="card tool-card" aria-labelledby="import-title">
      <h2 id="import-title">Importer une activité</h2>
      <Form method="post" encType="multipart/form-data" replace>
        <input type="hidden" name="intent" value="importer" />
        <div className={error ? "field has-error" : "field"}>
          <label htmlFor="f-fichier">Fichier de l'activité (.gpx, .fit ou .tcx)</label>
          <input
            id="f-fichier"
            name="fichier"
            type="file"
            accept=".gpx,.fit,.tcx"
            required
            {...fieldAria("f-fichier", { hint: true, error })}
          />
          <p id="f-fichier-hint" className="hint">
            Le fichier exporté par votre montre ou votre application (10&nbsp;Mo au plus). Seul son résumé est gardé
            (date, distance, dénivelé, temps en mouvement)&nbsp;; la trace elle-même n'est pas conservée.
          </p>
          {error ? (
            <p id="f-fichier-error" className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary">
          Importer
        </button>
      </Form>
    </section>
  );
}
