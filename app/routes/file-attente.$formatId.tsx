// /file-attente/{formatId}: the opening queue of a format (issue 21). The runner sees their place and an honest
// estimate. Without JavaScript the page reloads itself (a meta refresh inside <noscript>, so that it never reloads a
// page that runs scripts) every 5 s near the front, less often far back (a quarter of the wait, at most 30 s); with JavaScript the queue pushes the place and the wait over a
// WebSocket every second (partysocket; party/format-queue.ts), and the page re-reads its data when the turn comes
// (and every 30 s, should the socket be down). Once admitted, the runner goes to the registration form.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Link } from "~/components/Link";
import {
  drawRule,
  isLiveMessage,
  queueRefreshSeconds,
  queueSentence,
  waitText,
  type LiveMessage,
} from "~/domain/opening-queue";
import { formatDateTimeLong } from "~/utils/format";
import { loadQueueFormat, passQueue } from "~/services/opening-queue.server";
import { requireUser } from "~/utils/auth.server";
import { readBesideSession } from "~/utils/session.server";

/** Seconds between re-reads with JavaScript (the socket pushes every second; this is the fallback). */
const REVALIDATE_SECONDS = 30;

export const meta: MetaFunction = () => [{ title: "File d'attente — Balise" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The format's read rides with the session look-up: one D1 round trip.
  const [user, format] = await Promise.all([
    requireUser(request, context),
    loadQueueFormat(context, params.formatId ?? "", (queries) => readBesideSession(request, context, queries)),
  ]);
  if (!format) throw new Response("Format introuvable.", { status: 404 });
  const gate = await passQueue(context, user.id, format);
  const form = `/inscription/${format.course_id}?format=${format.id}`;
  if (gate.state === "libre" || gate.state === "admis") throw redirect(form);
  return {
    format: { id: format.id, nom: format.nom, courseNom: format.course_nom, courseId: format.course_id },
    rule: drawRule(format.tirage_minutes),
    draw:
      gate.state === "tirage"
        ? { at: formatDateTimeLong(new Date(gate.drawAt).toISOString()), entrants: gate.entrants }
        : null,
    position: gate.state === "en_file" ? gate.position : null,
    wait: gate.state === "en_file" ? waitText(gate.waitSeconds) : null,
    ticket: gate.state === "en_file" ? gate.ticket : null,
    refresh: queueRefreshSeconds(
      gate.state === "en_file"
        ? gate.waitSeconds
        : gate.state === "tirage"
          ? (gate.drawAt - context.clock.now().getTime()) / 1000
          : 0,
    ),
  };
}

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

export default function FileAttente() {
  const d = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const live = useLivePosition(d.format.id, d.ticket);
  // The turn has come (or the ticket is no longer in the queue): the loader sends the runner on.
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
  const wait = live?.type === "position" ? waitText(live.waitSeconds) : d.wait;
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
              <strong>{queueSentence(position)}.</strong>
            </p>
            <p>
              Attente estimée&nbsp;: {wait}. Cette page se met à jour toute seule&nbsp;: gardez-la ouverte, sans la
              recharger.
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
          Quelques-uns entrent par seconde, pour que le paiement reste rapide et sûr pour tous. Un second onglet garde
          la même place.
        </p>
      </div>
      <p>
        <Link to={`/courses/${d.format.courseId}`}>Retour à l'épreuve</Link>
      </p>
    </section>
  );
}
