import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { z } from "zod";
import { CourseError, publishMissing } from "~/domain/course-errors";
import { isDomainError } from "~/domain/errors";
import { duplicateCourse, publishReadiness, setPublished } from "~/services/courses.server";
import { listCoOrganisedCourses, listOrganiserCourses } from "~/services/organiser-courses.server";
import { CoOrganisedEvents } from "~/components/CoOrganisedEvents";
import organiserCss from "~/styles/organiser.css?url";
import { requireOrganiser } from "~/utils/auth.server";
import { mapDomainError, notFoundResponse } from "~/utils/domain-errors";
import { formatDate } from "~/domain/format";
import { EventLinks, FormatLinesTable, PublicationBadge } from "~/components/table/FormatCells";
import * as paths from "~/domain/paths";
import { Notice } from "~/components/form/Notice";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: organiserCss }];
export const meta: MetaFunction = () => [{ title: "Mon espace organisateur — Balise" }];

/** Success messages after a redirect: a fixed table, never text from the URL. */
const MESSAGES: Record<string, string> = {
  creee: "Épreuve et formats enregistrés !",
  modifiee: "Épreuve modifiée avec succès !",
  publiee: "Épreuve publiée\u00a0: elle est visible sur /courses.",
  "hors-ligne": "Épreuve mise hors-ligne.",
  copiee: "Épreuve copiée (hors-ligne) avec tous ses formats.",
  supprimee: "Épreuve supprimée.",
  "equipe-rejointe": "Invitation acceptée\u00a0: l'épreuve figure parmi celles que vous co-organisez.",
  "equipe-quittee": "Vous avez quitté l'équipe de l'épreuve.",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const [courses, coOrganised, readiness] = await Promise.all([
    listOrganiserCourses(context.db, user.id, context.clock.now()),
    listCoOrganisedCourses(context.db, user.id, context.clock.now()),
    publishReadiness(context.db, user.id),
  ]);
  const message = new URL(request.url).searchParams.get("message");
  return {
    courses,
    coOrganised,
    missing: publishMissing(readiness),
    message: message ? (MESSAGES[message] ?? null) : null,
  };
}

export const SpaceActionSchema = z.object({
  intent: z.enum(["publish", "unpublish", "duplicate"]),
  courseId: z.string().min(1).max(64),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const parsed = SpaceActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ courseId: null, error: "Action inconnue." }, { status: 400 });
  const { intent, courseId } = parsed.data;
  try {
    if (intent === "duplicate") {
      await duplicateCourse(context, user, courseId);
      return redirect(paths.organiserSpace({ message: "copiee" }));
    }
    await setPublished(context, user, courseId, intent === "publish");
    return redirect(paths.organiserSpace({ message: intent === "publish" ? "publiee" : "hors-ligne" }));
  } catch (e) {
    const notFound = notFoundResponse(e);
    if (notFound) throw notFound;
    if (!isDomainError(e)) console.error(e);
    const failed = new CourseError(intent === "duplicate" ? "duplicate_failed" : "publish_failed");
    const { message, status } = mapDomainError(e, failed);
    return data({ courseId, error: message }, { status });
  }
}

/** One of the event's actions: a small form of its own sending the event and the intent. */
function CourseAction({
  courseId,
  intent,
  className,
  disabled,
  title,
  children,
}: {
  courseId: string;
  intent: z.infer<typeof SpaceActionSchema>["intent"];
  className: string;
  disabled: boolean;
  title?: string;
  children: string;
}) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="courseId" value={courseId} />
      <button type="submit" name="intent" value={intent} className={className} disabled={disabled} title={title}>
        {children}
      </button>
    </Form>
  );
}

export default function MonEspace() {
  const { courses, coOrganised, missing, message } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("courseId") : null;
  return (
    <section className="container page organiser-page">
      <div className="page-head">
        <h1>Mon espace organisateur</h1>
        <div className="actions">
          <Link to={paths.newEvent()} className="btn btn-primary">
            + Créer une épreuve
          </Link>
          <Link to={paths.organiserFormats()} className="btn btn-ghost">
            Tous mes formats
          </Link>
        </div>
      </div>
      <Notice kind="success">{message}</Notice>
      {result?.error && !result.courseId ? (
        <p className="alert alert-error" role="alert">
          {result.error}
        </p>
      ) : null}
      {missing.length > 0 ? (
        <div className="alert alert-info publish-missing">
          <p>
            <strong>Pour publier une épreuve, il vous reste à&nbsp;:</strong>
          </p>
          <ul>
            {missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          <p>
            <Link to={paths.organiserProfile()}>Compléter mon profil organisateur</Link>
          </p>
        </div>
      ) : null}
      {courses.length === 0 ? (
        <div className="empty">
          <p>Vous n'avez pas encore créé d'épreuve.</p>
          <Link to={paths.newEvent()} className="btn btn-primary">
            Créer ma première épreuve
          </Link>
        </div>
      ) : (
        <ul className="organiser-courses">
          {courses.map((c) => (
            <li key={c.id} className="card organiser-course" id={`course-${c.id}`}>
              <div className="organiser-course-head">
                <div>
                  <h2>{c.nom}</h2>
                  <p className="muted">
                    {c.lieu} ({c.departement}) · créée le {formatDate(c.created_at)}
                  </p>
                </div>
                <PublicationBadge online={!!c.en_ligne} />
              </div>
              <p className="organiser-course-totals">
                <strong>{`${c.inscrits} inscrit${c.inscrits > 1 ? "s" : ""}`}</strong> ·{" "}
                <strong>{`${c.repas} repas réservé${c.repas > 1 ? "s" : ""}`}</strong>
              </p>
              {result?.error && result.courseId === c.id ? (
                <p className="alert alert-error" role="alert">
                  {result.error}
                </p>
              ) : null}
              <FormatLinesTable formats={c.formats} registrants />
              <div className="actions organiser-course-actions">
                {c.en_ligne ? (
                  <CourseAction courseId={c.id} intent="unpublish" className="btn btn-ghost" disabled={busyId === c.id}>
                    Mettre hors-ligne
                  </CourseAction>
                ) : (
                  <CourseAction
                    courseId={c.id}
                    intent="publish"
                    className="btn btn-primary"
                    disabled={missing.length > 0 || busyId === c.id}
                    title={missing.length > 0 ? "Complétez votre profil organisateur pour publier." : undefined}
                  >
                    Publier
                  </CourseAction>
                )}
                <Link to={paths.editEvent(c.id)} className="btn btn-ghost">
                  Modifier
                </Link>
                <CourseAction courseId={c.id} intent="duplicate" className="btn btn-ghost" disabled={busyId === c.id}>
                  Dupliquer
                </CourseAction>
                <EventLinks
                  links={[
                    ["Voir la page", paths.eventPage(c.id)],
                    ["Finances", paths.eventFinances(c.id)],
                    ["Journal", paths.eventJournal(c.id)],
                    ["Équipe", paths.eventTeam(c.id)],
                    ["Codes promo", paths.eventPromoCodes(c.id)],
                  ]}
                />
                <Link to={paths.deleteEvent(c.id)} className="btn btn-ghost btn-danger-ghost">
                  Supprimer
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <CoOrganisedEvents events={coOrganised} />
    </section>
  );
}
