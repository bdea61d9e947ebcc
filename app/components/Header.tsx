import { Form, useLocation } from "@remix-run/react";
import { BRAND_LINK_LABEL, BrandContent } from "~/components/Brand";
import { Link, NavLink } from "~/components/Link";
import { useEffect, useRef } from "react";
import * as paths from "~/domain/paths";
import { onMenuBackdrop, onMenuKey } from "~/components/shell-keys";

export interface ShellUser {
  email: string;
  isAdmin: boolean;
}

type Mode = "coureur" | "organisateur";
const MODES = [
  ["coureur", "Coureur"],
  ["organisateur", "Organisateur"],
] as const satisfies readonly (readonly [Mode, string])[];

function ModeSwitch({ mode, redirectTo }: { mode: Mode; redirectTo: string }) {
  return (
    <Form method="post" action={paths.modeSwitch()} className="mode-switch" aria-label="Changer de mode">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {MODES.map(([m, label]) => (
        <button
          key={m}
          type="submit"
          name="mode"
          value={m}
          aria-pressed={mode === m}
          className={mode === m ? "is-active" : ""}
        >
          {label}
        </button>
      ))}
    </Form>
  );
}

/** Links of the header's navigation, each with its page's address and its text. */
function NavLinks({ links }: { links: readonly (readonly [to: string, label: string])[] }) {
  return (
    <>
      {links.map(([to, label]) => (
        <NavLink key={to} to={to} className="nav-link">
          {label}
        </NavLink>
      ))}
    </>
  );
}

function AdminLink() {
  return (
    <NavLink to={paths.admin()} className="nav-link">
      Admin <span className="badge badge-pro">PRO</span>
    </NavLink>
  );
}

/** 'Créer une course' switches the mode to organiser first, then opens the creation page. */
function CreateCourseButton({ className }: { className?: string }) {
  return (
    <Form method="post" action={paths.modeSwitch()} className="inline-form">
      <input type="hidden" name="mode" value="organisateur" />
      <input type="hidden" name="redirectTo" value={paths.newEvent()} />
      <button type="submit" className={className ?? "nav-link as-link"}>
        Créer une course
      </button>
    </Form>
  );
}

/** The links every visitor has (home, features, events), then the mode's own when logged in: the same in the
 * desktop bar and the mobile panel. */
function MainLinks({ user, mode }: { user: ShellUser | null; mode: Mode }) {
  return (
    <>
      <NavLink to={paths.home()} end className="nav-link">
        Accueil
      </NavLink>
      <NavLinks
        links={[
          [paths.features(), "Fonctionnalités"],
          [paths.eventsPage(), "Courses"],
        ]}
      />
      {user ? <ModeLinks mode={mode} /> : null}
    </>
  );
}

function ModeLinks({ mode }: { mode: Mode }) {
  if (mode === "organisateur") {
    return (
      <>
        <NavLink to={paths.organiserSpace()} className="nav-link">
          Mon espace
        </NavLink>
        <CreateCourseButton />
        <NavLink to={paths.organiserProfile()} className="nav-link">
          Mon profil
        </NavLink>
      </>
    );
  }
  return (
    <NavLinks
      links={[
        [paths.runnerHome(), "Mon espace"],
        [paths.myRegistrations(), "Mes inscriptions"],
        [paths.runnerProfile(), "Mon profil"],
      ]}
    />
  );
}

/** Logged out: log in or sign up. */
function AuthLinks({ className }: { className: string }) {
  return (
    <div className={className}>
      <Link to={paths.login()} className="btn btn-ghost">
        Connexion
      </Link>
      <Link to={paths.signup()} className="btn btn-primary">
        Inscription
      </Link>
    </div>
  );
}

/** The admin's pages, in the mobile menu. */
function MobileAdminLinks() {
  return (
    <div className="mobile-admin">
      <p className="mobile-section-title">Administration</p>
      <AdminLink />
      <NavLinks
        links={[
          [paths.adminEvents(), "Courses Admin"],
          [paths.adminPayouts(), "Reversements"],
          [paths.adminRegistrations(), "Inscriptions"],
        ]}
      />
    </div>
  );
}

function LogoutButton() {
  return (
    <Form method="post" action={paths.logout()} className="inline-form">
      <button type="submit" className="nav-link as-link">
        Déconnexion
      </button>
    </Form>
  );
}

export function Header({ user, mode }: { user: ShellUser | null; mode: Mode }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  // The menus are <details> (they open without JavaScript). With JavaScript, following a link inside one is an
  // in-app navigation that keeps the header mounted: close them, or the open menu would cover the new page.
  const userMenu = useRef<HTMLDetailsElement>(null);
  const mobileMenu = useRef<HTMLDetailsElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation (location.key), which it does not read
  useEffect(() => {
    userMenu.current?.removeAttribute("open");
    mobileMenu.current?.removeAttribute("open");
  }, [location.key]);
  useEffect(() => {
    document.addEventListener("keydown", onMenuKey);
    document.addEventListener("click", onMenuBackdrop);
    return () => {
      document.removeEventListener("keydown", onMenuKey);
      document.removeEventListener("click", onMenuBackdrop);
    };
  }, []);
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to={paths.home()} className="brand" aria-label={BRAND_LINK_LABEL}>
          <BrandContent />
        </Link>
        <nav className="main-nav" aria-label="Navigation principale">
          <MainLinks user={user} mode={mode} />
          {user?.isAdmin ? <AdminLink /> : null}
        </nav>
        <div className="header-actions">
          {user ? (
            <details className="user-menu" ref={userMenu}>
              {/* The accessible name contains the visible text (WCAG 2.5.3): "Mon compte : <e-mail>". */}
              <summary>
                <span className="avatar" aria-hidden="true">
                  {user.email.slice(0, 1).toUpperCase()}
                </span>
                <span className="visually-hidden">Mon compte&nbsp;: </span>
                <span className="user-email">{user.email}</span>
              </summary>
              <div className="user-menu-panel">
                <p className="muted small">
                  Connecté en tant que <strong>{user.email}</strong>
                </p>
                <ModeSwitch mode={mode} redirectTo={here} />
                <LogoutButton />
              </div>
            </details>
          ) : (
            <AuthLinks className="auth-links" />
          )}
          <details className="mobile-menu" ref={mobileMenu}>
            <summary>
              <span className="burger" aria-hidden="true">
                ☰
              </span>
              <span className="visually-hidden">Menu</span>
            </summary>
            <div className="mobile-panel">
              <nav aria-label="Navigation mobile" className="mobile-nav">
                <MainLinks user={user} mode={mode} />
                {user?.isAdmin ? <MobileAdminLinks /> : null}
                {user ? (
                  <div className="mobile-user">
                    <p className="muted small">{user.email}</p>
                    <ModeSwitch mode={mode} redirectTo={here} />
                    <LogoutButton />
                  </div>
                ) : (
                  <AuthLinks className="mobile-user" />
                )}
              </nav>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
