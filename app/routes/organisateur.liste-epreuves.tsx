import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { listOrganiserCourses } from "~/services/organiser-courses.server";
import organiserCss from "~/styles/organiser.css?url";
import { requireOrganiser } from "~/utils/auth.server";
import { formatEuros } from "~/domain/format";
import { type Column, DataTable } from "~/components/table/DataTable";
import { OfflineBadge, RegistrantsLinkCell, StartCell } from "~/components/table/FormatCells";
import * as paths from "~/domain/paths";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: organiserCss }];
export const meta: MetaFunction = () => [{ title: "Mes formats — Balise" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const courses = await listOrganiserCourses(context.db, user.id, context.clock.now());
  const rows = courses
    .flatMap((c) => c.formats.map((f) => ({ ...f, course_id: c.id, course_nom: c.nom, en_ligne: c.en_ligne })))
    .sort(
      (a, b) =>
        (a.date ?? "9999").localeCompare(b.date ?? "9999") ||
        (a.heure_depart ?? "").localeCompare(b.heure_depart ?? ""),
    );
  return { rows };
}

const COLUMNS: readonly Column[] = [
  "Date",
  "Épreuve",
  "Format",
  "Prix",
  "Inscrits / places",
  { label: "Actions", hidden: true },
];

export default function ListeEpreuves() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <section className="container page organiser-page">
      <p className="small">
        <Link to={paths.organiserSpace()}>← Mon espace</Link>
      </p>
      <h1>Mes formats</h1>
      <DataTable
        rows={rows}
        empty={
          <p className="empty">
            Aucun format pour le moment. <Link to={paths.newEvent()}>Créer une épreuve</Link>
          </p>
        }
        columns={COLUMNS}
        className="table stack-table"
      >
        {(f) => (
          <tr key={f.id}>
            <StartCell date={f.date} heure_depart={f.heure_depart} />
            <td data-label="Épreuve">
              <span>
                <Link to={paths.eventPage(f.course_id)}>{f.course_nom}</Link>
                {f.en_ligne ? null : (
                  <>
                    {" "}
                    <OfflineBadge />
                  </>
                )}
              </span>
            </td>
            <td data-label="Format">{f.nom}</td>
            <td data-label="Prix">{formatEuros(f.prix_cents)}</td>
            <td data-label="Inscrits / places">{`${f.inscrits} / ${f.nb_max_coureurs ?? "∞"}`}</td>
            <RegistrantsLinkCell formatId={f.id} />
          </tr>
        )}
      </DataTable>
    </section>
  );
}
