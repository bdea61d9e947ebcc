// The registration page's data: the user and the event with its formats (shared by the loader and the action),
// then either the format's opening queue (the runner waits their turn) or the form, pre-filled from the profile.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { useLoaderData } from "@remix-run/react";
import { mustWait } from "~/domain/opening-queue";
import { parisDate } from "~/domain/refund";
import { formValues, preselectFormat, REGISTRATION_MSG, type RegistrationValues } from "~/domain/registration";
import { DRAFT_NOTICE } from "~/domain/form-drafts";
import { formDraft, requireUserKeepingForm } from "~/services/form-drafts.server";
import { canViewCourse } from "~/domain/visibility";
import { profileDocument } from "~/services/justificatif-documents.server";
import { passQueue, queueFacts, queueView } from "~/services/opening-queue.server";
import { loadRegistrationPage, prefillValues } from "~/services/registration-page.server";
import { requireUser } from "~/utils/auth.server";
import { readBesideSession } from "~/utils/session.server";
import { formatDateTimeLong } from "~/domain/format";

/**
 * The user, and the event with its formats if they may see it (an offline event only for its organiser and
 * admins). On a GET both come in one D1 round trip: the page's read rides with the session look-up.
 */
export async function pageData(request: Request, context: LoaderFunctionArgs["context"], courseId: string) {
  const [user, page] = await Promise.all([
    // A form sent after the session ended is kept: it comes back filled after logging in (issue 42).
    request.method === "POST" ? requireUserKeepingForm(request, context) : requireUser(request, context),
    loadRegistrationPage(context, courseId, (queries) => readBesideSession(request, context, queries)),
  ]);
  if (!page) throw new Response("Épreuve introuvable.", { status: 404 });
  if (!canViewCourse(page.course, user)) throw new Response(REGISTRATION_MSG.offline, { status: 403 });
  return { user, ...page };
}

/** The loader's answer: the queue while the runner waits for their turn (issue 21), or the form's data. */
export async function registrationPage({ request, params, context }: LoaderFunctionArgs) {
  const { user, course, formats } = await pageData(request, context, params.courseId ?? "");
  const wanted = new URL(request.url).searchParams.get("format");
  // During an opening rush the form is reached through the format's queue (issue 21); otherwise at once.
  // A runner who waits sees the queue here, at the form's own address (no redirect: one answer on a weak network);
  // the page reloads (or, with JavaScript, re-reads) itself and shows the form when their turn comes.
  const asked = formats.find((f) => f.id === wanted);
  // An admitted runner's place is reserved until a deadline, shown on the form (issue 42).
  let reservedUntil: string | null = null;
  if (asked) {
    // The event's facts go with the call: the queue keeps them for the Worker's light waiting page (0135).
    const facts = course.en_ligne ? queueFacts(asked, course) : null;
    const gate = await passQueue(context, user.id, asked, facts);
    if (mustWait(gate))
      return { queue: queueView(context, { ...asked, course_id: course.id, course_nom: course.nom }, gate) } as const;
    if (gate.state === "admis") reservedUntil = formatDateTimeLong(new Date(gate.until));
  }
  const [prefill, draft] = await Promise.all([prefillValues(context, user), formDraft(request, context, user)]);
  const values: RegistrationValues = draft
    ? { ...prefill, ...formValues(draft) }
    : { ...prefill, format_id: preselectFormat(formats, wanted), nombre_repas: "0" };
  return {
    queue: null,
    reservedUntil,
    draftNotice: draft ? DRAFT_NOTICE : null,
    course,
    formats,
    values,
    today: parisDate(context.clock.now()),
    document: await profileDocument(context, user.id),
  };
}

/** The form's data as its components receive it (`useLoaderData<typeof loader>()` without a queue). */
export type FormPageData = Extract<ReturnType<typeof useLoaderData<typeof registrationPage>>, { queue: null }>;
export type FormatView = FormPageData["formats"][number];
