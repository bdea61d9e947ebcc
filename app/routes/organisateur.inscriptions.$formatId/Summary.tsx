// The format's totals above the registrants table and the pager below it.
import { formatEuros } from "~/domain/format";
import { Pager as SharedPager } from "~/components/table/Pager";

export function Totals({
  d,
}: {
  d: {
    formatTotal: number;
    mealsReserved: number;
    taken: number;
    format: { stock_repas: number; prix_repas_cents: number; nb_max_coureurs: number | null };
  };
}) {
  return (
    <ul className="registrants-totals" aria-label="Totaux du format">
      <li>
        <strong>{d.formatTotal}</strong> inscription{d.formatTotal > 1 ? "s" : ""}
      </li>
      <li>
        <strong>{d.mealsReserved}</strong> repas réservé{d.mealsReserved > 1 ? "s" : ""}
        {d.format.stock_repas > 0 ? ` (${formatEuros(d.format.prix_repas_cents)} l'unité)` : ""}
      </li>
      <li>
        Places&nbsp;: <strong>{d.taken}</strong>
        {d.format.nb_max_coureurs != null ? ` / ${d.format.nb_max_coureurs}` : " (sans limite)"}
      </li>
    </ul>
  );
}

/** Previous and next pages (`pageLink` keeps the search). */
export function Pager({ page, pages, pageLink }: { page: number; pages: number; pageLink: (p: number) => string }) {
  return (
    <SharedPager
      label="Pagination"
      prev={page > 1 ? pageLink(page - 1) : null}
      next={page < pages ? pageLink(page + 1) : null}
      status={
        <>
          Page {page} / {pages}
        </>
      }
    />
  );
}
