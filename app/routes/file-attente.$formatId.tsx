// /file-attente/{formatId}: the opening queue of a format (issue 21). The runner sees their place and an honest
// estimate; the page refreshes itself every few seconds without JavaScript (meta refresh), and with JavaScript
// re-reads its data in place. Once admitted, the runner goes to the registration form.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { Link } from "~/components/Link";
import { drawRule, queueSentence, waitText } from "~/domain/opening-queue";
import { formatDateTimeLong } from "~/utils/format";
import { loadQueueFormat, passQueue } from "~/services/opening-queue.server";
import { requireUser } from "~/utils/auth.server";

/** Seconds between refreshes of the page. */
const REFRESH_SECONDS = 5;

export const meta: MetaFunction = () => [
  { title: "File d'attente — Balise" },
  { name: "robots", content: "noindex" },
  { httpEquiv: "refresh", content: String(REFRESH_SECONDS) },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const format = await loadQueueFormat(context, params.formatId ?? "");
  if (!format) throw new Response("Format introuvable.", { status: 404 });
  const gate = await passQueue(context, user.id, format);
  const form = `/inscription/${format.course_id}?format=${format.id}`;
  if (gate.state === "libre" || gate.state === "admis") throw redirect(form);
  return {
    format: { nom: format.nom, courseNom: format.course_nom, courseId: format.course_id },
    rule: drawRule(format.tirage_minutes),
    draw:
      gate.state === "tirage"
        ? { at: formatDateTimeLong(new Date(gate.drawAt).toISOString()), entrants: gate.entrants }
        : null,
    position: gate.state === "en_file" ? gate.position : null,
    wait: gate.state === "en_file" ? waitText(gate.waitSeconds) : null,
    ticket: gate.state === "en_file" ? gate.ticket : null,
  };
}

export default function FileAttente() {
  const d = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <section className="container page queue-page">
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
        ) : d.position != null ? (
          <>
            <p className="queue-position">
              <strong>{queueSentence(d.position)}.</strong>
            </p>
            <p>
              Attente estimée&nbsp;: {d.wait}. Cette page se met à jour toute seule&nbsp;: gardez-la ouverte, sans la
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
