import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useLoaderData, useNavigation, useParams, useRouteError } from "@remix-run/react";
import { Link } from "~/components/Link";
import { discussionLinks, LazyDiscussion } from "~/components/chat/LazyDiscussion";
import { loadEventPage } from "~/services/event-page.server";
import { useRootData } from "~/components/root-data";
import catalogueCss from "~/styles/catalogue.css?url";
import { formatDateLong, formatFromPrice } from "~/domain/format";
import { getSessionUser } from "~/utils/session.server";
import { FormatsTable } from "./FormatsTable";
import { Hero, MyWaitlist } from "./Hero";
import { Infos } from "./Infos";
import { TABS } from "./page-data";
import { SidePanel } from "./SidePanel";
import { Apercu, Parcours, TabsNav } from "./Tabs";
import * as paths from "~/domain/paths";
import type { StaticPageHandle } from "~/components/islands";
import { noindexMeta } from "~/utils/meta";

/** Served without React (docs/decisions/0222): the share and chat islands, and the route tab's map. */
export const handle: StaticPageHandle = {
  hydrate: false,
  islands: (data) => [
    ...((data as { tab?: string } | undefined)?.tab === "parcours" ? (["map"] as const) : []),
    "share",
    "chat",
  ],
};

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueCss }, ...discussionLinks()];

const NOT_FOUND = "Épreuve introuvable";
const OFFLINE = "Cette épreuve est hors-ligne.";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getSessionUser(request, context);
  const result = await loadEventPage(context, {
    idOrSlug: params.id ?? "",
    user,
    wantedTab: url.searchParams.get("onglet"),
    wantedFormat: url.searchParams.get("format"),
  });
  if (!result.ok)
    throw result.code === "hors_ligne"
      ? new Response(OFFLINE, { status: 403 })
      : new Response(NOT_FOUND, { status: 404 });
  return result.page;
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!data) {
    const offline = isRouteErrorResponse(error) && error.status === 403;
    return noindexMeta(`${offline ? "Épreuve hors-ligne" : NOT_FOUND} — Balise`);
  }
  const c = data.course;
  const when = data.next ? ` le ${formatDateLong(data.next)}` : "";
  const description = `${c.nom} à ${c.lieu} (${c.departement})${when}. ${data.formats.length} format${data.formats.length > 1 ? "s" : ""}${
    data.minPrice != null ? `, ${formatFromPrice(data.minPrice, data.minPaidPrice)}` : ""
  }. Inscription en ligne sur Balise.`;
  const tags = [
    { title: `${c.nom} — ${c.lieu} | Balise` },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: c.nom },
    { property: "og:description", content: description },
    { property: "og:url", content: data.shareUrl },
    { property: "og:locale", content: "fr_FR" },
    { tagName: "link", rel: "canonical", href: data.shareUrl },
  ];
  const og = data.ogImage;
  if (og) tags.push({ property: "og:image", content: og.url });
  if (og?.type && og.width && og.height)
    tags.push(
      { property: "og:image:type", content: og.type },
      { property: "og:image:width", content: String(og.width) },
      { property: "og:image:height", content: String(og.height) },
    );
  if (!c.en_ligne) tags.push({ name: "robots", content: "noindex" });
  return tags;
};

export default function CoursePage() {
  const d = useLoaderData<typeof loader>();
  const root = useRootData();
  const navigation = useNavigation();
  const c = d.course;
  // The address the visitor is on (the slug or the id): the chat's forms come back to it.
  const address = useParams().id === c.slug ? c.slug : c.id;
  const loadingOther =
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith("/courses/") &&
    navigation.location.pathname !== paths.eventPage(c.slug);
  const tileUrl = root?.tileUrl ?? "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png";
  return (
    <article className="course-page">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD serialised with "<" escaped (the service builds it) */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: d.jsonLd }} />
      {loadingOther ? (
        <p className="loading-bar" role="status">
          Chargement de l'épreuve…
        </p>
      ) : null}
      <Hero d={d} />
      <MyWaitlist d={d} />

      <div className="container">
        {!c.en_ligne && d.isOwner ? (
          <p className="alert alert-info draft-notice">
            Cette épreuve est un brouillon hors-ligne&nbsp;: vous seul la voyez.{" "}
            <Link to={paths.editEvent(c.id)}>Modifier l'épreuve</Link> pour la compléter et la publier.
          </p>
        ) : null}
        {!c.en_ligne && !d.isOwner ? (
          <p className="alert alert-info draft-notice">
            Épreuve hors-ligne&nbsp;: visible ici parce que vous êtes administrateur.
          </p>
        ) : null}
        <div className="course-layout">
          <div className="course-main">
            <TabsNav d={d} />
            <h2 className="visually-hidden">{TABS.find((t) => t.id === d.tab)?.label}</h2>
            {d.tab === "apercu" ? <Apercu d={d} /> : null}
            {d.tab === "formats" ? <FormatsTable d={d} /> : null}
            {d.tab === "parcours" ? <Parcours d={d} tileUrl={tileUrl} /> : null}
            {d.tab === "infos" ? <Infos d={d} /> : null}
          </div>

          <SidePanel d={d} />
        </div>

        <section id="discussion" className="discussion">
          <h2>Discussion</h2>
          <LazyDiscussion key={c.id} data={d.discussion} address={address} />
        </section>
      </div>
      {!d.full && d.paymentsOpen && !d.windowNote ? (
        <div className="register-bar" aria-label="Inscription" role="region">
          <p className="register-bar-text">
            <strong>{c.nom}</strong>
            {d.minPrice != null ? <span>{formatFromPrice(d.minPrice, d.minPaidPrice)}</span> : null}
          </p>
          <Link to={paths.registrationPage(c.id)} className="btn btn-register">
            S'inscrire
          </Link>
        </div>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const offline = isRouteErrorResponse(error) && error.status === 403;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (offline) {
    return (
      <section className="container page-narrow error-page">
        <h1>{OFFLINE}</h1>
        <p>Son organisateur ne l'a pas encore publiée, ou l'a retirée.</p>
        <p>
          <Link to={paths.eventsPage()} className="btn btn-primary">
            Revenir à la liste des courses
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="container page-narrow error-page">
      <h1>{NOT_FOUND}</h1>
      <p>Vérifiez le lien ou revenez à la liste.</p>
      {!notFound && error instanceof Error ? <p className="alert alert-error">{error.message}</p> : null}
      <p>
        <Link to={paths.eventsPage()} className="btn btn-primary">
          Voir les courses
        </Link>
      </p>
    </section>
  );
}
