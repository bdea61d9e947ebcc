import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { ErrorScreen } from "~/components/ErrorScreen";
import { Link } from "~/components/Link";
import { ADMIN_LOGIN_REQUIRED } from "~/domain/admin";
import * as paths from "~/domain/paths";

/** Admin screens' errors: the 403 texts of the spec (with a way to log in), anything else as the root shows it. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 403 && typeof error.data === "string") {
    const login = error.data === ADMIN_LOGIN_REQUIRED;
    return (
      <section className="container page-narrow error-page">
        <h1>Accès refusé</h1>
        <p className="alert alert-error" role="alert">
          {error.data}
        </p>
        <p>
          {login ? (
            <Link to={paths.login(location.pathname + location.search)} className="btn btn-primary">
              Connexion
            </Link>
          ) : (
            <Link to={paths.home()} className="btn btn-primary">
              Retour à l'accueil
            </Link>
          )}
        </p>
      </section>
    );
  }
  return (
    <ErrorScreen error={error}>
      <Link to={paths.admin()} className="btn btn-primary">
        Retour à l'administration
      </Link>
    </ErrorScreen>
  );
}
