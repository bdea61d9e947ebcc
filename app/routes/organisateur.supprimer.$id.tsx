// Deleting an event: a confirmation page (works without JavaScript). Refused, with the reason and an offer
// to take the event offline, when it has paid registrations.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Link } from "~/components/Link";
import { z } from "zod";
import { COURSE_ERROR_MESSAGES, CourseError } from "~/domain/course-errors";
import { isDomainError } from "~/domain/errors";
import { eventDeletionText } from "~/domain/event-deletion";
import { deleteCourse, getCourseForOwner, hasPaidRegistrations, setPublished } from "~/services/courses.server";
import organiserCss from "~/styles/organiser.css?url";
import { requireOrganiser } from "~/utils/auth.server";
import * as paths from "~/domain/paths";
import { mapDomainError, notFoundOrRethrow, notFoundResponse } from "~/utils/domain-errors";
import { Notice } from "~/components/form/Notice";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: organiserCss }];
export const meta: MetaFunction = () => [{ title: "Supprimer une épreuve — Balise" }];

export const CONFIRM_TEXT = "Supprimer définitivement cette épreuve ? Cette action est irréversible.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const { course, formats } = await getCourseForOwner(context.db, user, params.id ?? "").catch(notFoundOrRethrow);
  return {
    id: course.id,
    nom: course.nom,
    en_ligne: course.en_ligne,
    formats: formats.length,
    paid: await hasPaidRegistrations(context.db, course.id),
  };
}

const DeleteSchema = z.object({ intent: z.enum(["delete", "unpublish"]) });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const parsed = DeleteSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Action inconnue." }, { status: 400 });
  const id = params.id ?? "";
  try {
    if (parsed.data.intent === "unpublish") {
      await setPublished(context, user, id, false);
      return redirect(paths.organiserSpace({ message: "hors-ligne" }));
    }
    await deleteCourse(context, user, id);
    return redirect(paths.organiserSpace({ message: "supprimee" }));
  } catch (e) {
    const notFound = notFoundResponse(e);
    if (notFound) throw notFound;
    if (!isDomainError(e)) console.error(e);
    const { message, status } = mapDomainError(e, new CourseError("delete_failed"));
    return data({ error: message }, { status });
  }
}

/** The way back to the organiser's space, as a button. */
function BackLink({ children }: { children: ReactNode }) {
  return (
    <Link to={paths.organiserSpace()} className="btn btn-ghost">
      {children}
    </Link>
  );
}

/** The page's two choices: each button's words and look, and what the link beside it says. */
const CHOICES = {
  unpublish: { button: "Mettre hors-ligne", className: "btn btn-primary", back: "Retour" },
  delete: { button: "Supprimer définitivement", className: "btn btn-danger", back: "Annuler" },
} as const;

/** A choice: its button posts `intent`, the link beside it goes back without doing anything. */
function IntentForm({ intent, busy }: { intent: keyof typeof CHOICES; busy: boolean }) {
  const { button, className, back } = CHOICES[intent];
  return (
    <Form method="post" className="actions">
      <button type="submit" name="intent" value={intent} className={className} disabled={busy}>
        {button}
      </button>
      <BackLink>{back}</BackLink>
    </Form>
  );
}

export default function SupprimerCourse() {
  const { id, nom, en_ligne, formats, paid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="container page-narrow organiser-page">
      <p className="small">
        <Link to={paths.organiserSpace()}>← Mon espace</Link>
      </p>
      <h1>Supprimer « {nom} »</h1>
      <Notice kind="error">{result?.error}</Notice>
      {paid ? (
        <div className="card form-card">
          <p className="alert alert-error">{COURSE_ERROR_MESSAGES.has_paid_registrations}</p>
          <p>
            Les coureurs qui ont payé gardent leur inscription et leurs reçus ; l'épreuve ne peut donc pas disparaître.
          </p>
          {en_ligne ? (
            <IntentForm intent="unpublish" busy={busy} />
          ) : (
            <p className="actions">
              <span className="muted">Elle est déjà hors-ligne.</span> <BackLink>Retour</BackLink>
            </p>
          )}
        </div>
      ) : (
        <div className="card form-card">
          <p className="alert alert-error" role="alert">
            <strong>{CONFIRM_TEXT}</strong>
          </p>
          <p>{eventDeletionText(formats)}</p>
          <IntentForm intent="delete" busy={busy} />
          <p className="small muted">
            <Link to={paths.editEvent(id)}>Modifier plutôt l'épreuve</Link>
          </p>
        </div>
      )}
    </section>
  );
}
