// The results file's upload form: a real multipart form (works without JavaScript), the expected columns explained.
import { FileImportCard } from "~/components/FileImportCard";

export function ImportForm({ error, replaces }: { error?: string; replaces: boolean }) {
  return (
    <FileImportCard
      title="Importer le fichier des résultats"
      intro={
        <p className="muted" id="f-fichier-hint">
          Un fichier CSV (séparateur point-virgule ou virgule), la première ligne nommant les colonnes&nbsp;:
          «&nbsp;dossard&nbsp;» et «&nbsp;temps&nbsp;» (h:mm:ss ou mm:ss), et si vous les avez «&nbsp;classement&nbsp;»,
          «&nbsp;catégorie&nbsp;», «&nbsp;statut&nbsp;» (classé, DNF, DNS, DSQ), «&nbsp;nom&nbsp;»,
          «&nbsp;prénom&nbsp;», «&nbsp;club&nbsp;». Sans classement, les coureurs sont classés par temps. Un aperçu
          s'affiche avant toute publication&nbsp;; le fichier lui-même n'est pas conservé.
          {replaces ? " Publier un nouveau fichier remplace les résultats déjà publiés." : ""}
        </p>
      }
      label="Fichier des résultats (CSV)"
      accept=".csv,text/csv,text/plain"
      error={error}
      submit="Voir l'aperçu"
    />
  );
}
