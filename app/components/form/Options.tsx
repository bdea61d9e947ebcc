// A select's options, one per value, each shown by its label: `labels` a table or a function (without it, the value
// itself); or one per row of a list (an event, a person, a format), its id the value.
import type { ReactNode } from "react";

export function Options<T extends string | number>({
  values,
  labels,
}: {
  values: readonly T[];
  labels?: Readonly<Record<T, string>> | ((value: T) => ReactNode);
}) {
  return (
    <>
      {values.map((v) => (
        <option key={v} value={v}>
          {labels === undefined ? v : typeof labels === "function" ? labels(v) : labels[v]}
        </option>
      ))}
    </>
  );
}

/** A select's options, one per row: its id the value, `label` what the option shows of it. */
export function RowOptions<R extends { id: string }>({
  rows,
  label,
}: {
  rows: readonly R[];
  label: (row: R) => ReactNode;
}) {
  return (
    <>
      {rows.map((r) => (
        <option key={r.id} value={r.id}>
          {label(r)}
        </option>
      ))}
    </>
  );
}

/** A select's options from [value, label] pairs, in their order. */
export function PairOptions({ pairs }: { pairs: readonly (readonly [value: string, label: ReactNode])[] }) {
  return (
    <>
      {pairs.map(([v, l]) => (
        <option key={v} value={v}>
          {l}
        </option>
      ))}
    </>
  );
}
