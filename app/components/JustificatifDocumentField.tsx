// The justificatif's document on a runner's form (registration, /mon-inscription, runner profile): the document
// already given (a link to see it, a box to remove it), and a file input for a new one (PDF or image, 5 MB). The form
// must be multipart. A document stored on a submit sent back with errors is kept through the hidden id.
// Decision 0150.
import * as paths from "~/domain/paths";
import { FieldError } from "./Field";

export interface DocumentRef {
  id: string;
  name: string | null;
}

export function JustificatifDocumentField({
  doc,
  error,
  disabled,
}: {
  doc: DocumentRef | null;
  error?: string | null;
  disabled?: boolean;
}) {
  const id = "f-justificatif_document";
  return (
    <div className="field justificatif-document">
      {doc ? (
        <>
          <input type="hidden" name="justificatif_document_id" value={doc.id} />
          <p className="hint" data-testid="document-joint">
            Document joint&nbsp;:{" "}
            <a href={paths.justificatif(doc.id)} target="_blank" rel="noreferrer">
              {doc.name || "justificatif"}
            </a>
          </p>
          <label className="checkbox">
            <input type="checkbox" name="retirer_document" disabled={disabled} /> Retirer ce document
          </label>
        </>
      ) : null}
      <label htmlFor={id}>
        {doc ? "Remplacer par un autre document (facultatif)" : "Attestation PPS ou licence (facultatif)"}
      </label>
      <input
        id={id}
        name="justificatif_document"
        type="file"
        accept="application/pdf,image/jpeg,image/png,image/webp"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-err` : ""].filter(Boolean).join(" ")}
      />
      <p id={`${id}-hint`} className="hint">
        PDF ou image (JPEG, PNG, WebP), 5&nbsp;Mo au plus. Visible seulement par vous, l'organisateur de la course et
        l'équipe Balise&nbsp;; supprimé 90&nbsp;jours après la course.
      </p>
      <FieldError id={`${id}-err`} error={error} />
    </div>
  );
}
