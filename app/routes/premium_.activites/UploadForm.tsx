// The import of an activity file: a real multipart form (works without JavaScript), its French error beside the field.
import { FileImportCard } from "~/components/FileImportCard";

export function UploadForm({ error }: { error?: string }) {
  return (
    <FileImportCard
      title="Importer une activité"
      label="Fichier de l'activité (.gpx, .fit ou .tcx)"
      accept=".gpx,.fit,.tcx"
      hint={
        <>
          Le fichier exporté par votre montre ou votre application (10&nbsp;Mo au plus). Seul son résumé est gardé
          (date, distance, dénivelé, temps en mouvement)&nbsp;; la trace elle-même n'est pas conservée.
        </>
      }
      error={error}
      submit="Importer"
    />
  );
}
