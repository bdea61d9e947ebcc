// Amounts with their labels, as a definition list (a selection's totals, an event's books).
import { formatEuros } from "~/domain/format";

function MoneyList({ lines, className }: { lines: readonly (readonly [string, number])[]; className?: string }) {
  return (
    <dl className={className}>
      {lines.map(([label, cents]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{formatEuros(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A ledger column added up over payments (the admin's selection, an organiser's event): its sum in cents. */
export type LedgerColumn =
  | "gross"
  | "refunded"
  | "fees"
  | "commission"
  | "transferred"
  | "compensation"
  | "netRemaining";

/** Each column's name for the administration and for the organiser reading their event's books (theirs when unset). */
const LEDGER_LABELS: Record<LedgerColumn, { organiser: string; admin?: string }> = {
  gross: { organiser: "Encaissé", admin: "Brut" },
  refunded: { organiser: "Remboursé aux coureurs", admin: "Remboursé" },
  fees: { organiser: "Frais de paiement", admin: "Frais" },
  commission: { organiser: "Commission Balise", admin: "Commission" },
  transferred: { organiser: "Déjà versé", admin: "Transféré" },
  compensation: { organiser: "Compensé sur d'autres paiements" },
  netRemaining: { organiser: "Reste à verser", admin: "Net restant" },
};

/** The sums of `columns`, in that order, each under its name for `reader`. */
export function LedgerList<C extends LedgerColumn>({
  totals,
  columns,
  reader,
  className,
}: {
  totals: Readonly<Record<C, number>>;
  columns: readonly C[];
  reader: "admin" | "organiser";
  className?: string;
}) {
  const label = (c: C) => (reader === "admin" ? LEDGER_LABELS[c].admin : undefined) ?? LEDGER_LABELS[c].organiser;
  return <MoneyList className={className} lines={columns.map((c) => [label(c), totals[c]] as const)} />;
}
