// The #discussion section, loaded lazily: the server renders it in full (its forms work without JavaScript),
// while the browser fetches the chat's code only once the section comes near the screen, or as soon as the visitor
// navigates. Until then the server's HTML stays in place as a static island and its plain forms still post. This
// keeps the live chat's code out of the event page's first download (issue 4, bench/catalogue).
//
// The island is not a dehydrated Suspense boundary: React marks such a boundary as changed whenever any context
// above it changes (Remix's location and navigation contexts change on every click), then gives up hydrating it
// (error #421) and shows its fallback until the code arrives. A <div> whose content React was told not to manage
// (dangerouslySetInnerHTML, empty, with suppressHydrationWarning) keeps the server's HTML through any update.
import type { LinksFunction } from "@remix-run/cloudflare";
import { useLocation, useNavigation } from "@remix-run/react";
import { lazy, startTransition, Suspense, useEffect, useRef, useState } from "react";
import { IslandData, useStaticPage } from "~/components/islands";
import type { DiscussionData } from "~/services/chat-discussion.server";
import styles from "~/styles/chat.css?url";
import { isAppHydrated } from "../catalogue/ClientOnly";
import { Discussion } from "./Discussion";
import { CHAT_ISLAND_DATA_ID, CHAT_ISLAND_ID, type ChatIslandData, DRAFT_FIELDS, recordDraft } from "./drafts";
import { RestoreDrafts } from "./RestoreDrafts";

export const discussionLinks: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

let releaseNow: (() => void) | null = null;

/** Fetches the discussion's code now, whatever the scroll position (the visitor started a navigation). */
function releaseDiscussion() {
  releaseNow?.();
}

/**
 * Resolves once the element is within 600 px of the viewport, once it has left the page, or on
 * `releaseDiscussion()`. At once on the server, without IntersectionObserver, or when the element is not there.
 */
function nearViewport(id: string): Promise<void> {
  if (typeof document === "undefined" || typeof IntersectionObserver === "undefined") return Promise.resolve();
  const el = document.getElementById(id);
  if (!el) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      io.disconnect();
      clearInterval(gone);
      releaseNow = null;
      resolve();
    };
    releaseNow = done;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: "600px 0px",
    });
    io.observe(el);
    const gone = setInterval(() => !el.isConnected && done(), 500);
  });
}

let code: Promise<typeof import("./Discussion")> | null = null;
/** The chat's code, fetched once the section is near (the same promise for every caller). */
function discussionCode() {
  code ??= nearViewport("discussion").then(() => import("./Discussion"));
  return code;
}

const DiscussionImpl = lazy(() => discussionCode().then((m) => ({ default: m.Discussion })));

const FALLBACK = <p className="muted">Chargement de la discussion…</p>;

// The server bundle renders the real component (documents are rendered in one synchronous pass, ADR 0026); the
// browser bundle gets null and drops the import (import.meta.env.SSR is a build-time constant, as for the links),
// so the chat's code only arrives through the lazy import above.
const ServerDiscussion = import.meta.env.SSR ? Discussion : null;

/** `address`: the event's slug or id, as in the page's address (the chat's forms come back to it). */
export function LazyDiscussion({ data, address }: { data: DiscussionData; address: string }) {
  // Hydrating the server's page: keep its HTML as a static island until the code is here. Mounted later (another
  // event opened in the browser): there is no server HTML, so render the lazy component at once.
  const [live, setLive] = useState(() => ServerDiscussion !== null || isAppHydrated());
  const navigating = useNavigation().state !== "idle";
  const { search } = useLocation();
  const staticPage = useStaticPage();
  const island = useRef<HTMLDivElement>(null);
  const drafts = useRef<Record<string, string>>({});
  useEffect(() => {
    if (navigating) releaseDiscussion();
  }, [navigating]);
  useEffect(() => {
    if (live) return;
    let cancelled = false;
    // Text typed into the island is carried over to the live component, not lost. It is recorded as it is typed, not
    // read once when the code arrives: the swap happens in a transition, and a visitor may still type in between.
    const el = island.current;
    const record = (e: Event) => e.target instanceof Element && recordDraft(drafts.current, e.target);
    for (const field of el?.querySelectorAll(DRAFT_FIELDS) ?? []) recordDraft(drafts.current, field);
    el?.addEventListener("input", record);
    void discussionCode().then(() => {
      if (!cancelled) startTransition(() => setLive(true));
    });
    return () => {
      cancelled = true;
      el?.removeEventListener("input", record);
    };
  }, [live]);

  if (ServerDiscussion && staticPage) {
    // A static page (ADR 0222): the chat island hydrates this <div> with the same component and data.
    return (
      <>
        <div className="discussion-island" id={CHAT_ISLAND_ID}>
          <ServerDiscussion data={data} address={address} search={search} />
        </div>
        <IslandData id={CHAT_ISLAND_DATA_ID} value={{ data, address } satisfies ChatIslandData} />
      </>
    );
  }
  if (ServerDiscussion) {
    return (
      <div className="discussion-island">
        <ServerDiscussion data={data} address={address} search={search} />
      </div>
    );
  }
  if (!live)
    return (
      <div
        ref={island}
        className="discussion-island"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty on purpose, so that React keeps the server's HTML (see above)
        dangerouslySetInnerHTML={{ __html: "" }}
        suppressHydrationWarning
      />
    );
  return (
    <div className="discussion-island">
      <Suspense fallback={FALLBACK}>
        <DiscussionImpl data={data} address={address} search={search} />
        <RestoreDrafts drafts={drafts.current} />
      </Suspense>
    </div>
  );
}
