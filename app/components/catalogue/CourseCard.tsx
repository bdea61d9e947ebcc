import { FastLink } from "~/components/Link";
import { type BadgeCode, EVENT_TYPES, type FormatSpans, rangeText } from "~/domain/catalogue";
import { dateParts, formatDateLong, formatKm, formatMeters, priceSummary } from "~/domain/format";
import type { ImageSources } from "~/domain/image-variants";
import { ResponsiveImage } from "../ResponsiveImage";
import { Badges } from "./Badges";
import * as paths from "~/domain/paths";

/** What a card needs, already derived on the server (see app/routes/courses._index.tsx). */
export interface CardView extends FormatSpans {
  id: string;
  slug: string;
  nom: string;
  lieu: string;
  departement: string;
  /** The organiser's image as a thumbnail (its card sizes when made: decision 0223). */
  image: ImageSources | null;
  next_date: string | null;
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

/**
 * One event in a list, compact like a race calendar: a date block, the name, the place, the formats' type,
 * distance and climb, the lowest price ('Gratuit' when it is 0). The organiser's image, when there is one, is a
 * small thumbnail; there is no placeholder image.
 */
export function CourseCard({ c, headingLevel = 3 }: { c: CardView; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  const distance = rangeText(
    c.min_distance != null && c.max_distance != null ? { min: c.min_distance, max: c.max_distance } : null,
    formatKm,
  );
  const dplus = rangeText(
    c.min_dplus != null && c.max_dplus != null ? { min: c.min_dplus, max: c.max_dplus } : null,
    formatMeters,
  );
  const date = dateParts(c.next_date);
  const price = priceSummary(c.min_price_cents, c.min_paid_price_cents);
  return (
    <li className="card course-card">
      <FastLink to={paths.eventPage(c.slug)} className="card-link" prefetch="intent">
        <span className="card-date" aria-hidden="true">
          {date ? (
            <>
              <span className="card-date-day">{date.day}</span>
              <span className="card-date-month">{date.month}</span>
              <span className="card-date-year">{date.year}</span>
            </>
          ) : (
            <span className="card-date-month">À venir</span>
          )}
        </span>
        <div className="card-body">
          <H className="card-title">{c.nom}</H>
          <p className="card-place">{`${c.lieu} (${c.departement})`}</p>
          <p className="visually-hidden">{c.next_date ? `Le ${formatDateLong(c.next_date)}.` : "Date à venir."}</p>
          <p className="card-meta">
            {[typeLabels(c.types), distance, dplus ? `${dplus}\u00a0D+` : null].filter(Boolean).join(" · ")}
          </p>
          <div className="card-foot">
            <Badges codes={c.badges} />
            {price ? (
              <p className="price">
                {price.text}
                {price.freeFormat ? <span className="price-free">Format gratuit</span> : null}
              </p>
            ) : null}
          </div>
        </div>
        {c.image ? <ResponsiveImage image={c.image} className="card-thumb" /> : null}
      </FastLink>
    </li>
  );
}
