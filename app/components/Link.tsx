// The app's links. A link to an absolute path of this site ("/courses/x?page=2") is a plain <a> whose click is
// handed to Remix's router, and whose "intent" prefetch is done here: the same markup and behaviour as Remix's
// <Link>/<NavLink>, without their per-link path resolution (each of those serialises the route matches to JSON
// and resolves the path again, a tenth of a catalogue page's server CPU for its ~40 links; docs/decisions/0026).
// Anything else (relative paths, objects, reloadDocument, targets) is passed to Remix's own components.
import {
  Link as RemixLink,
  NavLink as RemixNavLink,
  PrefetchPageLinks,
  useLocation,
  useNavigate,
  useNavigation,
} from "@remix-run/react";
import { forwardRef, useEffect, useRef, useState, type ComponentProps, type FocusEvent, type MouseEvent, type ReactNode, type TouchEvent } from "react";

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

/** A plain left click without modifier, on a link that opens in this tab: the router handles it. */
function isRouterClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return !event.defaultPrevented && event.button === 0 && (!target || target === "_self") && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

/** Options SiteLink implements; any other sends the link to Remix's component. */
function plainLink(props: RemixLinkProps | RemixNavLinkProps) {
  return !props.reloadDocument && !props.relative && !props.viewTransition && (props.prefetch === undefined || props.prefetch === "none" || props.prefetch === "intent");
}

type FastProps = Omit<RemixLinkProps, "to"> & { to: string; children?: ReactNode };

const SiteLink = forwardRef<HTMLAnchorElement, FastProps>(function SiteLink(
  { to, prefetch, replace, state, preventScrollReset, onClick, onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart, discover: _discover, viewTransition: _vt, relative: _relative, reloadDocument: _reload, ...rest },
  ref,
) {
  const navigate = useNavigate();
  const location = useLocation();
  const path = sitePath(to);
  const [intent, setIntent] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const wantsIntent = prefetch === "intent";
  const soon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setIntent(true), 100);
  };
  const cancel = () => {
    clearTimeout(timer.current);
    setIntent(false);
  };
  return (
    <>
      <a
        {...rest}
        ref={ref}
        href={path.href}
        data-discover="true"
        onClick={(event) => {
          onClick?.(event);
          if (!isRouterClick(event, rest.target)) return;
          event.preventDefault();
          const same = location.pathname + location.search + location.hash === path.href;
          navigate(path.href, { replace: replace ?? same, state, preventScrollReset });
        }}
        onMouseEnter={(e: MouseEvent<HTMLAnchorElement>) => { onMouseEnter?.(e); if (wantsIntent) soon(); }}
        onMouseLeave={(e: MouseEvent<HTMLAnchorElement>) => { onMouseLeave?.(e); if (wantsIntent) cancel(); }}
        onFocus={(e: FocusEvent<HTMLAnchorElement>) => { onFocus?.(e); if (wantsIntent) soon(); }}
        onBlur={(e: FocusEvent<HTMLAnchorElement>) => { onBlur?.(e); if (wantsIntent) cancel(); }}
        onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => { onTouchStart?.(e); if (wantsIntent) setIntent(true); }}
      />
      {intent ? <PrefetchPageLinks page={path.href} /> : null}
    </>
  );
});

/** Remix's <Link>, with absolute site paths rendered by SiteLink (same markup and navigation). */
export const Link = forwardRef<HTMLAnchorElement, RemixLinkProps>(function Link(props, ref) {
  if (isSitePath(props.to) && plainLink(props)) {
    return <SiteLink {...(props as FastProps)} ref={ref} />;
  }
  return <RemixLink {...props} ref={ref} />;
});

type NavChildren = RemixNavLinkProps["children"];

const SiteNavLink = forwardRef<HTMLAnchorElement, Omit<RemixNavLinkProps, "to"> & { to: string }>(function SiteNavLink(
  { to, end = false, caseSensitive = false, className, style, children, "aria-current": ariaCurrent = "page", ...rest },
  ref,
) {
  const location = useLocation();
  const navigation = useNavigation();
  let toPathname = sitePath(to).pathname;
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
  const css = typeof style === "function" ? style(state) : style;
  const content = typeof children === "function" ? (children as Extract<NavChildren, (...a: never[]) => unknown>)(state) : children;
  return (
    <SiteLink {...(rest as Omit<FastProps, "to">)} ref={ref} to={to} aria-current={isActive ? ariaCurrent : undefined} className={cls || undefined} style={css}>
      {content as ReactNode}
    </SiteLink>
  );
});

/** Remix's <NavLink>, with absolute site paths rendered by SiteNavLink (same classes, aria-current, navigation). */
export const NavLink = forwardRef<HTMLAnchorElement, RemixNavLinkProps>(function NavLink(props, ref) {
  if (isSitePath(props.to) && plainLink(props)) {
    return <SiteNavLink {...(props as Omit<RemixNavLinkProps, "to"> & { to: string })} ref={ref} />;
  }
  return <RemixNavLink {...props} ref={ref} />;
});
