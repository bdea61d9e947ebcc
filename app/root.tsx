import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";
import { IslandScripts, useStaticPageIslands } from "~/components/islands";
import { keepFocusAboveBars } from "~/components/shell-keys";
import { Link } from "~/components/Link";
import { type RootData, useRootData } from "~/components/root-data";
import { ErrorScreen } from "~/components/ErrorScreen";
import { useEffect, type ReactNode } from "react";
import { DevErrorLog } from "./components/DevErrorLog";
import { Footer } from "./components/Footer";
import { Header } from "./components/Header";
import styles from "./styles/app.css?url";
import { getMode } from "./utils/mode.server";
import { useNonce } from "./utils/nonce";
import { getSessionUser } from "./utils/session.server";
import * as paths from "~/domain/paths";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Balise — inscriptions trail, rando et course sur route" },
  { name: "description", content: "Trouvez une course, inscrivez-vous et payez en ligne en quelques secondes." },
];

export async function loader({ request, context }: LoaderFunctionArgs): Promise<RootData> {
  const [user, mode] = await Promise.all([getSessionUser(request, context), getMode(request)]);
  return {
    user: user ? { email: user.email, isAdmin: user.isAdmin } : null,
    mode,
    isDev: context.isDev,
    tileUrl: context.env.MAP_TILE_URL,
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  // A catalogue page's document: its islands instead of React (docs/decisions/0222).
  const islands = useStaticPageIslands();
  useEffect(() => {
    // Read by isAppHydrated() (components/catalogue/ClientOnly.tsx): components mounted from now on have no server HTML.
    document.documentElement.dataset.hydrated = "1";
  }, []);
  useEffect(() => {
    document.addEventListener("focusin", keepFocusAboveBars);
    return () => document.removeEventListener("focusin", keepFocusAboveBars);
  }, []);
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f5132" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#contenu" className="skip-link">
          Aller au contenu
        </a>
        <Header user={data?.user ?? null} mode={data?.mode ?? "coureur"} />
        <main id="contenu" className="site-main">
          {children}
        </main>
        <Footer />
        {data?.isDev ? <DevErrorLog /> : null}
        {islands ? (
          <IslandScripts names={islands} nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="container page-narrow error-page">
        <h1>Page non trouvée</h1>
        <p>La page que vous cherchez n'existe pas ou a été déplacée.</p>
        <p>
          <Link to={paths.home()} className="btn btn-primary">
            Retour à l'accueil
          </Link>{" "}
          <Link to={paths.eventsPage()} className="btn btn-ghost">
            Voir les courses
          </Link>
        </p>
      </section>
    );
  }
  return <ErrorScreen error={error} />;
}
