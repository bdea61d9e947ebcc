// The runner's activities, newest first: date (fr-FR), name, distance, D+, moving time, source; each deletable (POST).
import { formatDuration } from "~/domain/format-duration";
import { Form } from "@remix-run/react";
import { DataTable } from "~/components/table/DataTable";
import { formatDate } from "~/domain/format";
import { activitySourceLabel, formatActivityClimb, formatActivityDistance } from "~/domain/activity-view";
import type { ActivityView } from "~/services/activities.server";

export function ActivityList({ activities }: { activities: ActivityView[] }) {
  return (
    <section aria-labelledby="list-title">
      <h2 id="list-title">Activités ({activities.length})</h2>
      <DataTable
        rows={activities}
        empty={<p className="muted">Aucune activité pour l'instant.</p>}
        columns={[
          "Date",
          "Activité",
          "Distance",
          "D+",
          "Temps en mouvement",
          "Source",
          { label: "Actions", hidden: true },
        ]}
      >
        {(a) => (
          <tr key={a.id}>
            <td>{formatDate(a.startedAt)}</td>
            <td>{a.name}</td>
            <td>{formatActivityDistance(a.distanceM)}</td>
            <td>{formatActivityClimb(a.elevationGainM)}</td>
            <td>{formatDuration(a.movingTimeSec)}</td>
            <td>{activitySourceLabel(a.source)}</td>
            <td>
              <Form method="post">
                <input type="hidden" name="id" value={a.id} />
                <button
                  type="submit"
                  name="intent"
                  value="supprimer"
                  className="btn btn-ghost btn-small"
                  aria-label={`Supprimer l'activité ${a.name} du ${formatDate(a.startedAt)}`}
                >
                  Supprimer
                </button>
              </Form>
            </td>
          </tr>
        )}
      </DataTable>
    </section>
  );
}
