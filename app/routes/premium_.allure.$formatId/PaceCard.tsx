// The pace card: arrivals at the aid stations and the pace per segment for one or two targets. With JavaScript, a
// slider moves the first target and the card is recomputed in the browser by the same pure function (splitsFor).
import { useState } from "react";
import { Link } from "~/components/Link";
import { type Scenario, SplitsTable, StationsTable } from "~/components/race-tools/RaceTables";
import { useHydrated } from "~/components/useHydrated";
import { formatDuration } from "~/domain/format-duration";
import { durationField, splitsFor } from "~/domain/pace-plan";
import * as paths from "~/domain/paths";
import type { RaceCourse, RaceFormatInfo } from "~/services/race-tools.server";

export function PaceCard({
  format,
  course,
  targets,
  printing,
}: {
  format: RaceFormatInfo;
  course: RaceCourse;
  targets: [number, number | null];
  printing: boolean;
}) {
  const hydrated = useHydrated();
  const [first, setFirst] = useState(targets[0]);
  const second = targets[1];
  const scenarios: Scenario[] = [
    { label: `Objectif ${formatDuration(first)}`, splits: splitsFor(course.segments, first) },
  ];
  if (second != null)
    scenarios.push({ label: `Objectif ${formatDuration(second)}`, splits: splitsFor(course.segments, second) });
  const min = Math.max(600, Math.round((targets[0] * 0.5) / 60) * 60);
  const max = Math.round((targets[0] * 2) / 60) * 60;
  const query = { cible: durationField(first), ...(second != null ? { cible2: durationField(second) } : {}) };
  return (
    <section className="pace-card" aria-labelledby="carte" data-testid="pace-card">
      <h2 id="carte">Carte d'allure</h2>
      {hydrated && !printing ? (
        <p className="no-print">
          <label htmlFor="cible-curseur">Faites glisser le temps visé&nbsp;: {formatDuration(first)}</label>
          <input
            id="cible-curseur"
            className="race-slider"
            type="range"
            min={min}
            max={max}
            step={60}
            value={first}
            onChange={(e) => setFirst(Number(e.currentTarget.value))}
          />
        </p>
      ) : null}
      <StationsTable
        stations={course.stations}
        finishKm={course.distanceKm}
        start={format.heureDepart}
        scenarios={scenarios}
      />
      <SplitsTable caption="Allure par tronçon (et temps écoulé à la fin du tronçon)" scenarios={scenarios} />
      <p className="no-print">
        {printing ? (
          <>
            {hydrated ? (
              <button type="button" className="btn btn-primary" onClick={() => window.print()}>
                Imprimer
              </button>
            ) : (
              <span>Utilisez la commande Imprimer de votre navigateur. </span>
            )}{" "}
            <Link to={paths.premiumPace(format.id, query)}>Revenir au comparateur</Link>
          </>
        ) : (
          <Link to={paths.premiumPace(format.id, { ...query, impression: "1" })} className="btn btn-outline btn-small">
            Version à imprimer
          </Link>
        )}
      </p>
    </section>
  );
}
