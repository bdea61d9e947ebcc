// The pages of the local payment provider (/dev/checkout, /dev/onboarding, /dev/portail, /dev/receipt): the banner
// that says it is a simulation, then the card under its title; and the card's rows of details.
import type { ReactNode } from "react";

export function LocalProviderPage({
  banner,
  title,
  children,
}: {
  banner: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="paydev">
      <p className="paydev-banner">{banner}</p>
      <div className="card paydev-card">
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** One row of the card's details (in a `dl className="paydev-rows"`); none when it has no value. */
export function DetailRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return children ? (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  ) : null;
}
