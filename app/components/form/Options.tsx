// A select's options, one per value, each shown by its label: `labels` a table or a function (without it, the value
// itself).
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
