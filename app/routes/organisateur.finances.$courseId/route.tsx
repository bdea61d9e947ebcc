// /organisateur/finances/{courseId}: an event's money for its organiser (issue 43, decision 0215): the books of its
// collected payments (gross, refunds, fees, commission, transferred, still to pay out), the payments themselves, and
// the advance requests, with the form that asks for one. Another organiser's event is not found.
import { EventToolPage } from "~/components/EventToolPage";
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/form/Notice";
import { AdvanceRequestSchema } from "~/domain/advance";
import { fieldErrors } from "~/domain/form-errors";
import * as paths from "~/domain/paths";
import { eventFinances, requestAdvance } from "~/services/advances.server";
import organiserCss from "~/styles/organiser.css?url";
import { readAsOrganiser, requireOrganiser } from "~/utils/auth.server";
import { errorToShow, notFoundOrRethrow } from "~/utils/domain-errors";
import { AdvanceSection } from "./AdvanceSection";
import { BooksSummary, EventPayments } from "./EventPayments";
import { organiserPageMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: organiserCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => organiserPageMeta("Finances", data?.course.nom);

export async function loader(args: LoaderFunctionArgs) {
  const page = await readAsOrganiser(args, "courseId", eventFinances);
  return { ...page, sent: new URL(args.request.url).searchParams.get("demande") === "ok" };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const courseId = params.courseId ?? "";
  const form = await request.formData();
  const values = { message: String(form.get("message") ?? "") };
  const parsed = AdvanceRequestSchema.safeParse(values);
  if (!parsed.success) {
    // Who asks is checked before anything is said about the event.
    await eventFinances(context, user, courseId).catch(notFoundOrRethrow);
    return data({ errors: fieldErrors(parsed.error) as Record<string, string>, formError: null, values }, 400);
  }
  try {
    await requestAdvance(context, user, courseId, parsed.data);
  } catch (e) {
    const err = errorToShow(e);
    const errors: Record<string, string> = err.field ? { [err.field]: err.message } : {};
    return data({ errors, formError: err.field ? null : err.message, values }, { status: err.status });
  }
  return redirect(paths.eventFinances(courseId, { demande: "ok" }));
}

export default function EventFinancesPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <EventToolPage
      section="Finances"
      event={d.course.nom}
      intro={
        <>
          Les paiements encaissés pour cette épreuve, ce qui vous a été versé et ce qui reste à verser. Le solde est
          versé automatiquement le lendemain de chaque format (J+1).
        </>
      }
    >
      <Notice kind="success">
        {d.sent ? "Votre demande d'acompte est envoyée. Vous recevrez un e-mail quand elle sera traitée." : null}
      </Notice>
      <BooksSummary totals={d.totals} />
      <AdvanceSection
        advances={d.advances}
        estimate={d.estimate}
        defaultPercent={d.defaultPercent}
        netRemaining={d.totals.netRemaining}
        refusal={d.refusal}
        errors={result?.errors ?? {}}
        formError={result?.formError ?? null}
        values={result?.values ?? { message: "" }}
      />
      <EventPayments payments={d.payments} total={d.totals.count} />
    </EventToolPage>
  );
}
