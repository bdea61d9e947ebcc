import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";
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

/** Bars that stay on screen at the bottom: the organiser's save bar and the event's register bar on phones. */
const STICKY_BARS = ".form-submit, .register-bar";

/**
 * WCAG 2.4.11 (focus not obscured): when the focus lands on an element that a bottom bar covers, even partly,
 * scroll it above the bar. (CSS scroll-padding-bottom covers elements out of view, but the browser does not scroll
 * an element that is already partly visible.)
 */
function keepFocusAboveBars(e: FocusEvent) {
  const el = e.target;
  if (!(el instanceof HTMLElement)) return;
  for (const bar of document.querySelectorAll<HTMLElement>(STICKY_BARS)) {
    if (bar.contains(el)) continue;
    const t = bar.getBoundingClientRect();
    if (t.height === 0) continue; // not shown (the register bar above phone widths)
    const b = el.getBoundingClientRect();
    if (b.bottom > t.top && b.top < t.bottom) window.scrollBy({ top: b.bottom - t.top + 12 });
  }
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
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
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
