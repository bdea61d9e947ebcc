// The app's links. In the browser they are Remix's own <Link> and <NavLink>. On the server, a link to an absolute
// path of this site ("/courses/x?page=2") is rendered directly as the <a> Remix's component would print, without
// its per-link path resolution (each of those serialises the route matches to JSON and resolves the path again,
// about a tenth of a catalogue page's server CPU for its ~40 links; docs/decisions/0026). The markup is the same,
// so the browser hydrates it with Remix's components, which handle clicks and prefetching as usual. Any other
// link (relative path, object, reloadDocument, relative, view transition, prefetch other than intent) is
// rendered by Remix's component on the server too.
import { Link as RemixLink, NavLink as RemixNavLink, useLocation, useNavigation } from "@remix-run/react";
import { forwardRef, type ComponentProps, type ReactNode } from "react";

type RemixLinkProps = ComponentProps<typeof RemixLink>;
type RemixNavLinkProps = ComponentProps<typeof RemixNavLink>;

/** An absolute path of this site given as a string, which resolves to itself whatever the current route. */
export function isSitePath(to: unknown): to is string {
  return typeof to === "string" && to.startsWith("/") && !to.startsWith("//") && !to.startsWith("/\\") && !/(^|\/)\.\.?(\/|$|[?#])/.test(to);
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
function plainLink(props: RemixLinkProps | RemixNavLinkProps): props is typeof props & { to: string } {
  return isSitePath(props.to) && !props.reloadDocument && !props.relative && !props.viewTransition
    && (props.prefetch === undefined || props.prefetch === "none" || props.prefetch === "intent");
}

/** Props that only matter in the browser (navigation and prefetching), never printed in the HTML. */
function anchorProps<P extends RemixLinkProps>(props: P) {
  const { to: _to, prefetch: _p, replace: _r, state: _s, preventScrollReset: _psr, discover: _d, viewTransition: _v, relative: _rel, reloadDocument: _rd, ...rest } = props;
  return rest;
}

/** Server rendering of Remix's <Link> (same markup). */
export const ServerLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, RemixLinkProps>(function ServerLink(props, ref) {
  if (!plainLink(props)) return <RemixLink {...props} ref={ref} />;
  return <a {...anchorProps(props)} ref={ref} href={sitePath(props.to).href} data-discover="true" />;
});

type NavChildren = RemixNavLinkProps["children"];

/** Server rendering of Remix's <NavLink> (same classes and aria-current, from the same rules). */
export const ServerNavLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, RemixNavLinkProps>(function ServerNavLink(props, ref) {
  const location = useLocation();
  const navigation = useNavigation();
  if (!plainLink(props)) return <RemixNavLink {...props} ref={ref} />;
  const { end = false, caseSensitive = false, className, style, children, "aria-current": ariaCurrent = "page", ...rest } = props;
  const path = sitePath(props.to);
  let toPathname = path.pathname;
  let here = location.pathname;
  let next = navigation.location ? navigation.location.pathname : null;
  if (!caseSensitive) {
    here = here.toLowerCase();
    next = next ? next.toLowerCase() : null;
    toPathname = toPathname.toLowerCase();
  }
  const endSlash = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive = here === toPathname || (!end && here.startsWith(toPathname) && here.charAt(endSlash) === "/");
  const isPending = next != null && (next === toPathname || (!end && next.startsWith(toPathname) && next.charAt(toPathname.length) === "/"));
  const state = { isActive, isPending, isTransitioning: false };
  const cls = typeof className === "function" ? className(state) : [className, isActive ? "active" : null, isPending ? "pending" : null].filter(Boolean).join(" ");
  const content = typeof children === "function" ? (children as Extract<NavChildren, (...a: never[]) => unknown>)(state) : children;
  return (
    <a
      {...anchorProps(rest as RemixLinkProps)}
      ref={ref}
      href={path.href}
      aria-current={isActive ? ariaCurrent : undefined}
      className={cls || undefined}
      style={typeof style === "function" ? style(state) : style}
      data-discover="true"
    >
      {content as ReactNode}
    </a>
  );
});

// The server bundle uses the renderings above; the browser bundle gets Remix's components and nothing else
// (import.meta.env.SSR is a build-time constant, so the other branch is dropped).
export const Link = import.meta.env.SSR ? ServerLink : RemixLink;
export const NavLink = import.meta.env.SSR ? ServerNavLink : RemixNavLink;
