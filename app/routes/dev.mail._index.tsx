import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { listOutbox } from "~/services/auth-mailbox.server";
import accountsCss from "~/styles/accounts.css?url";
import { formatDateTime } from "~/domain/format";
import * as paths from "~/domain/paths";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => noindexMeta("Boîte mail locale — Balise");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const to = new URL(request.url).searchParams.get("to")?.trim().toLowerCase() || null;
  const messages = await listOutbox(context);
  return { messages: to ? messages.filter((m) => m.to_email === to) : messages, to };
}

export default function DevMailbox() {
  const { messages, to } = useLoaderData<typeof loader>();
  return (
    <section className="container profile-page">
      <h1>Boîte mail locale</h1>
      <p className="muted">
        Développement uniquement&nbsp;: les emails envoyés par Balise sont conservés ici au lieu d'être expédiés.
        {to ? (
          <>
            {" "}
            Filtre&nbsp;: <strong>{to}</strong> — <Link to={paths.devMailbox()}>tout afficher</Link>
          </>
        ) : null}
      </p>
      {messages.length === 0 ? (
        <p className="empty">Aucun email pour le moment.</p>
      ) : (
        <ul className="mail-list">
          {messages.map((m) => (
            <li key={m.id} className="card">
              <Link to={paths.devMail(m.id)}>
                <span className="mail-subject">{m.subject}</span>
                <span className="mail-meta">
                  <span>À&nbsp;: {m.to_email}</span>
                  <span>{formatDateTime(m.created_at)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
