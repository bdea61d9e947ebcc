// The event page's data as its components receive it (the loader's, serialised), its tabs and their links.
import type { LoaderFunctionArgs, SerializeFrom } from "@remix-run/cloudflare";
import type { EventPageResult, EventTab } from "~/services/event-page.server";

type EventPage = Extract<EventPageResult, { ok: true }>["page"];

/** What the page's loader gives its components (`useLoaderData<typeof loader>()`). */
export type Data = SerializeFrom<(args: LoaderFunctionArgs) => Promise<EventPage>>;
export type FormatView = Data["formats"][number];

export const TABS: readonly { id: EventTab; label: string }[] = [
  { id: "apercu", label: "Aperçu" },
  { id: "formats", label: "Formats & tarifs" },
  { id: "parcours", label: "Parcours" },
  { id: "infos", label: "Infos pratiques" },
];

export function tabHref(tab: EventTab, formatId: string | null) {
  const p = new URLSearchParams();
  if (tab !== "apercu") p.set("onglet", tab);
  if (formatId) p.set("format", formatId);
  const s = p.toString();
  return s ? `?${s}` : "?";
}
