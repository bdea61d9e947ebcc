// What a race tool says before its numbers (issue 47): the format, its event, and why there is nothing to compute
// (no GPX, a GPX that cannot be read), or what of the aid stations could not be placed.
import { Link } from "~/components/Link";
import { formatDateLong, formatKm, formatMeters, formatNumber } from "~/domain/format";
import * as paths from "~/domain/paths";
import type { RaceFormatInfo, RaceTool } from "~/services/race-tools.server";

export function RaceToolHeading({ title, format }: { title: string; format: RaceFormatInfo }) {
  return (
    <>
      <p className="no-print">
        <Link to={paths.eventPage(format.courseSlug)}>← {format.courseNom}</Link>
      </p>
      <h1>
        {title}&nbsp;: {format.nom}
      </h1>
      <p className="lead">
        {format.courseNom}
        {format.date ? `, ${formatDateLong(format.date)}` : ""}
        {format.heureDepart ? `, départ à ${format.heureDepart.replace(":", "\u00a0h\u00a0")}` : ""}
      </p>
    </>
  );
}

export function NoCourseNotice({ tool }: { tool: RaceTool }) {
  if (tool.kind === "no_gpx")
    return (
      <p className="alert alert-info" role="status">
        Ce format n'a pas de trace GPX&nbsp;: sans le parcours, nous ne pouvons pas calculer l'effort segment par
        segment. L'organisateur peut l'ajouter depuis son espace.
      </p>
    );
  if (tool.kind === "gpx_error")
    return (
      <p className="alert alert-error" role="alert">
        La trace GPX de ce format ne peut pas être lue&nbsp;: {tool.message}
      </p>
    );
  return null;
}

export function CourseFacts({ tool }: { tool: Extract<RaceTool, { kind: "ok" }> }) {
  const c = tool.course;
  return (
    <p data-testid="race-facts">
      Parcours (trace GPX)&nbsp;: {formatKm(c.distanceKm)}, D+ {formatMeters(c.dplus)}, D- {formatMeters(c.dmoins)}
      &nbsp;; effort équivalent à <strong>{formatKm(Math.round(c.effortKm * 10) / 10)} à plat</strong>, en tronçons de{" "}
      {formatNumber(c.segmentKm)}&nbsp;km.
      {c.clamped
        ? " Certaines pentes dépassent 45\u00a0% : elles sont comptées comme 45\u00a0% (limite du modèle)."
        : ""}
      {c.hasElevation ? "" : " La trace n'a pas d'altitudes : le parcours est compté comme plat."}
    </p>
  );
}

export function AidStationsNote({ tool }: { tool: Extract<RaceTool, { kind: "ok" }> }) {
  const c = tool.course;
  if (!c.hasAidText)
    return (
      <p className="muted">L'organisateur n'a pas indiqué de ravitaillements&nbsp;: seule l'arrivée est donnée.</p>
    );
  if (c.stations.length === 0)
    return (
      <p className="muted" data-testid="race-aid-unparsed">
        Les ravitaillements indiqués par l'organisateur ne donnent pas de position kilométrique lisible («&nbsp;km
        12&nbsp;», «&nbsp;12 km&nbsp;»)&nbsp;: pas d'heure de passage aux ravitaillements, seulement à l'arrivée.
      </p>
    );
  if (c.unplaced.length === 0) return null;
  return (
    <p className="muted small">
      Sans position kilométrique, donc sans heure de passage&nbsp;: {c.unplaced.join(", ")}.
      {c.unplacedBarriers.length > 0 ? ` Barrières horaires non placées : ${c.unplacedBarriers.join(", ")}.` : ""}
    </p>
  );
}
