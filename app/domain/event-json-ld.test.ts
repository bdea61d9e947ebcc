import { describe, expect, it } from "vitest";
import { eventJsonLd, type JsonLdEvent, type JsonLdFormat } from "./event-json-ld";

const EVENT: JsonLdEvent = {
  id: "c1",
  nom: "Trail des Crêtes",
  presentation: "Une belle course </script><script>alert(1)</script>",
  lieu: "Grenoble",
  code_postal: "38000",
  departement: "Isère",
  lat: 45.19,
  lng: 5.72,
  image_url: "/fichiers/images/a.jpg",
  organisation_nom: "Club Alpin",
};
const F1: JsonLdFormat = {
  id: "f1",
  nom: "12 km",
  prix_cents: 1850,
  full: false,
  date: "2026-12-06",
  heure_depart: "09:30",
};
const F2: JsonLdFormat = {
  id: "f2",
  nom: "Gratuit",
  prix_cents: 0,
  full: true,
  date: "2026-12-07",
  heure_depart: null,
};
const BASE = "https://balise.fr";

describe("eventJsonLd", () => {
  it("describes the event, its place, organiser and offers (prices from integer cents)", () => {
    const ld = JSON.parse(eventJsonLd(EVENT, [F1, F2], F1, BASE, `${BASE}/courses/trail`));
    expect(ld).toMatchObject({
      "@type": "SportsEvent",
      name: "Trail des Crêtes",
      url: "https://balise.fr/courses/trail",
      startDate: "2026-12-06T09:30",
      image: ["https://balise.fr/fichiers/images/a.jpg"],
      location: { address: { postalCode: "38000", addressRegion: "Isère" }, geo: { latitude: 45.19, longitude: 5.72 } },
      organizer: { name: "Club Alpin" },
    });
    expect(ld.offers).toEqual([
      {
        "@type": "Offer",
        name: "12 km",
        price: "18.50",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        url: "https://balise.fr/inscription/c1?format=f1",
      },
      {
        "@type": "Offer",
        name: "Gratuit",
        price: "0.00",
        priceCurrency: "EUR",
        availability: "https://schema.org/SoldOut",
        url: "https://balise.fr/inscription/c1?format=f2",
      },
    ]);
  });

  it.each([
    ["a date and a time", F1, "2026-12-06T09:30"],
    ["a date only", F2, "2026-12-07"],
    ["no format", null, undefined],
  ])("start date from %s", (_label, first, start) => {
    expect(JSON.parse(eventJsonLd(EVENT, [], first, BASE, BASE)).startDate).toBe(start);
  });

  it("leaves out what the event does not have", () => {
    const ld = JSON.parse(
      eventJsonLd(
        { ...EVENT, presentation: null, image_url: null, lat: null, organisation_nom: null },
        [],
        null,
        BASE,
        BASE,
      ),
    );
    expect(ld.description).toBeUndefined();
    expect(ld.image).toBeUndefined();
    expect(ld.location.geo).toBeUndefined();
    expect(ld.organizer).toBeUndefined();
  });

  it("cannot close its script element", () => {
    const text = eventJsonLd(EVENT, [F1], F1, BASE, BASE);
    expect(text).not.toContain("<");
    expect(JSON.parse(text).description).toBe(EVENT.presentation);
  });
});
