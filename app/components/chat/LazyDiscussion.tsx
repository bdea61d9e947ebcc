// The #discussion section, loaded lazily: the server renders it in full (its forms work without JavaScript),
// while the browser fetches the chat's code only once the section comes near the screen. Until then the
// server's HTML stays in place (React leaves a suspended boundary as it was rendered) and its plain forms still
// post. This keeps the live chat's code out of the event page's first download (issue 4, bench/catalogue).
import type { LinksFunction } from "@remix-run/cloudflare";
import { lazy, Suspense, useContext } from "react";
import type { DiscussionData } from "~/services/chat.server";
import styles from "~/styles/chat.css?url";
import { ServerDiscussionContext } from "./server-discussion";

export const discussionLinks: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/**
 * Resolves once the element is within 600 px of the viewport, or once it has left the page (the visitor moved on
 * to another page before scrolling down: the next discussion must not wait for an element that is gone). At once
 * on the server, without IntersectionObserver, or when the element is not there.
 */
function nearViewport(id: string): Promise<void> {
  if (typeof document === "undefined" || typeof IntersectionObserver === "undefined") return Promise.resolve();
  const el = document.getElementById(id);
  if (!el) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      io.disconnect();
      clearInterval(gone);
      resolve();
    };
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), { rootMargin: "600px 0px" });
    io.observe(el);
    const gone = setInterval(() => !el.isConnected && done(), 500);
  });
}

const DiscussionImpl = lazy(() =>
  nearViewport("discussion")
    .then(() => import("./Discussion"))
    .then((m) => ({ default: m.Discussion })),
);

export function LazyDiscussion({ data }: { data: DiscussionData }) {
  // On the server the component is given (entry.server renders the document in one synchronous pass, which
  // would otherwise print the fallback); in the browser it is loaded lazily. The Suspense boundary is the same on
  // both sides, so hydration keeps the server's HTML until the code arrives.
  const ServerDiscussion = useContext(ServerDiscussionContext);
  return (
    <Suspense fallback={<p className="muted">Chargement de la discussion…</p>}>
      {ServerDiscussion ? <ServerDiscussion data={data} /> : <DiscussionImpl data={data} />}
    </Suspense>
  );
}
