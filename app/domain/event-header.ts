// An event's header as its lists and pages carry it (the organiser's list of events, the registration page): who it
// is, where it is, its address and whether it is online. Said once so that every page reads the same fields.

export const EVENT_HEADER_FIELDS = ["id", "nom", "lieu", "departement", "slug", "en_ligne"] as const;

type HeaderField = (typeof EVENT_HEADER_FIELDS)[number];

/** The header fields of an event row, nothing else of it. */
export function eventHeader<C extends Record<HeaderField, unknown>>(c: C): Pick<C, HeaderField> {
  const header = {} as Pick<C, HeaderField>;
  for (const k of EVENT_HEADER_FIELDS) header[k] = c[k];
  return header;
}
