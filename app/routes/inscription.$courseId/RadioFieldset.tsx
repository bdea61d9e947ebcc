// A block of the registration form whose choice is a group of radios (the format, the justificatif): the fieldset,
// its legend naming the group too, the group focusable from the error summary, then what follows the radios.
import type { ReactNode } from "react";

export function RadioFieldset({
  legend,
  groupId,
  groupClassName,
  describedBy,
  radios,
  children,
}: {
  legend: string;
  /** The group's id, the error summary's link target. */
  groupId: string;
  groupClassName: string;
  describedBy?: string;
  radios: ReactNode;
  children?: ReactNode;
}) {
  return (
    <fieldset className="card reg-block">
      <legend>{legend}</legend>
      <div
        className={groupClassName}
        id={groupId}
        tabIndex={-1}
        role="radiogroup"
        aria-label={legend}
        aria-describedby={describedBy}
      >
        {radios}
      </div>
      {children}
    </fieldset>
  );
}
