// The advance requests of an event: the form that asks for one (or why none can be asked now) and the past ones.
import { Form, useNavigation } from "@remix-run/react";
import { FieldShell, fieldAria } from "~/components/Field";
import { Notice } from "~/components/form/Notice";
import { DataTable } from "~/components/table/DataTable";
import type { AdvanceRow } from "~/services/advances.server";
import {
  ADVANCE_ERROR_MESSAGES,
  ADVANCE_MESSAGE_MAX,
  ADVANCE_STATUS_LABELS,
  ADVANCE_STATUS_TONES,
  type AdvanceErrorCode,
} from "~/domain/advance";
import { formatDateTime, formatEuros } from "~/domain/format";

export function AdvanceSection(props: {
  advances: AdvanceRow[];
  estimate: number;
  defaultPercent: number;
  netRemaining: number;
  refusal: AdvanceErrorCode | null;
  errors: Record<string, string>;
  formError: string | null;
  values: { message: string };
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="card tool-card" aria-labelledby="advance-title">
      <h2 id="advance-title">Acompte sur demande</h2>
      <p>
        Avant l'épreuve, vous pouvez demander une partie de ce qui reste à verser&nbsp;: jusqu'à {props.defaultPercent}
        &nbsp;% du net restant de chaque paiement encaissé. L'équipe Balise examine la demande, la verse ou la refuse en
        donnant un motif ; le solde arrive à J+1, acompte déduit.
      </p>
      {props.refusal ? (
        <p className="muted">{ADVANCE_ERROR_MESSAGES[props.refusal]}</p>
      ) : (
        <Form method="post" className="stack" aria-label="Demander un acompte">
          <p>
            <strong>{`Acompte estimé : ${formatEuros(props.estimate)}`}</strong>
            {` (${props.defaultPercent}\u00a0% de ${formatEuros(props.netRemaining)} restant à verser)`}
          </p>
          <Notice kind="error">{props.formError}</Notice>
          <FieldShell id="a-message" label="Message à l'équipe Balise (facultatif)" error={props.errors.message}>
            <textarea
              id="a-message"
              name="message"
              rows={3}
              maxLength={ADVANCE_MESSAGE_MAX}
              defaultValue={props.values.message}
              {...fieldAria("a-message", { error: props.errors.message })}
            />
          </FieldShell>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Demander un acompte
          </button>
        </Form>
      )}
      <h3>Demandes</h3>
      <DataTable
        rows={props.advances}
        columns={["Date", "Demandée par", "Statut", { label: "Versé", num: true }, "Détail"]}
        empty={<p className="empty">Aucune demande d'acompte pour cette épreuve.</p>}
      >
        {(a) => (
          <tr key={a.id}>
            <td>{formatDateTime(a.created_at)}</td>
            <td>{a.demandeur ?? "—"}</td>
            <td>
              <span className={`advance-status tone-${ADVANCE_STATUS_TONES[a.statut]}`}>
                {ADVANCE_STATUS_LABELS[a.statut]}
              </span>
            </td>
            <td className="num">{a.montant_verse_cents == null ? "—" : formatEuros(a.montant_verse_cents)}</td>
            <td>{advanceDetail(a)}</td>
          </tr>
        )}
      </DataTable>
    </section>
  );
}

function advanceDetail(a: AdvanceRow): string {
  if (a.statut === "refusee") return `Motif\u00a0: ${a.motif_refus ?? "—"}`;
  if (a.statut === "versee") return `${a.pourcentage ?? "?"}\u00a0% du net restant, le ${formatDateTime(a.traite_at)}`;
  return "En cours d'examen par l'équipe Balise";
}
