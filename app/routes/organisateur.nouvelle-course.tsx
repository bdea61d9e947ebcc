import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { CourseForm } from "~/components/course-form/CourseForm";
import { emptyCourseForm } from "~/domain/course-form";
import { handleCourseForm, initialState } from "~/services/course-form.server";
import organiserCss from "~/styles/organiser.css?url";
import { requireOrganiser } from "~/utils/auth.server";
import * as paths from "~/domain/paths";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: organiserCss }];
export const meta: MetaFunction = () => [{ title: "Créer une épreuve — Balise" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOrganiser(request, context);
  return { state: initialState(emptyCourseForm()) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const outcome = await handleCourseForm(context, request, user, { kind: "create" });
  if (outcome.kind === "saved") return redirect(paths.organiserSpace({ message: "creee" }));
  return data(outcome.state, { status: outcome.status });
}

export default function NouvelleCourse() {
  const { state: initial } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() ?? initial;
  return (
    <section className="container page organiser-page">
      <p className="small">
        <Link to={paths.organiserSpace()}>← Mon espace</Link>
      </p>
      <h1>Créer une épreuve</h1>
      <p className="muted">
        Les champs marqués d'une * sont obligatoires. L'épreuve reste hors-ligne jusqu'à sa publication.
      </p>
      <CourseForm {...state} submitLabel="Créer l'épreuve" cancelTo={paths.organiserSpace()} />
    </section>
  );
}
