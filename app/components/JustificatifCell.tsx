// The 'Justificatif' cell of the organiser's registrants table (decision 0150): the check state (missing / to check /
// validated / refused with its reason), what the runner gave (number, PPS expiry, a link to the document), and the
// one-click 'Valider' and the 'Refuser' form (a reason, an optional comment). Plain forms: works without JavaScript.
import { Form } from "@remix-run/react";
import {
  canDecide,
  JUSTIFICATIF_ETAT_LABELS,
  justificatifVersion,
  REFUS_MOTIF_LABELS,
  REFUS_MOTIFS,
  refusalText,
  COMMENTAIRE_MAX,
  type JustificatifColumns,
} from "~/domain/justificatif";
import { formatDate } from "~/domain/format";
import * as paths from "~/domain/paths";
import { Options } from "~/components/form/Options";

export interface JustificatifRow extends JustificatifColumns {
  id: string;
  nom: string | null;
  prenom: string | null;
}

export interface JustificatifCellError {
  id: string;
  field: "motif" | "commentaire" | null;
  message: string;
  motif?: string;
  commentaire?: string;
}

export function JustificatifCell({
  row,
  error,
  busy,
}: {
  row: JustificatifRow;
  error: JustificatifCellError | null;
  busy: boolean;
}) {
  const etat = row.justificatif_etat;
  const who = `${row.prenom ?? ""} ${row.nom ?? ""}`.trim();
  const version = justificatifVersion(row);
  const errId = `j-${row.id}-err`;
  return (
    <td data-label="Justificatif" className="justif-cell">
      <span className={`justif-badge justif-${etat}`} data-testid={`justificatif-${row.id}`}>
        {JUSTIFICATIF_ETAT_LABELS[etat]}
      </span>
      {row.justificatif_type === "licence" && row.numero_licence ? (
        <span className="small"> Licence {row.numero_licence}</span>
      ) : null}
      {row.justificatif_type === "pps" && row.pps_identifier ? (
        <span className="small">
          {" "}
          PPS {row.pps_identifier}
          {row.pps_expiration ? ` (jusqu'au ${formatDate(row.pps_expiration)})` : ""}
        </span>
      ) : null}
      {row.justificatif_document_id ? (
        <a
          href={paths.justificatif(row.justificatif_document_id)}
          target="_blank"
          rel="noreferrer"
          className="small justif-doc"
        >
          Voir le document<span className="visually-hidden"> de {who}</span>
        </a>
      ) : null}
      {etat === "refuse" ? (
        <p className="small muted">{refusalText(row.justificatif_motif, row.justificatif_commentaire)}</p>
      ) : null}
      {canDecide(etat, "valide") ? (
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="justificatif" />
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="decision" value="valide" />
          <button
            type="submit"
            className="btn btn-ghost btn-small"
            disabled={busy}
            aria-label={`Valider le justificatif de ${who}`}
          >
            Valider
          </button>
        </Form>
      ) : null}
      {canDecide(etat, "refuse") ? (
        <details className="justif-refuse-form" open={error ? true : undefined}>
          <summary className="btn btn-ghost btn-small" aria-label={`Refuser le justificatif de ${who}…`}>
            Refuser…
          </summary>
          <Form method="post" className="panel-body">
            <input type="hidden" name="intent" value="justificatif" />
            <input type="hidden" name="id" value={row.id} />
            <input type="hidden" name="version" value={version} />
            <input type="hidden" name="decision" value="refuse" />
            <div className="field">
              <label htmlFor={`j-${row.id}-motif`}>Motif du refus</label>
              <select
                id={`j-${row.id}-motif`}
                name="motif"
                defaultValue={error?.motif ?? ""}
                aria-invalid={error?.field === "motif" ? true : undefined}
                aria-describedby={error?.field === "motif" ? errId : undefined}
              >
                <option value="">— Choisir —</option>
                <Options values={REFUS_MOTIFS} labels={REFUS_MOTIF_LABELS} />
              </select>
            </div>
            <div className="field">
              <label htmlFor={`j-${row.id}-commentaire`}>
                Précision pour le coureur (facultatif, obligatoire pour «&nbsp;Autre motif&nbsp;»)
              </label>
              <input
                id={`j-${row.id}-commentaire`}
                name="commentaire"
                maxLength={COMMENTAIRE_MAX}
                defaultValue={error?.commentaire ?? ""}
                aria-invalid={error?.field === "commentaire" ? true : undefined}
                aria-describedby={error?.field === "commentaire" ? errId : undefined}
              />
            </div>
            <p className="hint">Le coureur reçoit un e-mail avec le motif pour corriger son justificatif.</p>
            <button type="submit" className="btn btn-danger btn-small" disabled={busy}>
              Refuser le justificatif
            </button>
          </Form>
        </details>
      ) : null}
      {error ? (
        <p className="field-error" id={errId} role="alert">
          {error.message}
        </p>
      ) : null}
    </td>
  );
}
