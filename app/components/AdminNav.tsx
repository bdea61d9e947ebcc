import { NavLink } from "~/components/Link";

/** The admin side menu (spec: Dashboard, Courses, Inscriptions, Paiements). */
export function AdminNav() {
  return (
    <nav className="tabs" aria-label="Administration">
      <NavLink to="/admin/dashboard" className={({ isActive }) => `tab ${isActive ? "is-active" : ""}`}>Dashboard</NavLink>
      <NavLink to="/admin/courses" className={({ isActive }) => `tab ${isActive ? "is-active" : ""}`}>Courses</NavLink>
    </nav>
  );
}
