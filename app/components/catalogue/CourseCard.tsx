import { Link } from "~/components/Link";
import { EVENT_TYPES, rangeText, type BadgeCode } from "~/domain/catalogue";
import { formatDate, formatEuros, formatKm, formatMeters } from "~/utils/format";
import { Badges } from "./Badges";

/** What a card needs, already derived on the server (see app/routes/courses._index.tsx). */
export interface CardView {
  id: string;
  slug: string;
  nom: string;
  lieu: string;
  departement: string;
  image_url: string | null;
  next_date: string | null;
  min_distance: number | null;
  max_distance: number | null;
  min_dplus: number | null;
  max_dplus: number | null;
  min_price_cents: number | null;
  types: string | null;
  badges: BadgeCode[];
}

export function typeLabels(types: string | null): string | null {
  if (!types) return null;
  return types
    .split(",")
    .map((t) => EVENT_TYPES[t as keyof typeof EVENT_TYPES] ?? t)
    .join(" · ");
}

export function CourseCard({ c, headingLevel = 3 }: { c: CardView; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  const distance = rangeText(c.min_distance != null && c.max_distance != null ? { min: c.min_distance, max: c.max_distance } : null, formatKm);
  const dplus = rangeText(c.min_dplus != null && c.max_dplus != null ? { min: c.min_dplus, max: c.max_dplus } : null, formatMeters);
  return (
    <li className="card course-card">
      <Link to={`/courses/${c.slug}`} className="card-link" prefetch="intent">
        {c.image_url ? (
          <img src={c.image_url} alt="" loading="lazy" width={400} height={225} />
        ) : (
          <div className="card-img-placeholder" aria-hidden="true">◆</div>
        )}
        <div className="card-body">
          <Badges codes={c.badges} />
          <H>{c.nom}</H>
          <p className="muted">{`${c.lieu} (${c.departement})`}</p>
          <p>{c.next_date ? formatDate(c.next_date) : "À venir"}</p>
          <p className="small">
            {[typeLabels(c.types), distance, dplus ? `${dplus} D+` : null].filter(Boolean).join(" · ")}
          </p>
          {c.min_price_cents != null ? <p className="price">dès {formatEuros(c.min_price_cents)}</p> : null}
        </div>
      </Link>
    </li>
  );
}
