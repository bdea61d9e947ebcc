// An organiser's page about one of their events (finances, promo codes, team, journal): the way back to their space,
// the title `Section – Event` (as organiserPageMeta heads it), what the page is for, then its content.
import type { ReactNode } from "react";
import { Link } from "~/components/Link";
import * as paths from "~/domain/paths";

export function EventToolPage({
  section,
  event,
  intro,
  children,
}: {
  section: string;
  event: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="container page">
      <p>
        <Link to={paths.organiserSpace()}>← Mon espace organisateur</Link>
      </p>
      <h1>{`${section} – ${event}`}</h1>
      <p className="muted">{intro}</p>
      {children}
    </main>
  );
}
