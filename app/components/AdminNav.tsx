import { NavLink } from "~/components/Link";
import * as paths from "~/domain/paths";

/** The admin side menu (spec: Dashboard, Courses, Inscriptions, Paiements; and the journal of actions, issue 43). */
export const ADMIN_SCREENS = [
  {
    to: paths.adminDashboard(),
    label: "Dashboard",
    description: "Chiffres clés, inscriptions par jour et chiffre d'affaires par semaine.",
  },
  {
    to: paths.adminEvents(),
    label: "Courses",
    description: "Inscrits, validés et chiffre d'affaires brut par course.",
  },
  {
    to: paths.adminRegistrations(),
    label: "Inscriptions",
    description: "Toutes les inscriptions : recherche, filtres, export CSV.",
  },
  {
    to: paths.adminPayouts(),
    label: "Paiements",
    description: "Commission, acomptes et reversements aux organisateurs.",
  },
  {
    to: paths.adminJournal(),
    label: "Journal",
    description: "Qui a fait quoi et quand, sur chaque épreuve : modifications, annulations, exports.",
  },
  {
    to: paths.adminRetention(),
    label: "Conservation",
    description: "Durées de conservation des données personnelles et ce que le prochain passage effacera.",
  },
] as const;

export function AdminNav() {
  return (
    <nav className="tabs admin-nav" aria-label="Administration">
      {ADMIN_SCREENS.map((s) => (
        <NavLink key={s.to} to={s.to} className={({ isActive }) => `tab ${isActive ? "is-active" : ""}`}>
          {s.label}
        </NavLink>
      ))}
    </nav>
  );
}
