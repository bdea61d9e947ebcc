import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { readOutboxMessage } from "~/services/auth-mailbox.server";
import accountsCss from "~/styles/accounts.css?url";
import { formatDateTime } from "~/domain/format";
import * as paths from "~/domain/paths";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  noindexMeta(`${data?.subject ?? "Email"} — boîte mail locale`);

/** Only the body of the stored HTML is shown (our own templates, every value escaped when rendered). */
function htmlBody(html: string): string {
  const m = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html);
  return (m ? m[1] : html).replace(/<script[\s\S]*?<\/script>/gi, "");
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const m = await readOutboxMessage(context, params.id ?? "");
  return {
    id: m.id,
    to: m.to_email,
    subject: m.subject,
    html: htmlBody(m.html),
    text: m.text,
    created_at: m.created_at,
    status: m.status,
  };
}

export default function DevMailMessage() {
  const m = useLoaderData<typeof loader>();
  return (
    <section className="container profile-page">
      <p>
        <Link to={paths.devMailbox()}>← Boîte mail locale</Link>
      </p>
      <h1>{m.subject}</h1>
      <p className="mail-meta">
        <span>À&nbsp;: {m.to}</span>
        <span>{formatDateTime(m.created_at)}</span>
      </p>
      <h2 className="visually-hidden">Version HTML</h2>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the development mailbox shows the e-mail's HTML as sent (its templates escape every value) */}
      <div className="mail-body" dangerouslySetInnerHTML={{ __html: m.html }} />
      <details>
        <summary>Version texte</summary>
        <pre className="mail-text">{m.text}</pre>
      </details>
    </section>
  );
}
