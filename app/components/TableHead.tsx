// A data table's header row: one column header (scope="col") a label, in order. A label given as { hidden } is read
// by screen readers only (an actions column); false or null leaves a column out (one shown only sometimes).
export type ColumnLabel = string | { hidden: string } | false | null;

export function TableHead({ columns }: { columns: readonly ColumnLabel[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          !c ? null : typeof c === "string" ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.hidden} scope="col">
              <span className="visually-hidden">{c.hidden}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
