// A table of rows that scrolls sideways on a narrow screen, with its header row, or what to say when there are no
// rows: the lists of the admin, organiser and profile pages share it.
import type { ReactNode } from "react";

/** A column: its label, right-aligned when `num` (amounts, counts), read only by screen readers when `hidden`. */
export type Column = string | { label: string; num?: true; hidden?: true };

export function DataTable<T>({
  rows,
  empty,
  columns,
  className = "table",
  region,
  children,
}: {
  rows: readonly T[];
  /** Shown instead of the table when there are no rows (the table is always shown without it). */
  empty?: ReactNode;
  columns: readonly Column[];
  className?: string;
  /** The id of the title labelling the table: the scroll area becomes a focusable region it names. */
  region?: string;
  children: (row: T) => ReactNode;
}) {
  if (empty && rows.length === 0) return <>{empty}</>;
  const scroll = region ? { role: "region", "aria-labelledby": region, tabIndex: 0 } : {};
  return (
    <div className="table-wrap" {...scroll}>
      <table className={className}>
        <thead>
          <tr>{columns.map(headerCell)}</tr>
        </thead>
        <tbody>{rows.map(children)}</tbody>
      </table>
    </div>
  );
}

function headerCell(c: Column) {
  if (typeof c === "string") {
    return (
      <th key={c} scope="col">
        {c}
      </th>
    );
  }
  return (
    <th key={c.label} scope="col" className={c.num ? "num" : undefined}>
      {c.hidden ? <span className="visually-hidden">{c.label}</span> : c.label}
    </th>
  );
}
