// The light waiting page of an opening queue (issue 21, docs/decisions/0135): served by the Worker (server.ts)
// before Remix, to a runner who waits in a format's queue, with one Durable Object call and no D1 read. It prints
// the same queue panel as the registration page (QueuePanelBody), under the site's name, with the site's styles;
// without JavaScript it reloads itself (its meta refresh); with it, a few lines of script take the live position
// from the queue's WebSocket and reload the page when the turn comes (the full page then shows the form).
// Exported to the Worker through the build's entry (app/entry.server.tsx), so React is bundled once.
import { renderToString } from "react-dom/server";
import { BRAND_LINK_LABEL, BrandContent } from "~/components/Brand";
import { QUEUE_PAGE_TITLE, QueuePanelBody } from "~/components/QueuePanel";
import type { QueueView } from "~/domain/opening-queue";
import { lightQueueView } from "~/services/opening-queue.server";
import appStyles from "~/styles/app.css?url";
import registrationStyles from "~/styles/registration.css?url";
import * as paths from "~/domain/paths";

/** Seconds between reloads with JavaScript while the socket brings the position (the full page's own fallback). */
const LIVE_RELOAD_SECONDS = 30;

/**
 * The live part, the same text on every page (no value written into it: it reads the format, the ticket and the
 * reload period from the page's data attributes). Positions arrive every second; 'admis' or 'inconnu' reloads.
 */
const LIVE_SCRIPT = `(function () {
  var main = document.querySelector("[data-queue-format]");
  if (!main) return;
  var reload = Number(main.getAttribute("data-queue-reload")) || ${LIVE_RELOAD_SECONDS};
  setTimeout(function () { location.reload(); }, reload * 1000);
  var ticket = document.querySelector("[data-ticket]");
  if (!ticket || !window.WebSocket) return;
  var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/parties/format-queue/" +
    encodeURIComponent(main.getAttribute("data-queue-format")) + "?ticket=" + encodeURIComponent(ticket.getAttribute("data-ticket"));
  var delay = 1000;
  function set(selector, text) {
    var el = document.querySelector(selector);
    if (el) el.textContent = text;
  }
  function connect() {
    var socket = new WebSocket(url);
    socket.onmessage = function (e) {
      var m;
      try { m = JSON.parse(e.data); } catch (_) { return; }
      delay = 1000; // the queue answers: the next reconnection may be quick again
      if (m.type === "position") {
        set("[data-queue-sentence]", m.sentence + ".");
        set("[data-queue-wait]", m.wait);
      } else if (m.type === "admis" || m.type === "inconnu") {
        location.reload();
      }
    };
    socket.onclose = function () {
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    };
  }
  connect();
})();`;

/** The whole document of the light waiting page. */
export function lightQueueDocument(view: QueueView, nonce: string): string {
  const reload = view.ticket == null ? view.refresh : LIVE_RELOAD_SECONDS;
  const html = renderToString(
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f5132" />
        <title>{QUEUE_PAGE_TITLE}</title>
        <meta name="robots" content="noindex" />
        <link rel="stylesheet" href={appStyles} />
        <link rel="stylesheet" href={registrationStyles} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>
        <header className="site-header">
          <div className="container header-inner">
            <a href={paths.home()} className="brand" aria-label={BRAND_LINK_LABEL}>
              <BrandContent />
            </a>
          </div>
        </header>
        <main id="contenu" className="site-main" data-queue-format={view.format.id} data-queue-reload={reload}>
          <QueuePanelBody view={view} position={view.position} wait={view.wait}>
            <a href={paths.eventPage(view.format.courseId)}>Retour à l'épreuve</a>
          </QueuePanelBody>
        </main>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, with the page's nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: LIVE_SCRIPT }} />
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${html}`;
}

/**
 * The light waiting page for this request, or null when the full page must answer (not a registration page with
 * `?format=`, no account in the session cookie, the queue keeps no facts for it, or the runner is admitted).
 * Headers (security, cache) are the Worker's to add, as for every page.
 */
export async function lightQueueResponse(
  request: Request,
  bindings: Env,
  env: { APP_ENV: string; SESSION_SECRET: string },
  nonce: string,
  now: number,
): Promise<Response | null> {
  const view = await lightQueueView(request, bindings, env, now);
  if (!view) return null;
  return new Response(lightQueueDocument(view, nonce), {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}
