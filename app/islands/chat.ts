// Chat island (docs/decisions/0222): on a static event page, the discussion the server rendered (its plain forms work
// without JavaScript) goes live once it comes within 600 px of the screen: React, the Discussion component and
// partysocket are fetched then, and React hydrates only this section, from the data the server left beside it. The
// one island with React: the live discussion is a React component shared with the React page (a measured need: it
// comes after the first screen, so a first visit does not download it). Text typed in the meantime is kept.
import { CHAT_ISLAND_DATA_ID, CHAT_ISLAND_ID, type ChatIslandData, recordDraft } from "~/components/chat/drafts";

const root = document.getElementById(CHAT_ISLAND_ID);
const json = document.getElementById(CHAT_ISLAND_DATA_ID)?.textContent;

/** Resolves once `el` is within 600 px of the viewport (at once without IntersectionObserver). */
function nearViewport(el: HTMLElement): Promise<void> {
  if (typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        resolve();
      },
      { rootMargin: "600px 0px" },
    );
    io.observe(el);
  });
}

async function goLive(el: HTMLElement, { data, address }: ChatIslandData) {
  const drafts: Record<string, string> = {};
  const record = (e: Event) => e.target instanceof Element && recordDraft(drafts, e.target);
  el.addEventListener("input", record);
  await nearViewport(el);
  const [{ createElement, Fragment }, { hydrateRoot }, { Discussion }, { RestoreDrafts }] = await Promise.all([
    import("react"),
    import("react-dom/client"),
    import("~/components/chat/Discussion"),
    import("~/components/chat/RestoreDrafts"),
  ]);
  el.removeEventListener("input", record);
  for (const field of el.querySelectorAll("textarea[id], input[type=text][id]")) recordDraft(drafts, field);
  hydrateRoot(
    el,
    createElement(
      Fragment,
      null,
      createElement(Discussion, { data, address, search: window.location.search }),
      createElement(RestoreDrafts, { drafts }),
    ),
  );
}

if (root && json) {
  goLive(root, JSON.parse(json) as ChatIslandData).catch((e) => console.error("discussion : direct impossible", e));
}
