// A table of rows that scrolls sideways on a narrow screen, with its header row, or what to say when there are no
// rows: the lists of the admin, organiser and profile pages share it.
import type { ReactNode } from "react";

/** A column: its label, right-aligned when `num` (amounts, counts), read only by screen readers when `hidden`. */
export type Column = string | { label: string; num?: true; hidden?: true };
/** A column, or false / null for one shown only sometimes (left out of the header). */
export type MaybeColumn = Column | false | null;
/** Right-aligned columns (amounts, counts), one per label. */
export const numColumns = (...labels: string[]) => labels.map((label) => ({ label, num: true as const }));

/** The header row alone, for a table whose frame is its own. */
export function TableHead({ columns }: { columns: readonly MaybeColumn[] }) {
  return (
    <thead>
      <tr>{columns.map((c) => (c ? headerCell(c) : null))}</tr>
    </thead>
  );
}

export function DataTable<T>({
  rows,
  empty,
  columns,
  className = "table",
  region,
  wrapClassName,
  caption,
  testId,
  children,
}: {
  rows: readonly T[];
  /** Shown instead of the table when there are no rows (the table is always shown without it). */
  empty?: ReactNode;
  columns: readonly MaybeColumn[];
  className?: string;
  /** A class of the scroll area besides table-wrap. */
  wrapClassName?: string;
  /** The table's caption element, before its header. */
  caption?: ReactNode;
  testId?: string;
  /** The id of the title labelling the table: the scroll area becomes a focusable region it names. */
  region?: string;
  children: (row: T, index: number) => ReactNode;
}) {
  if (empty && rows.length === 0) return <>{empty}</>;
  const scroll = region ? { role: "region", "aria-labelledby": region, tabIndex: 0 } : {};
  return (
    <div className={wrapClassName ? `table-wrap ${wrapClassName}` : "table-wrap"} {...scroll}>
      <table className={className} data-testid={testId}>
        {caption}
        <TableHead columns={columns} />
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
