// /organisateur/codes-promo/{courseId}: an event's promo codes (issue 43, ADR 0214), for the event's owner only
// (another organiser's event is not found): the list with each code's uses (used / limit), 'Désactiver', and the
// create form (a percentage or an amount, formats, uses in all and per runner, dates, e-mails or a club). Both
// actions are recorded in the event's journal. Works without JavaScript (plain forms, redirect after success).
import { EventToolPage } from "~/components/EventToolPage";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/Link";
import { Notice } from "~/components/form/Notice";
import * as paths from "~/domain/paths";
import { parsePromoCodeForm } from "~/domain/promo-code";
import {
  createPromoCode,
  deactivateEventPromoCode,
  eventPromoCodes,
  requirePricingRight,
} from "~/services/promo-codes.server";
import organiserCss from "~/styles/organiser.css?url";
import { readAsOrganiser, requireOrganiser } from "~/utils/auth.server";
import { errorToShow, notFoundOrRethrow } from "~/utils/domain-errors";
import { type PromoFormValues, PromoCodeForm } from "./PromoCodeForm";
import { PromoCodeList } from "./PromoCodeList";
import { organiserPageMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: organiserCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => organiserPageMeta("Codes promo", data?.course.nom);

export function loader(args: LoaderFunctionArgs) {
  return readAsOrganiser(args, "courseId", eventPromoCodes);
}

const FIELDS = [
  "code",
  "type_remise",
  "valeur",
  "utilisations_max",
  "utilisations_max_par_coureur",
  "valide_du",
  "valide_au",
  "emails",
  "club",
] as const;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const courseId = params.courseId ?? "";
  const form = await request.formData();
  if (form.get("intent") === "desactiver") {
    try {
      await deactivateEventPromoCode(context, user, courseId, String(form.get("code_id") ?? ""));
    } catch (e) {
      const err = errorToShow(e);
      return data({ values: null, errors: { form: err.message } }, { status: err.status });
    }
    return redirect(paths.eventPromoCodes(courseId, { notice: "desactive" }));
  }
  const values: PromoFormValues = {
    ...(Object.fromEntries(FIELDS.map((k) => [k, String(form.get(k) ?? "")])) as Record<
      (typeof FIELDS)[number],
      string
    >),
    format_ids: form.getAll("format_ids").map(String),
  };
  const parsed = parsePromoCodeForm(values);
  if (!parsed.ok) {
    // Who asks is checked before anything is said about the form.
    await requirePricingRight(context, user, courseId).catch(notFoundOrRethrow);
    return data({ values, errors: parsed.errors }, { status: 400 });
  }
  try {
    await createPromoCode(context, user, courseId, parsed.data);
  } catch (e) {
    const err = errorToShow(e);
    return data({ values, errors: { [err.field ?? "form"]: err.message } }, { status: err.status });
  }
  return redirect(paths.eventPromoCodes(courseId, { notice: "cree", code: parsed.data.code }));
}

const NOTICES: Record<string, (code: string) => string> = {
  cree: (code) => `Le code ${code} est créé.`,
  desactive: () => "Le code est désactivé : il ne donne plus de remise (les inscriptions déjà faites gardent la leur).",
};

export default function PromoCodesPage() {
  const { course, formats, codes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [search] = useSearchParams();
  const notice = NOTICES[search.get("notice") ?? ""]?.(search.get("code") ?? "");
  return (
    <EventToolPage
      section="Codes promo"
      event={course.nom}
      intro={
        <>
          Un code donne une remise (un pourcentage ou un montant) sur l'inscription. Une utilisation compte tant que
          l'inscription tient sa place : un paiement abandonné ou expiré la rend. Créations et désactivations sont
          inscrites au <Link to={paths.eventJournal(course.id)}>journal</Link>.
        </>
      }
    >
      <Notice kind="success">{result ? null : notice}</Notice>
      <Notice kind="error">{result?.errors.form}</Notice>
      <PromoCodeList codes={codes} />
      <PromoCodeForm formats={formats} values={result?.values ?? null} errors={result?.errors ?? {}} />
    </EventToolPage>
  );
}
