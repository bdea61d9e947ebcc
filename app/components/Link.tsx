// The app's links are Remix's own <Link> and <NavLink> (re-exported here so that a page imports its links from one
// place). `FastLink` is an opt-in for the catalogue lists, where a page prints one link per result: on the server, a
// link to an absolute path of this site ("/courses/x?page=2") is printed directly as the <a> Remix's component would
// print, without its per-link path resolution (each of those serialises the route matches to JSON and resolves the
// path again). The markup is the same, so the browser hydrates it with Remix's <Link>, which handles clicks and
// prefetching as usual; the browser bundle only ever has Remix's component (docs/decisions/0141).
import { Link as RemixLink } from "@remix-run/react";
import { type ComponentProps, forwardRef } from "react";

export { Link, NavLink } from "@remix-run/react";

type RemixLinkProps = ComponentProps<typeof RemixLink>;

/** An absolute path of this site given as a string, which resolves to itself whatever the current route. */
export function isSitePath(to: unknown): to is string {
  return (
    typeof to === "string" &&
    to.startsWith("/") &&
    !to.startsWith("//") &&
    !to.startsWith("/\\") &&
    !/(^|\/)\.\.?(\/|$|[?#])/.test(to)
  );
}

/** What Remix's router makes of an absolute path: its parts, with an empty "?" or "#" dropped. */
export function sitePath(to: string): { pathname: string; search: string; hash: string; href: string } {
  const hashAt = to.indexOf("#");
  const beforeHash = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const hash = hashAt >= 0 && hashAt < to.length - 1 ? to.slice(hashAt) : "";
  const queryAt = beforeHash.indexOf("?");
  const pathname = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const search = queryAt >= 0 && queryAt < beforeHash.length - 1 ? beforeHash.slice(queryAt) : "";
  return { pathname, search, hash, href: pathname + search + hash };
}

/** Options the server rendering below prints exactly as Remix does; any other goes to Remix's component. */
function plainLink(props: RemixLinkProps): props is RemixLinkProps & { to: string } {
  return (
    isSitePath(props.to) &&
    !props.reloadDocument &&
    !props.relative &&
    !props.viewTransition &&
    props.discover !== "none" &&
    (props.prefetch === undefined || props.prefetch === "none" || props.prefetch === "intent")
  );
}

/** Props that only matter in the browser (navigation and prefetching), never printed in the HTML. */
function anchorProps<P extends RemixLinkProps>(props: P) {
  const {
    to: _to,
    prefetch: _p,
    replace: _r,
    state: _s,
    preventScrollReset: _psr,
    discover: _d,
    viewTransition: _v,
    relative: _rel,
    reloadDocument: _rd,
    ...rest
  } = props;
  return rest;
}

/** Server rendering of Remix's <Link> (same markup, `data-discover` included, as Remix prints it by default). */
export const ServerLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, RemixLinkProps>(
  function ServerLink(props, ref) {
    if (!plainLink(props)) return <RemixLink {...props} ref={ref} />;
    return <a {...anchorProps(props)} ref={ref} href={sitePath(props.to).href} data-discover="true" />;
  },
);

// The server bundle prints the plain <a>; the browser bundle gets Remix's component and nothing else
// (import.meta.env.SSR is a build-time constant, so the other branch is dropped).
export const FastLink = import.meta.env.SSR ? ServerLink : RemixLink;
