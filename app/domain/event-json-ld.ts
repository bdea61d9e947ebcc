// The event page's structured data (schema.org SportsEvent, read by search engines). Pure: the caller passes the
// site's address and the event's first upcoming format.
import { centsToDecimal } from "./money";
import * as paths from "~/domain/paths";

export interface JsonLdEvent {
  id: string;
  nom: string;
  presentation: string | null;
  lieu: string;
  code_postal: string;
  departement: string;
  lat: number | null;
  lng: number | null;
  image_url: string | null;
  organisation_nom: string | null;
}

export interface JsonLdFormat {
  id: string;
  nom: string;
  prix_cents: number;
  full: boolean;
  date: string | null;
  heure_depart: string | null;
}

/**
 * The JSON-LD of an event page, serialised for a <script type="application/ld+json"> (every "<" escaped, so the
 * organiser's text cannot close the script). `base` is the site's address without a trailing slash, `shareUrl`
 * the page's canonical address, `first` the format whose date opens the event (or null).
 */
export function eventJsonLd(
  event: JsonLdEvent,
  formats: readonly JsonLdFormat[],
  first: JsonLdFormat | null,
  base: string,
  shareUrl: string,
): string {
  const ld = {
    "@context": "https://schema.org",
    "@type": "SportsEvent",
    name: event.nom,
    description: event.presentation ?? undefined,
    url: shareUrl,
    startDate: first?.date ? (first.heure_depart ? `${first.date}T${first.heure_depart}` : first.date) : undefined,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    image: event.image_url ? [paths.absoluteUrl(base, event.image_url)] : undefined,
    location: {
      "@type": "Place",
      name: event.lieu,
      address: {
        "@type": "PostalAddress",
        addressLocality: event.lieu,
        postalCode: event.code_postal,
        addressRegion: event.departement,
        addressCountry: "FR",
      },
      geo:
        event.lat != null && event.lng != null
          ? { "@type": "GeoCoordinates", latitude: event.lat, longitude: event.lng }
          : undefined,
    },
    organizer: event.organisation_nom ? { "@type": "Organization", name: event.organisation_nom } : undefined,
    offers: formats.map((f) => ({
      "@type": "Offer",
      name: f.nom,
      price: centsToDecimal(f.prix_cents),
      priceCurrency: "EUR",
      availability: f.full ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      url: paths.absoluteUrl(base, paths.registrationPage(event.id, f.id)),
    })),
  };
  return JSON.stringify(ld).replace(/</g, "\\u003c");
}
