import { useId } from "react";
import type { ChartGeometry } from "~/domain/charts";
import { formatDate } from "~/domain/format";

/**
 * A bar chart drawn on the server as SVG (readable without JavaScript). Its text alternative is the table of
 * values under it (visually hidden, read by screen readers), and the SVG's title and description.
 */
export function BarChart(props: {
  title: string;
  summary: string;
  geometry: ChartGeometry;
  /** How a value is written (euros, a count). */
  format: (value: number) => string;
  /** How a point's day is written in the table ('semaine du …' for weeks). */
  dayLabel?: (day: string) => string;
}) {
  const id = useId();
  const g = props.geometry;
  const dayLabel = props.dayLabel ?? ((d: string) => formatDate(d));
  const first = g.bars[0]?.point.day;
  const last = g.bars[g.bars.length - 1]?.point.day;
  return (
    <figure className="chart">
      <figcaption id={`${id}-t`}>{props.title}</figcaption>
      <svg viewBox={`0 0 ${g.width} ${g.height}`} role="img" aria-labelledby={`${id}-t ${id}-d`} className="chart-svg">
        <title>{props.title}</title>
        <desc id={`${id}-d`}>{props.summary}</desc>
        {g.ticks.map((t) => (
          <g key={t.value}>
            <line x1={g.plot.left} x2={g.plot.right} y1={t.y} y2={t.y} className="chart-grid" />
            <text x={g.plot.left - 6} y={t.y + 4} textAnchor="end" className="chart-label">
              {props.format(t.value)}
            </text>
          </g>
        ))}
        {g.bars.map((b) => (
          <rect
            key={b.point.day}
            x={b.x}
            y={b.y}
            width={b.width}
            height={Math.max(b.height, b.point.value > 0 ? 1 : 0)}
            className="chart-bar"
          >
            <title>{`${dayLabel(b.point.day)} : ${props.format(b.point.value)}`}</title>
          </rect>
        ))}
        {first ? (
          <text x={g.plot.left} y={g.height - 6} className="chart-label">
            {formatDate(first)}
          </text>
        ) : null}
        {last ? (
          <text x={g.plot.right} y={g.height - 6} textAnchor="end" className="chart-label">
            {formatDate(last)}
          </text>
        ) : null}
      </svg>
      {/* A table ignores width: 1px, so the visually hidden box is a div around it. */}
      <div className="visually-hidden">
        <table>
          <caption>{props.title}</caption>
          <thead>
            <tr>
              <th scope="col">Période</th>
              <th scope="col">Valeur</th>
            </tr>
          </thead>
          <tbody>
            {g.bars.map((b) => (
              <tr key={b.point.day}>
                <td>{dayLabel(b.point.day)}</td>
                <td>{props.format(b.point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
