// The organiser space's list of the events the user co-organises (issue 43, decision 0213): each with the rights
// held, and only the buttons those rights allow; 'Quitter l'équipe' for each.
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Link } from "~/components/Link";
import { EventLinks, FormatLinesTable, PublicationBadge } from "~/components/table/FormatCells";
import type { Rights } from "~/domain/event-team";
import * as paths from "~/domain/paths";

interface CoEvent {
  id: string;
  nom: string;
  lieu: string;
  departement: string;
  en_ligne: boolean;
  inscrits: number;
  droits: string;
  rights: Rights;
  formats: {
    id: string;
    nom: string;
    date: string | null;
    heure_depart: string | null;
    nb_max_coureurs: number | null;
    inscrits: number;
    repas: number;
  }[];
}

function PostButton({
  action,
  intent,
  courseId,
  className,
  children,
}: {
  action?: string;
  intent: string;
  courseId?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className="inline-form">
      {courseId ? <input type="hidden" name="courseId" value={courseId} /> : null}
      <button type="submit" name="intent" value={intent} className={className}>
        {children}
      </button>
    </Form>
  );
}

function CoEventCard({ c }: { c: CoEvent }) {
  return (
    <li className="card organiser-course" id={`co-course-${c.id}`}>
      <div className="organiser-course-head">
        <div>
          <h3>{c.nom}</h3>
          <p className="muted">
            {c.lieu} ({c.departement}) · vos droits&nbsp;: <strong>{c.droits}</strong>
          </p>
        </div>
        <PublicationBadge online={!!c.en_ligne} />
      </div>
      <FormatLinesTable formats={c.formats} registrants={c.rights.inscriptions} />
      <div className="actions organiser-course-actions">
        {c.rights.epreuve ? (
          <>
            <PostButton intent={c.en_ligne ? "unpublish" : "publish"} courseId={c.id} className="btn btn-ghost">
              {c.en_ligne ? "Mettre hors-ligne" : "Publier"}
            </PostButton>
            <EventLinks
              links={[
                ["Modifier", paths.editEvent(c.id)],
                ["Codes promo", paths.eventPromoCodes(c.id)],
              ]}
            />
          </>
        ) : null}
        {c.rights.finances ? (
          <Link to={paths.eventFinances(c.id)} className="btn btn-ghost">
            Finances
          </Link>
        ) : null}
        {/* A draft's page is shown to its owner only. */}
        {c.en_ligne ? (
          <Link to={paths.eventPage(c.id)} className="btn btn-ghost">
            Voir la page
          </Link>
        ) : null}
        <PostButton action={paths.eventTeam(c.id)} intent="leave" className="btn btn-ghost btn-danger-ghost">
          Quitter l'équipe
        </PostButton>
      </div>
    </li>
  );
}

export function CoOrganisedEvents({ events }: { events: readonly CoEvent[] }) {
  if (events.length === 0) return null;
  return (
    <section className="co-organised">
      <h2>Épreuves que je co-organise</h2>
      <ul className="organiser-courses">
        {events.map((c) => (
          <CoEventCard key={c.id} c={c} />
        ))}
      </ul>
    </section>
  );
}
