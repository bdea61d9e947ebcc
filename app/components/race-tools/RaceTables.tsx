// The race tools' tables (issue 47): arrivals at the aid stations and splits per segment, for one or more
// scenarios (the estimate's fast, central and slow times; the comparator's one or two targets). Server-rendered,
// and re-rendered in the browser when the comparator's slider moves.
import type { AidStation } from "~/domain/aid-stations";
import { formatKm, formatMeters, formatNumber } from "~/domain/format";
import { formatDuration } from "~/domain/format-duration";
import { clockAfter, formatPace, type Split, stationTimes } from "~/domain/pace-plan";

export interface Scenario {
  label: string;
  splits: Split[];
}

function clockText(start: string | null, elapsed: number): string {
  const at = clockAfter(start, elapsed);
  return at ? ` (${at.clock.replace(":", "\u00a0h\u00a0")}${at.nextDay ? ", le lendemain" : ""})` : "";
}

function marginText(margin: number | null): string | null {
  if (margin == null) return null;
  return margin >= 0 ? `${formatDuration(margin)} d'avance` : `${formatDuration(-margin)} de retard`;
}

export function StationsTable({
  stations,
  scenarios,
  start,
  finishKm,
}: {
  stations: AidStation[];
  scenarios: Scenario[];
  start: string | null;
  finishKm: number;
}) {
  const rows = [...stations, { label: "Arrivée", km: finishKm, barrier: null }];
  const times = scenarios.map((s) => stationTimes(s.splits, rows, start));
  return (
    <div className="table-wrap" role="region" aria-label="Heures de passage aux ravitaillements" tabIndex={0}>
      <table className="table race-stations" data-testid="race-stations">
        <caption className="visually-hidden">Heures de passage aux ravitaillements</caption>
        <thead>
          <tr>
            <th scope="col">Point</th>
            <th scope="col">Km</th>
            {scenarios.map((s) => (
              <th scope="col" key={s.label}>
                {s.label}
              </th>
            ))}
            <th scope="col">Barrière horaire</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((st, i) => (
            <tr key={`${st.label}-${st.km}`}>
              <th scope="row">{st.label}</th>
              <td data-label="Km">{formatKm(Math.round(st.km * 10) / 10)}</td>
              {times.map((t, j) => (
                <td key={scenarios[j].label} data-label={scenarios[j].label}>
                  {formatDuration(t[i].elapsed)}
                  {clockText(start, t[i].elapsed)}
                  {marginText(t[i].margin) ? (
                    <span className={(t[i].margin ?? 0) < 0 ? "race-late" : "muted small"}>
                      <br />
                      {marginText(t[i].margin)}
                    </span>
                  ) : null}
                </td>
              ))}
              <td data-label="Barrière horaire">{st.barrier ? st.barrier.replace(":", "\u00a0h\u00a0") : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SplitsTable({ scenarios, caption }: { scenarios: Scenario[]; caption: string }) {
  const base = scenarios[0]?.splits ?? [];
  return (
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="table race-splits" data-testid="race-splits">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Tronçon</th>
            <th scope="col">D+ / D-</th>
            <th scope="col">Pente moyenne</th>
            <th scope="col">Effort (km à plat)</th>
            {scenarios.map((s) => (
              <th scope="col" key={s.label}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {base.map((seg, i) => (
            <tr key={seg.startKm}>
              <th scope="row">
                km {formatNumber(Math.round(seg.startKm * 10) / 10)} → {formatNumber(Math.round(seg.endKm * 10) / 10)}
              </th>
              <td data-label="D+ / D-">
                {formatMeters(seg.dplus)} / {formatMeters(seg.dmoins)}
              </td>
              <td data-label="Pente moyenne">{`${formatNumber(Math.round(seg.meanGrade * 1000) / 10)}\u00a0%`}</td>
              <td data-label="Effort">{formatNumber(Math.round(seg.effortKm * 100) / 100)}</td>
              {scenarios.map((s) => (
                <td key={s.label} data-label={s.label}>
                  {formatPace(s.splits[i].pace)}
                  <br />
                  <span className="muted small">{formatDuration(s.splits[i].arrival)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
