// The server renderings of links print the same markup as Remix's <Link>/<NavLink> (the browser hydrates them
// with Remix's components), and leave every other link to Remix.
import { createPath, resolveTo } from "@remix-run/router";
import { Link as RemixLink, NavLink as RemixNavLink } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { isSitePath, ServerLink, ServerNavLink, sitePath } from "./Link";

describe("site paths", () => {
  it.each([
    "/", "/courses", "/courses/", "/courses?page=2", "/courses?", "/courses#x", "/courses#", "/courses?#", "/a?b#c", "/courses?q=a%20b&du=2026-11-21",
    "/inscription/bc-00001?format=bf-000003", "/courses/trail-x#discussion",
  ])("%s resolves to itself, as Remix's router resolves it", (to) => {
    expect(isSitePath(to)).toBe(true);
    for (const from of ["/", "/courses", "/courses/trail-x/chat"]) {
      expect(sitePath(to).href).toBe(createPath(resolveTo(to, [from], from, false)));
    }
  });

  it.each(["?onglet=formats", ".", "..", "ajouter", "//evil.example", "/\\evil", "/a/../b", "/a/./b", "/..", "https://x.fr/"])("%s is left to Remix", (to) => {
    expect(isSitePath(to)).toBe(false);
  });
});

async function renderAt(url: string, ui: () => JSX.Element) {
  const routes = [{ path: "*", Component: ui }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://balise.test${url}`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

describe("same markup as Remix's components", () => {
  const cases: [string, string, boolean?][] = [
    ["/courses", "/courses"], ["/courses/trail-x", "/courses"], ["/coursesx", "/courses"], ["/", "/", true], ["/courses", "/", true],
    ["/courses", "/", false], ["/Courses/a", "/courses"], ["/admin/", "/admin/"], ["/admin/x", "/admin/"],
  ];
  it.each(cases)("at %s, a link to %s (end: %s)", async (url, to, end) => {
    // The same links, drawn by our server renderings and by Remix's components.
    const links = (L: typeof RemixLink, N: typeof RemixNavLink) => () => (
      <>
        <L to={to} className="c" prefetch="intent" preventScrollReset aria-label="l">x</L>
        <N to={to} end={end} className="nav-link">y</N>
        <N to={to} end={end} className={({ isActive }) => (isActive ? "on" : "off")}>z</N>
        <L to="?onglet=formats" className="tab">relative</L>
      </>
    );
    const ours = await renderAt(url, links(ServerLink as typeof RemixLink, ServerNavLink as typeof RemixNavLink));
    const theirs = await renderAt(url, links(RemixLink, RemixNavLink));
    const attrs = (html: string) => [...html.matchAll(/<a ([^>]*)>/g)].map((m) => m[1].split(/\s(?=[\w-]+=)/).sort().join(" "));
    expect(attrs(ours)).toEqual(attrs(theirs));
    expect(attrs(ours)).toHaveLength(4);
    expect(ours.replace(/<a [^>]*>/g, "<a>")).toBe(theirs.replace(/<a [^>]*>/g, "<a>"));
  });
});
