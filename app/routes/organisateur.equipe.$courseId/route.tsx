// /organisateur/equipe/{courseId}: the event's team, for its owner only (issue 43, decision 0213): invite someone by
// e-mail with chosen rights, see the co-organisers and the invitations (state, expiry), revoke, remove. A
// co-organiser posts 'leave' here to quit the team (the organiser space's 'Quitter l'équipe').
import { EventToolPage } from "~/components/EventToolPage";
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { Link } from "~/components/Link";
import { Notice } from "~/components/form/Notice";
import { InviteSchema, TeamActionSchema } from "~/domain/event-team";
import { fieldErrors } from "~/domain/form-errors";
import * as paths from "~/domain/paths";
import {
  inviteCoOrganiser,
  leaveTeam,
  removeTeamMember,
  revokeTeamInvitation,
  teamPage,
} from "~/services/event-team.server";
import organiserCss from "~/styles/organiser.css?url";
import { readAsOrganiser, requireOrganiser } from "~/utils/auth.server";
import { errorToShow, notFoundOrRethrow } from "~/utils/domain-errors";
import { InviteForm } from "./InviteForm";
import { TeamInvitations, TeamMembers } from "./TeamLists";
import { organiserPageMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: organiserCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => organiserPageMeta("Équipe", data?.course.nom);

/** Success messages after a redirect: a fixed table, never text from the URL. */
const MESSAGES: Record<string, string> = {
  invitee: "Invitation envoyée.",
  revoquee: "Invitation révoquée.",
  retire: "Co-organisateur retiré de l'équipe.",
};

export async function loader(args: LoaderFunctionArgs) {
  const team = await readAsOrganiser(args, "courseId", teamPage);
  const message = new URL(args.request.url).searchParams.get("message");
  return { ...team, message: message ? (MESSAGES[message] ?? null) : null };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const courseId = params.courseId ?? "";
  const form = Object.fromEntries(await request.formData());
  const values = { email: String(form.email ?? ""), ...rightValues(form) };
  if (form.intent === "invite") {
    const parsed = InviteSchema.safeParse(form);
    if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
    try {
      await inviteCoOrganiser(context, user, courseId, parsed.data);
    } catch (e) {
      const err = errorToShow(e);
      return data({ errors: { [err.field ?? "form"]: err.message }, values }, { status: err.status });
    }
    return redirect(paths.eventTeam(courseId, { message: "invitee" }));
  }
  const parsed = TeamActionSchema.safeParse(form);
  if (!parsed.success) throw new Response("Action inconnue.", { status: 400 });
  const act = parsed.data;
  try {
    if (act.intent === "leave") {
      await leaveTeam(context, user, courseId);
      return redirect(paths.organiserSpace({ message: "equipe-quittee" }));
    }
    if (act.intent === "revoke") await revokeTeamInvitation(context, user, courseId, act.invitationId);
    else await removeTeamMember(context, user, courseId, act.memberId);
  } catch (e) {
    return notFoundOrRethrow(e);
  }
  return redirect(paths.eventTeam(courseId, { message: act.intent === "revoke" ? "revoquee" : "retire" }));
}

function rightValues(form: Record<string, FormDataEntryValue>) {
  const on = (k: string) => (typeof form[k] === "string" && form[k] !== "" ? "on" : "");
  return { epreuve: on("epreuve"), inscriptions: on("inscriptions"), finances: on("finances") };
}

export default function EventTeamPage() {
  const { course, members, invitations, message } = useLoaderData<typeof loader>();
  const { result, busy, errors } = useFormResult<typeof action>();
  return (
    <EventToolPage
      section="Équipe"
      event={course.nom}
      intro={
        <>
          Invitez des co-organisateurs et choisissez leurs droits. Chaque action de l'équipe est inscrite au{" "}
          <Link to={paths.eventJournal(course.id)}>journal de l'épreuve</Link>.
        </>
      }
    >
      <Notice kind="success">{message}</Notice>
      <Notice kind="error">{errors.form}</Notice>
      <InviteForm values={result?.values ?? {}} errors={errors} busy={busy} />
      <TeamMembers members={members} />
      <TeamInvitations invitations={invitations} />
    </EventToolPage>
  );
}
