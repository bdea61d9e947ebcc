import type { ReactNode } from "react";

export const LEGAL_UPDATED = "17/08/2025";

export function LegalPage({
  title,
  updated = LEGAL_UPDATED,
  children,
}: {
  title: string;
  updated?: string;
  children: ReactNode;
}) {
  return (
    <article className="container page-narrow prose">
      <h1>{title}</h1>
      <p className="muted">Dernière mise à jour&nbsp;: {updated}</p>
      {children}
    </article>
  );
}
