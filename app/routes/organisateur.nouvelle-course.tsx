import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CourseFormPage } from "~/components/course-form/CourseFormPage";
import { emptyCourseForm, readCourseForm } from "~/domain/course-form";
import { handleCourseForm, initialState } from "~/services/course-form.server";
import organiserCss from "~/styles/organiser.css?url";
import { requireOrganiser } from "~/utils/auth.server";
import { formDraft, requireUserKeepingForm } from "~/services/form-drafts.server";
import { DRAFT_NOTICE } from "~/domain/form-drafts";
import * as paths from "~/domain/paths";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: organiserCss }];
export const meta: MetaFunction = () => [{ title: "Créer une épreuve — Balise" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const draft = await formDraft(request, context, user);
  return {
    state: initialState(draft ? readCourseForm(draft) : emptyCourseForm()),
    draftNotice: draft ? DRAFT_NOTICE : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // A form sent after the session ended is kept: it comes back filled after logging in (issue 42).
  const user = await requireUserKeepingForm(request, context);
  const outcome = await handleCourseForm(context, request, user, { kind: "create" });
  if (outcome.kind === "saved") return redirect(paths.organiserSpace({ message: "creee" }));
  return data(outcome.state, { status: outcome.status });
}

export default function NouvelleCourse() {
  const { state: initial, draftNotice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const state = actionData ?? initial;
  return (
    <CourseFormPage
      title="Créer une épreuve"
      intro="Les champs marqués d'une * sont obligatoires. L'épreuve reste hors-ligne jusqu'à sa publication."
      draftNotice={actionData ? null : draftNotice}
      form={{ ...state, submitLabel: "Créer l'épreuve" }}
    />
  );
}
