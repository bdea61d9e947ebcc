// The #discussion section, loaded lazily: the server renders it in full (its forms work without JavaScript),
// while the browser fetches the chat's code only once the section comes near the screen. Until then the
// server's HTML stays in place (React leaves a suspended boundary as it was rendered) and its plain forms still
// post. This keeps the live chat's code out of the event page's first download (issue 4, bench/catalogue).
import type { LinksFunction } from "@remix-run/cloudflare";
import { lazy, Suspense } from "react";
import type { DiscussionData } from "~/services/chat.server";
import styles from "~/styles/chat.css?url";

export const discussionLinks: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** Resolves once the element is within 600 px of the viewport (at once on the server or without IntersectionObserver). */
function nearViewport(id: string): Promise<void> {
  if (typeof document === "undefined" || typeof IntersectionObserver === "undefined") return Promise.resolve();
  const el = document.getElementById(id);
  if (!el) return Promise.resolve();
  return new Promise((resolve) => {
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          resolve();
        }
      },
      { rootMargin: "600px 0px" },
    );
    io.observe(el);
  });
}

const DiscussionImpl = lazy(() =>
  nearViewport("discussion")
    .then(() => import("./Discussion"))
    .then((m) => ({ default: m.Discussion })),
);

export function LazyDiscussion({ data }: { data: DiscussionData }) {
  return (
    <Suspense fallback={<p className="muted">Chargement de la discussion…</p>}>
      <DiscussionImpl data={data} />
    </Suspense>
  );
}
