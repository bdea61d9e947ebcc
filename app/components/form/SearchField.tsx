// A search box of a filter form (the catalogue, the admin's registrations, an organiser's registrants): its label,
// a type=search input of at most 100 characters and, when given, its hint below it.
import type { ReactNode } from "react";

export function SearchField({
  id,
  name = "q",
  label,
  value,
  placeholder,
  autoComplete,
  hint,
  className = "field",
  invalid,
  children,
}: {
  id: string;
  name?: string;
  label: string;
  value: string;
  placeholder?: string;
  autoComplete?: string;
  hint?: string;
  className?: string;
  /** The input's aria-invalid and aria-describedby when the page shows an error for it. */
  invalid?: { "aria-invalid"?: true; "aria-describedby"?: string };
  /** Below the input and its hint (the field's error). */
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="search"
        defaultValue={value}
        placeholder={placeholder}
        maxLength={100}
        autoComplete={autoComplete}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...invalid}
      />
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}
