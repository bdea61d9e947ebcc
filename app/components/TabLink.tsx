// A link among tabs or chips that switch what the page shows, keeping its scroll; the one shown is marked (its class
// `is-active`, aria-current).
import type { ReactNode } from "react";
import { Link } from "~/components/Link";

export function TabLink({
  to,
  className,
  active,
  current = "page",
  children,
}: {
  to: string;
  className: "tab" | "chip";
  active: boolean;
  /** What aria-current says of the one shown: the page, or the chosen one of a set ("true"). */
  current?: "page" | "true";
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={active ? `${className} is-active` : className}
      aria-current={active ? current : undefined}
      preventScrollReset
    >
      {children}
    </Link>
  );
}
