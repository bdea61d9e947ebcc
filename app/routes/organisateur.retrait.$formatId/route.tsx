// /organisateur/retrait/{formatId}: the bib pick-up desk of one format on race day (issue 44, decision 0216), for the
// event's owner or a co-organiser with the Inscriptions right (404 for anyone else). Without JavaScript: a search by
// name or bib and a list where each runner is ticked with a real form. With it: the camera scanner and the list
// kept on the phone (a service worker and IndexedDB), which works with the network cut and syncs when it returns.
import { data, redirect } from "@remix-run/cloudflare";
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { Notice } from "~/components/form/Notice";
import { useHydrated } from "~/components/useHydrated";
import { alreadyText, CHECK_IN_REFUSALS, DeskFormSchema, pickedUpText, undoneText } from "~/domain/check-in";
import { personName } from "~/domain/format";
import * as paths from "~/domain/paths";
import { checkInDesk, recordScans, undoPickup, validateAtDesk } from "~/services/check-in.server";
import checkInCss from "~/styles/check-in.css?url";
import { readAsOrganiser, requireOrganiser } from "~/utils/auth.server";
import { errorToShow } from "~/utils/domain-errors";
import { CAMERA_PERMISSIONS_POLICY } from "~/utils/security-headers";
import { DeskList } from "./DeskList";
import { OfflineDesk } from "./OfflineDesk";
import { organiserPageMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: checkInCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  organiserPageMeta("Retrait des dossards", data?.format.nom);
// The scanner needs the camera, which every other page refuses (app/utils/security-headers.ts).
export const headers: HeadersFunction = () => ({ "Permissions-Policy": CAMERA_PERMISSIONS_POLICY });

export async function loader(args: LoaderFunctionArgs) {
  const desk = await readAsOrganiser(args, "formatId", checkInDesk);
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  // Success after a redirect: read from the stored row, never text from the URL.
  const done = desk.runners.find((r) => r.id === url.searchParams.get("fait"));
  const validated = desk.runners.find((r) => r.id === url.searchParams.get("valide"));
  const undone = desk.runners.find((r) => r.id === url.searchParams.get("annule"));
  const bib = (r: { dossard: number | null }) => (r.dossard ? ` (dossard ${r.dossard})` : "");
  const message = done?.retire_le
    ? `${personName(done)}${bib(done)}\u00a0: ${pickedUpText(done.retire_le)}.`
    : validated
      ? `Justificatif de ${personName(validated)} validé.`
      : undone?.annule_le && !undone.retire_le
        ? `${personName(undone)}${bib(undone)}\u00a0: ${undoneText(undone.annule_le, null)}.`
        : null;
  return { ...desk, q, message, now: args.context.clock.now().toISOString() };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const formatId = params.formatId ?? "";
  const form = Object.fromEntries(await request.formData());
  const q = typeof form.q === "string" ? form.q.slice(0, 100) : "";
  const parsed = DeskFormSchema.safeParse(form);
  if (!parsed.success) return data({ error: "Formulaire incomplet.", id: null }, { status: 400 });
  const { id } = parsed.data;
  try {
    if (parsed.data.intent === "valider") {
      const r = await validateAtDesk(context, user, formatId, id, parsed.data.version);
      if (!r) throw new Response("Inscription introuvable.", { status: 404 });
      if (!r.ok) return data({ error: r.message, id }, { status: 409 });
      return redirect(paths.checkInDesk(formatId, { q: q || undefined, valide: id }, `r-${id}`));
    }
    if (parsed.data.intent === "annuler") {
      if (!(await undoPickup(context, user, formatId, id)))
        return data({ error: "Ce dossard n'est pas retiré\u00a0: rien à annuler.", id }, { status: 409 });
      return redirect(paths.checkInDesk(formatId, { q: q || undefined, annule: id }, `r-${id}`));
    }
    const [outcome] = await recordScans(context, user, formatId, { scans: [{ inscriptionId: id }] });
    if (outcome.kind === "retire")
      return redirect(paths.checkInDesk(formatId, { q: q || undefined, fait: id }, `r-${id}`));
    const error =
      outcome.kind === "deja"
        ? `${alreadyText(outcome.at, outcome.by, context.clock.now())}.`
        : outcome.kind === "annule"
          ? `${undoneText(outcome.at, outcome.by)}.`
          : CHECK_IN_REFUSALS[outcome.reason];
    return data({ error, id }, { status: 409 });
  } catch (e) {
    const err = errorToShow(e);
    return data({ error: err.message, id }, { status: err.status });
  }
}

export default function CheckInDeskPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const hydrated = useHydrated();
  return (
    <section className="container page check-in-page">
      <p>
        <Link to={paths.formatRegistrants(d.format.id)} className="back-link">
          ← Inscriptions
        </Link>
      </p>
      <h1>Retrait des dossards – {d.format.nom}</h1>
      <p className="muted">{d.format.course_nom}</p>
      <Notice kind="success">{d.message}</Notice>
      <Notice kind="error">{result?.error}</Notice>
      {hydrated ? (
        <OfflineDesk formatId={d.format.id} formatNom={d.format.nom} runners={d.runners} />
      ) : (
        <DeskList d={d} />
      )}
    </section>
  );
}
