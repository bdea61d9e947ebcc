// /premium/activites (issue 47, decisions 0231, 0232): the Premium runner's activities — the list, the import of a
// .gpx/.fit/.tcx file (multipart, works without JavaScript), the deletion of one, and the link to Strava (connect is
// a POST to its own route, disconnect a POST here). Premium is checked in the loader and the action.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ACTIVITY_FILE_MAX_BYTES, ActivityFileError } from "~/domain/activity-files";
import * as paths from "~/domain/paths";
import { ACTIVITY_SYNC_MESSAGES, type ActivitySyncErrorCode } from "~/providers/activity-sync";
import { activitiesPage, importActivityFile, removeActivity } from "~/services/activities.server";
import { disconnect } from "~/services/activity-sync.server";
import { requirePremium } from "~/services/subscriptions.server";
import { errorToShow } from "~/utils/domain-errors";
import { ActivityList } from "./ActivityList";
import { SyncPanel } from "./SyncPanel";
import { UploadForm } from "./UploadForm";

export const meta: MetaFunction = () => [{ title: "Mes activités — Balise Premium" }];

const NO_STORE = { "Cache-Control": "private, no-store" };
const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("importer") }),
  z.object({ intent: z.literal("supprimer"), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("deconnecter") }),
]);

const NOTICES = {
  importee: "Activité importée.",
  supprimee: "Activité supprimée.",
  connecte: "Votre compte Strava est relié\u00a0: vos nouvelles activités arriveront ici.",
  deconnecte: "Compte Strava délié\u00a0: Balise n'y a plus accès.",
  nouvelle: "Activité enregistrée chez le service simulé\u00a0: son webhook l'a envoyée ici.",
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePremium(request, context);
  const q = new URL(request.url).searchParams;
  const notice = q.get("ok");
  const syncError = q.get("strava");
  return data(
    {
      ...(await activitiesPage(context, user.id)),
      notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null,
      syncError:
        syncError && syncError in ACTIVITY_SYNC_MESSAGES
          ? ACTIVITY_SYNC_MESSAGES[syncError as ActivitySyncErrorCode]
          : null,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePremium(request, context);
  // A body far over the file limit is refused before it is read.
  if (Number(request.headers.get("content-length") ?? 0) > ACTIVITY_FILE_MAX_BYTES + 65_536) {
    const err = errorToShow(new ActivityFileError("too_large"));
    return data({ fileError: err.message, error: null }, { status: err.status });
  }
  const form = await request.formData();
  const parsed = ActionSchema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) throw new Response("Action inconnue", { status: 400 });
  try {
    if (parsed.data.intent === "importer") {
      await importActivityFile(context, user.id, form.get("fichier"));
      return redirect(paths.premiumActivities({ ok: "importee" }), { headers: NO_STORE });
    }
    if (parsed.data.intent === "supprimer") {
      await removeActivity(context, user.id, parsed.data.id);
      return redirect(paths.premiumActivities({ ok: "supprimee" }), { headers: NO_STORE });
    }
    await disconnect(context, user.id);
    return redirect(paths.premiumActivities({ ok: "deconnecte" }), { headers: NO_STORE });
  } catch (e) {
    const err = errorToShow(e);
    return data(err.field ? { fileError: err.message, error: null } : { fileError: null, error: err.message }, {
      status: err.status,
    });
  }
}

export default function PremiumActivities() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="container page">
      <h1>Mes activités</h1>
      <p className="lead">
        Vos sorties, importées depuis un fichier de votre montre ou reçues de Strava. Elles nourrissent votre bilan
        hebdomadaire.
      </p>
      {page.notice ? (
        <p className="alert alert-success" role="status">
          {page.notice}
        </p>
      ) : null}
      {page.syncError || result?.error ? (
        <p className="alert alert-error" role="alert">
          {result?.error ?? page.syncError}
        </p>
      ) : null}
      <UploadForm error={result?.fileError ?? undefined} />
      <SyncPanel sync={page.sync} connection={page.connection} />
      <ActivityList activities={page.activities} />
    </section>
  );
}
