// Previous and next pages of a list (the catalogue, the formats, the admin's and an organiser's registrations).
import type { ReactNode } from "react";
import { Link } from "~/components/Link";

/**
 * With a `status` ('Page 2 / 5'), the buttons say 'Précédent' and 'Suivant' and a missing one stays in place,
 * disabled. Without one (the catalogue's pages), they carry arrows, a missing one leaves an empty place, and
 * nothing is drawn when there is neither.
 */
export function Pager({
  label = "Pages",
  prev,
  next,
  status,
}: {
  label?: string;
  prev: string | null;
  next: string | null;
  status?: ReactNode;
}) {
  if (status == null && !prev && !next) return null;
  const plain = status != null;
  return (
    <nav className="pager" aria-label={label}>
      <PageLink to={prev} rel="prev" plain={plain}>
        {plain ? "Précédent" : "← Précédent"}
      </PageLink>
      {plain ? <span className="pager-status">{status}</span> : null}
      <PageLink to={next} rel="next" plain={plain}>
        {plain ? "Suivant" : "Suivant →"}
      </PageLink>
    </nav>
  );
}

function PageLink({ to, rel, plain, children }: { to: string | null; rel: string; plain: boolean; children: string }) {
  if (to) {
    return (
      <Link to={to} className="btn btn-ghost" rel={rel}>
        {children}
      </Link>
    );
  }
  return plain ? (
    <span className="btn btn-ghost" aria-disabled="true">
      {children}
    </span>
  ) : (
    <span />
  );
}
