// The results file's upload form: a real multipart form (works without JavaScript), the expected columns explained.
import { Form } from "@remix-run/react";
import { fieldAria } from "~/components/Field";

export function ImportForm({ error, replaces }: { error?: string; replaces: boolean }) {
  return (
    <section className="card tool-card" aria-labelledby="import-title">
      <h2 id="import-title">Importer le fichier des résultats</h2>
      <p className="muted" id="f-fichier-hint">
        Un fichier CSV (séparateur point-virgule ou virgule), la première ligne nommant les colonnes&nbsp;:
        «&nbsp;dossard&nbsp;» et «&nbsp;temps&nbsp;» (h:mm:ss ou mm:ss), et si vous les avez «&nbsp;classement&nbsp;»,
        «&nbsp;catégorie&nbsp;», «&nbsp;statut&nbsp;» (classé, DNF, DNS, DSQ), «&nbsp;nom&nbsp;», «&nbsp;prénom&nbsp;»,
        «&nbsp;club&nbsp;». Sans classement, les coureurs sont classés par temps. Un aperçu s'affiche avant toute
        publication&nbsp;; le fichier lui-même n'est pas conservé.
        {replaces ? " Publier un nouveau fichier remplace les résultats déjà publiés." : ""}
      </p>
      <Form method="post" encType="multipart/form-data" replace>
        <input type="hidden" name="intent" value="importer" />
        <div className="field">
          <label htmlFor="f-fichier">Fichier des résultats (CSV)</label>
          <input
            id="f-fichier"
            name="fichier"
            type="file"
            accept=".csv,text/csv,text/plain"
            required
            {...fieldAria("f-fichier", { hint: true, error })}
          />
          {error ? (
            <p id="f-fichier-error" className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary">
          Voir l'aperçu
        </button>
      </Form>
    </section>
  );
}
