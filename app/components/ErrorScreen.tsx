import { isRouteErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import { Link } from "~/components/Link";
import * as paths from "~/domain/paths";

/** The text of an error thrown in a loader or an action (a Response's status and body, or an Error's message). */
export function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error))
    return `${error.status} ${typeof error.data === "string" ? error.data : error.statusText}`;
  return error instanceof Error ? error.message : "Erreur inconnue";
}

/** The generic error screen (spec: 'Une erreur est survenue dans cette page' with the error's message). */
export function ErrorScreen({ error, children }: { error: unknown; children?: ReactNode }) {
  return (
    <section className="container page-narrow error-page">
      <h1>Une erreur est survenue dans cette page</h1>
      <p className="alert alert-error">{errorMessage(error)}</p>
      <p>
        {children ?? (
          <Link to={paths.home()} className="btn btn-primary">
            Retour à l'accueil
          </Link>
        )}
      </p>
    </section>
  );
}
