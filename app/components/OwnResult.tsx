// A runner's own result (issue 44), on /mesinscriptions and their registration page: rank and time or status, the
// number ranked, and the link to the format's results.
import { Link } from "~/components/Link";
import * as paths from "~/domain/paths";
import { type OwnResult as OwnResultRow, resultSummary } from "~/domain/results";

/** What the runner sees of their result. */
export type OwnResultView = Omit<OwnResultRow, "inscription_id">;

export function OwnResult({ result }: { result: OwnResultView }) {
  const ranked = result.statut === "classe" && result.classement !== null;
  return (
    <p className="reg-result" data-testid="own-result">
      <strong>Résultat&nbsp;:</strong> {resultSummary(result)}
      {ranked ? ` (sur ${result.classes} classés)` : ""}
      {result.categorie ? ` · ${result.categorie}` : ""} ·{" "}
      <Link to={paths.results(result.format_id)}>Voir les résultats</Link>
    </p>
  );
}
