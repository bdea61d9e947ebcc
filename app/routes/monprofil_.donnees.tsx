// /monprofil/donnees — « Mes données » (issue 45, decision 0219): the signed-in person asks for a copy of everything
// Balise holds about them; the ZIP is made in the background and sent by e-mail (a link valid 7 days). A plain form:
// the action records the request (or says why not) and redirects here with the outcome.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { z } from "zod";
import { FormAlert } from "~/components/AccountFields";
import { Link } from "~/components/Link";
import {
  EXPORT_VALID_DAYS,
  formatBytes,
  isDownloadable,
  isRequestOutcome,
  REQUEST_OUTCOME_MESSAGES,
  requestLabel,
} from "~/domain/data-export";
import { formatDateTime } from "~/domain/format";
import * as paths from "~/domain/paths";
import { dataExportRequests, requestDataExport } from "~/services/data-export.server";
import accountsCss from "~/styles/accounts.css?url";
import { requireUser } from "~/utils/auth.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => [{ title: "Mes données — Balise" }];

const RequestSchema = z.object({
  intent: z.literal("demander", { errorMap: () => ({ message: "Action inconnue." }) }),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const now = context.clock.now();
  const outcome = new URL(request.url).searchParams.get("demande");
  const requests = await dataExportRequests(context, user.id);
  return {
    email: user.email,
    outcome: isRequestOutcome(outcome) ? outcome : null,
    requests: requests.map((r) => ({
      id: r.id,
      requestedAt: formatDateTime(r.requested_at),
      label: requestLabel(r, now),
      expiresAt: r.expires_at ? formatDateTime(r.expires_at) : null,
      size: formatBytes(r.size),
      downloadable: isDownloadable(r, now),
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const parsed = RequestSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0].message }, { status: 400 });
  const outcome = await requestDataExport(context, user.id);
  return redirect(paths.myData({ demande: outcome }));
}

type Request = ReturnType<typeof useLoaderData<typeof loader>>["requests"][number];

function RequestList({ requests }: { requests: Request[] }) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="exports-titre">
      <h2 id="exports-titre">Mes demandes</h2>
      <ul className="export-list">
        {requests.map((r) => (
          <li key={r.id} className="card">
            <strong>{r.label}</strong> — demandée le {r.requestedAt}
            {r.downloadable ? (
              <>
                <br />
                <a href={paths.myDataZip(r.id)} download>
                  Télécharger l'archive ZIP
                </a>{" "}
                <span className="small muted">
                  ({r.size}, jusqu'au {r.expiresAt})
                </span>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function MyDataPage() {
  const { email, outcome, requests } = useLoaderData<typeof loader>();
  const { result, busy } = useFormResult<typeof action>();
  return (
    <section className="container profile-page">
      <p className="small">
        <Link to={paths.myProfile()}>← Mon profil</Link>
      </p>
      <h1>Mes données</h1>
      <p>
        Téléchargez une copie de tout ce que Balise conserve à votre sujet&nbsp;: profil, inscriptions et leur
        historique, paiements et remboursements, listes d'attente, transferts de dossard, messages, justificatifs,
        e-mails reçus et consentements. L'archive ZIP contient des fichiers JSON et CSV.
      </p>
      <p className="muted">
        L'archive est préparée en arrière-plan&nbsp;; un lien vous est envoyé à <strong>{email}</strong>, valable{" "}
        {EXPORT_VALID_DAYS}&nbsp;jours. Une demande par 24&nbsp;heures.
      </p>
      {outcome ? (
        <FormAlert kind={outcome === "ok" ? "success" : "info"}>{REQUEST_OUTCOME_MESSAGES[outcome]}</FormAlert>
      ) : null}
      {result?.error ? <FormAlert kind="error">{result.error}</FormAlert> : null}
      <Form method="post">
        <input type="hidden" name="intent" value="demander" />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Demander l'export de mes données
        </button>
      </Form>
      <RequestList requests={requests} />
    </section>
  );
}
