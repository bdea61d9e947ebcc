// Pieces the admin screens (and the organiser's payouts) share: the date filters, a payout's state with its
// reason, a course select, and the cells and header of their tables.
import type { ReactNode } from "react";
import { FieldShell, fieldAria } from "~/components/Field";
import { Link } from "~/components/Link";
import { RowOptions } from "~/components/form/Options";
import type { DateFilterErrors } from "~/domain/admin";
import type { PayoutLine } from "~/domain/payout-line";
import { formatEuros } from "~/domain/format";
import * as paths from "~/domain/paths";

/** 'Du' and 'Au' (type=date), each with its French message when it cannot be used. */
export function DateRangeFields({
  idPrefix,
  du,
  au,
  errors,
}: {
  idPrefix: string;
  du: string;
  au: string;
  errors: DateFilterErrors;
}) {
  return (
    <>
      {(["du", "au"] as const).map((name) => {
        const id = `${idPrefix}-${name}`;
        const error = errors[name];
        return (
          <FieldShell key={name} id={id} label={name === "du" ? "Du" : "Au"} error={error}>
            <input
              id={id}
              name={name}
              type="date"
              defaultValue={name === "du" ? du : au}
              {...fieldAria(id, { error })}
            />
          </FieldShell>
        );
      })}
    </>
  );
}

/** A payout's state ('Versé, repris en partie', 'À verser le 13/06/2027'…) and, when it failed, why. */
export function PayoutStatus({ line }: { line: Pick<PayoutLine, "state" | "label" | "failureReason"> }) {
  return (
    <>
      <span className={line.state === "echec" ? "transfer-failed" : undefined}>{line.label}</span>
      {line.failureReason ? <span className="field-error transfer-reason">{line.failureReason}</span> : null}
    </>
  );
}

/** What a payout line says in amounts, one per line under its state: sent, taken back, still due. */
export function PayoutAmounts({ line }: { line: Pick<PayoutLine, "sentCents" | "takenBackCents" | "dueCents"> }) {
  return (
    <span className="muted small payout-amounts">
      <span>{`Versé ${formatEuros(line.sentCents)}`}</span>
      <span>{`Repris ${formatEuros(line.takenBackCents)}`}</span>
      <span>{`À verser ${formatEuros(line.dueCents)}`}</span>
    </span>
  );
}

/** The event filter: 'Toutes' and the events offered. */
export function CourseSelect({
  id,
  value,
  courses,
  onChange,
}: {
  id: string;
  value: string;
  courses: { id: string; nom: string }[];
  onChange?: (e: React.ChangeEvent<HTMLSelectElement>) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Course</label>
      <select id={id} name="course" defaultValue={value} onChange={onChange}>
        <option value="">Toutes</option>
        <RowOptions rows={courses} label={(c) => c.nom} />
      </select>
    </div>
  );
}

export type AdminColumn = string | { label: string; num: true };

/** A table's header row: `first` (a cell of its own, e.g. 'select all'), then one column per label; `num` columns
 * are right-aligned (amounts, counts). */
export function AdminTableHead({ columns, first }: { columns: readonly AdminColumn[]; first?: ReactNode }) {
  return (
    <thead>
      <tr>
        {first}
        {columns.map((c) =>
          typeof c === "string" ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.label} scope="col" className="num">
              {c.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** A right-aligned amount cell, labelled for the narrow-screen layout. */
export function MoneyCell({ label, cents }: { label: string; cents: number }) {
  return (
    <td data-label={label} className="num">
      {formatEuros(cents)}
    </td>
  );
}

/** The event (linked to its admin page when `courseId` is given) and, below it, the format. */
export function EventFormatCell({
  courseId,
  course,
  format,
}: {
  courseId?: string;
  course: string;
  format: ReactNode;
}) {
  return (
    <td data-label="Course/Format">
      {courseId ? <Link to={paths.adminEvent(courseId)}>{course}</Link> : course}
      <br />
      <span className="muted small">{format}</span>
    </td>
  );
}

/** The runner's name and, below it, their e-mail. */
export function RunnerCell({ name, email }: { name: string; email: string | null }) {
  return (
    <td data-label="Coureur">
      {name}
      <br />
      <span className="muted small">{email}</span>
    </td>
  );
}
