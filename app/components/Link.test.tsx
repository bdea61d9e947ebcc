// The catalogue's opt-in server rendering of links (FastLink on the server) prints the same markup as Remix's <Link>
// (the browser hydrates it with Remix's component), and leaves every other link to Remix.
import { createPath, resolveTo } from "@remix-run/router";
import { Link as RemixLink } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { isSitePath, ServerLink, sitePath } from "./Link";

describe("site paths", () => {
  it.each([
    "/",
    "/courses",
    "/courses/",
    "/courses?page=2",
    "/courses?",
    "/courses#x",
    "/courses#",
    "/courses?#",
    "/a?b#c",
    "/courses?q=a%20b&du=2026-11-21",
    "/inscription/bc-00001?format=bf-000003",
    "/courses/trail-x#discussion",
  ])("%s resolves to itself, as Remix's router resolves it", (to) => {
    expect(isSitePath(to)).toBe(true);
    for (const from of ["/", "/courses", "/courses/trail-x/chat"]) {
      expect(sitePath(to).href).toBe(createPath(resolveTo(to, [from], from, false)));
    }
  });

  it.each([
    "?onglet=formats",
    ".",
    "..",
    "ajouter",
    "//evil.example",
    "/\\evil",
    "/a/../b",
    "/a/./b",
    "/..",
    "https://x.fr/",
  ])("%s is left to Remix", (to) => {
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

describe("same markup as Remix's <Link>", () => {
  it.each(["/courses", "/courses/trail-x", "/", "/Courses/a", "/admin/"])("at %s", async (url) => {
    // The same links, drawn by our server rendering and by Remix's component.
    const links = (L: typeof RemixLink) => () => (
      <>
        <L
          to="/courses/trail-x?onglet=formats&format=f1"
          className="c"
          prefetch="intent"
          preventScrollReset
          aria-label="l"
        >
          x
        </L>
        <L to="/courses">y</L>
        <L to="/formats?page=2" rel="next" discover="none">
          no discovery
        </L>
        <L to="?onglet=formats" className="tab">
          relative
        </L>
        <L to="/courses" reloadDocument>
          reload
        </L>
      </>
    );
    const ours = await renderAt(url, links(ServerLink as typeof RemixLink));
    const theirs = await renderAt(url, links(RemixLink));
    const attrs = (html: string) =>
      [...html.matchAll(/<a ([^>]*)>/g)].map((m) =>
        m[1]
          .split(/\s(?=[\w-]+=)/)
          .sort()
          .join(" "),
      );
    expect(attrs(ours)).toEqual(attrs(theirs));
    expect(attrs(ours)).toHaveLength(5);
    expect(ours.replace(/<a [^>]*>/g, "<a>")).toBe(theirs.replace(/<a [^>]*>/g, "<a>"));
  });
});
