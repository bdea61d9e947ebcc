// Amounts with their labels, as a definition list (a selection's totals, an event's books).
import { formatEuros } from "~/domain/format";

export function MoneyList({ lines, className }: { lines: readonly (readonly [string, number])[]; className?: string }) {
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
