import type { CourseCard as CourseRow } from "~/db/catalogue/sql.server";
import { courseBadges } from "~/domain/catalogue";
import { imageSources } from "~/domain/image-variants";
import type { CardView } from "./CourseCard";

/** A summary row from the catalogue queries -> what a card shows, with its badges (domain rules). */
export function toCardView(
  r: CourseRow,
  now: Date,
  today: string,
): CardView & { lat: number | null; lng: number | null } {
  return {
    id: r.id,
    slug: r.slug,
    nom: r.nom,
    lieu: r.lieu,
    departement: r.departement,
    image: imageSources(r.image_url, r.image_variants, "card"),
    next_date: r.next_date,
    min_distance: r.min_distance,
    max_distance: r.max_distance,
    min_dplus: r.min_dplus,
    max_dplus: r.max_dplus,
    min_price_cents: r.min_price_cents,
    min_paid_price_cents: r.min_paid_price_cents,
    types: r.types,
    lat: r.lat,
    lng: r.lng,
    badges: courseBadges({
      nextDate: r.next_date,
      hasMeals: r.has_meals === 1,
      isFull: r.is_full === 1,
      createdAt: r.created_at,
      enLigne: true,
      now,
      today,
    }),
  };
}
