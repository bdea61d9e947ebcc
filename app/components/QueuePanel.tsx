// The opening queue as a runner sees it (issue 21): their place and an honest estimate, or the draw they take part
// in. Shown at the registration form's own address while the runner waits (its first answer: no redirect) and at
// /file-attente/{formatId}. Without JavaScript the page reloads itself (a meta refresh inside <noscript>, so that it
// never reloads a page that runs scripts) every 5 s near the front, less often far back (a quarter of the wait, at
// most 30 s); with JavaScript the queue pushes the place and the wait over a WebSocket every second (partysocket;
// party/format-queue.ts), and the page re-reads its data when the turn comes (and every 30 s, should the socket be
// down). docs/decisions/0133-opening-queue.md
import { useRevalidator } from "@remix-run/react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "~/components/Link";
import { isLiveMessage, queueSentence, type LiveMessage, type QueueView } from "~/domain/opening-queue";
import * as paths from "~/domain/paths";
import { RANK_MEANING } from "~/domain/opening-admission";

/** The queue page's title, at the registration page's address and on the light waiting page. */
export const QUEUE_PAGE_TITLE = "File d'attente — Balise";

/** Seconds between re-reads with JavaScript (the socket pushes every second; this is the fallback). */
const REVALIDATE_SECONDS = 30;

/** The queue's live messages for this ticket (null until the first one, or without a ticket). */
function useLivePosition(formatId: string, ticket: number | null): LiveMessage | null {
  const [live, setLive] = useState<LiveMessage | null>(null);
  useEffect(() => {
    setLive(null);
    if (ticket == null) return;
    let closed = false;
    let socket: { close(): void } | null = null;
    import("partysocket")
      .then(({ default: PartySocket }) => {
        if (closed) return;
        const s = new PartySocket({
          host: window.location.host,
          party: "format-queue",
          room: formatId,
          query: { ticket: String(ticket) },
        });
        socket = s;
        s.addEventListener("message", (e: MessageEvent) => {
          try {
            const m: unknown = JSON.parse(String(e.data));
            if (isLiveMessage(m)) setLive(m);
          } catch {
            /* not for us */
          }
        });
      })
      .catch((e) => console.error("file d'attente : connexion en direct impossible", e));
    return () => {
      closed = true;
      socket?.close();
    };
  }, [formatId, ticket]);
  return live;
}

export function QueuePanel({ view: d }: { view: QueueView }) {
  const revalidator = useRevalidator();
  const live = useLivePosition(d.format.id, d.ticket);
  // The turn has come (or the ticket is no longer in the queue): the page's loader sends the runner on.
  const turn = live?.type === "admis" || live?.type === "inconnu";
  useEffect(() => {
    if (turn && revalidator.state === "idle") revalidator.revalidate();
  }, [turn, revalidator]);
  useEffect(() => {
    const timer = setInterval(
      () => {
        if (revalidator.state === "idle") revalidator.revalidate();
      },
      (d.ticket == null ? d.refresh : REVALIDATE_SECONDS) * 1000,
    );
    return () => clearInterval(timer);
  }, [revalidator, d.ticket, d.refresh]);
  const position = live?.type === "position" ? live.position : d.position;
  const wait = live?.type === "position" ? live.wait : d.wait;
  return (
    <QueuePanelBody view={d} position={position} wait={wait}>
      <Link to={paths.eventPage(d.format.courseId)}>Retour à l'épreuve</Link>
    </QueuePanelBody>
  );
}

/**
 * The queue panel's markup, without hooks: the page above (Remix) and the Worker's light waiting page
 * (app/light-queue-page.tsx, docs/decisions/0135) print the same texts. `data-queue-*` mark what the light page's
 * few lines of script rewrite from the live messages. `children`: the link back to the event.
 */
export function QueuePanelBody({
  view: d,
  position,
  wait,
  children,
}: {
  view: QueueView;
  position: number | null;
  wait: string | null;
  children: ReactNode;
}) {
  return (
    <section className="container page queue-page">
      <noscript>
        <meta httpEquiv="refresh" content={String(d.refresh)} />
      </noscript>
      <h1>Ouverture des inscriptions — {d.format.nom}</h1>
      <p className="muted">{d.format.courseNom}</p>
      <div className="card reg-block" role="status" aria-live="polite">
        {d.draw ? (
          <>
            <p className="queue-position">
              <strong>Vous participez au tirage au sort de l'ouverture.</strong>
            </p>
            <p>
              {`Votre ordre de passage sera tiré au sort le ${d.draw.at} parmi les coureurs arrivés depuis l'ouverture (${d.draw.entrants} pour l'instant).`}{" "}
              Cette page se met à jour toute seule&nbsp;: gardez-la ouverte, sans la recharger.
            </p>
          </>
        ) : position != null ? (
          <>
            <p className="queue-position">
              <strong data-queue-sentence="">{queueSentence(position)}.</strong>
            </p>
            <p>
              Attente estimée&nbsp;: <span data-queue-wait="">{wait}</span>. Cette page se met à jour toute seule&nbsp;:
              gardez-la ouverte, sans la recharger.
            </p>
            <p className="muted small">
              Numéro de passage&nbsp;: <span data-ticket={d.ticket}>{d.ticket}</span> (il ne change pas, même dans un
              autre onglet).
            </p>
          </>
        ) : (
          <p>Votre tour est passé sans inscription&nbsp;: vous reprenez une place en fin de file.</p>
        )}
        <p className="hint">
          {d.rule
            ? `Règle fixée par l'organisateur : ${d.rule} après l'ouverture, puis ordre d'arrivée. `
            : "Les coureurs entrent dans l'ordre d'arrivée. "}
          {RANK_MEANING} Quelques-uns entrent par seconde, pour que le paiement reste rapide et sûr pour tous. Un second
          onglet garde la même place.
        </p>
      </div>
      <p>{children}</p>
    </section>
  );
}
