/** A small padlock drawn in SVG (emoji fonts are missing on some devices), used for the 'Hors-ligne' label. */
export function LockIcon() {
  return (
    <svg
      aria-hidden="true"
      width="11"
      height="12"
      viewBox="0 0 11 12"
      style={{ verticalAlign: "-1px", marginRight: 3 }}
    >
      <rect x="1" y="5" width="9" height="7" rx="1.5" fill="currentColor" />
      <path d="M3 5V3.6a2.5 2.5 0 0 1 5 0V5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
