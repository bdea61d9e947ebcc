// The event's promo codes: each with its discount, formats, uses (used / limit), window, who may use it, its state,
// and 'Désactiver' (a plain form).
import { Form } from "@remix-run/react";
import { formatDate } from "~/domain/format";
import type { PromoCode } from "~/domain/promo-code";
import { DataTable } from "~/components/table/DataTable";

export type PromoCodeRow = PromoCode & { uses: number; valueLabel: string; formatNames: string[] | null };

/** 'du 01/12/2026 au 31/12/2026' (the end is stored exclusive: its last day is shown). */
function windowLabel(c: Pick<PromoCode, "valide_du" | "valide_au">): string {
  const end = c.valide_au ? new Date(new Date(c.valide_au).getTime() - 1) : null;
  if (c.valide_du && end) return `du ${formatDate(c.valide_du)} au ${formatDate(end)}`;
  if (c.valide_du) return `à partir du ${formatDate(c.valide_du)}`;
  if (end) return `jusqu'au ${formatDate(end)}`;
  return "toujours";
}

function whoLabel(c: Pick<PromoCode, "emails" | "club">): string {
  if (c.emails) return `${c.emails.length} adresse${c.emails.length > 1 ? "s" : ""} e-mail`;
  if (c.club) return `club ${c.club}`;
  return "tout le monde";
}

export function PromoCodeList({ codes }: { codes: readonly PromoCodeRow[] }) {
  if (codes.length === 0) return <p className="empty">Aucun code promo pour cette épreuve.</p>;
  return (
    <DataTable
      rows={codes}
      columns={["Code", "Remise", "Formats", "Utilisations", "Par coureur", "Validité", "Réservé à", "État"]}
      caption={<caption className="visually-hidden">Codes promo de l'épreuve</caption>}
      testId="promo-codes"
    >
      {(c) => (
        <tr key={c.id} data-code={c.code}>
          <th scope="row">{c.code}</th>
          <td>{c.valueLabel}</td>
          <td>{c.formatNames ? c.formatNames.join(", ") : "tous"}</td>
          <td data-testid="uses">
            {c.uses} / {c.utilisations_max ?? "illimité"}
          </td>
          <td>{c.utilisations_max_par_coureur ?? "illimité"}</td>
          <td>{windowLabel(c)}</td>
          <td>{whoLabel(c)}</td>
          <td>
            {c.actif ? (
              <Form method="post">
                <input type="hidden" name="code_id" value={c.id} />
                <span>Actif </span>
                <button
                  type="submit"
                  name="intent"
                  value="desactiver"
                  className="btn btn-ghost btn-small"
                  aria-label={`Désactiver le code ${c.code}`}
                >
                  Désactiver
                </button>
              </Form>
            ) : (
              "Désactivé"
            )}
          </td>
        </tr>
      )}
    </DataTable>
  );
}
