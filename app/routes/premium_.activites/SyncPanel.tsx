// The link to Strava: connect (a POST to the connect route, which sends the runner to the consent page), disconnect
// (a POST here); "indisponible" when no tracking service is configured; in development, the stand-in's control.
import { Form } from "@remix-run/react";
import { formatDate } from "~/domain/format";
import * as paths from "~/domain/paths";

export function SyncPanel({
  sync,
  connection,
}: {
  sync: "strava" | "local" | "indisponible";
  connection: { athleteId: string; since: string } | null;
}) {
  return (
    <section className="card tool-card" aria-labelledby="sync-title">
      <h2 id="sync-title">Synchronisation Strava</h2>
      {sync === "indisponible" ? (
        <p className="muted">
          La synchronisation avec Strava est indisponible pour le moment&nbsp;: importez un fichier.
        </p>
      ) : connection ? (
        <>
          <p>
            Compte Strava relié depuis le {formatDate(connection.since)}&nbsp;: vos nouvelles activités arrivent
            d'elles-mêmes.
          </p>
          <Form method="post">
            <button type="submit" name="intent" value="deconnecter" className="btn btn-ghost">
              Déconnecter Strava
            </button>
          </Form>
          {sync === "local" ? (
            <Form method="post" action={paths.devStrava()} className="paydev-controls">
              <p className="muted small">Simulation locale (développement)&nbsp;:</p>
              <button type="submit" name="intent" value="nouvelle_activite" className="btn btn-ghost">
                Enregistrer une nouvelle activité chez le service simulé
              </button>
            </Form>
          ) : null}
        </>
      ) : (
        <>
          <p>Reliez votre compte Strava&nbsp;: vos activités arriveront ici sans rien importer.</p>
          <Form method="post" action={paths.premiumStravaConnect()}>
            <button type="submit" className="btn btn-primary">
              Connecter Strava
            </button>
          </Form>
          {sync === "local" ? (
            <p className="muted small">Développement&nbsp;: un service Strava simulé remplace le vrai.</p>
          ) : null}
        </>
      )}
    </section>
  );
}
