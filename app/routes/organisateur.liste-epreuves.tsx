import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { listOrganiserCourses } from "~/services/organiser-courses.server";
import organiserCss from "~/styles/organiser.css?url";
import { requireOrganiser } from "~/utils/auth.server";
import { formatDate, formatEuros, formatTime } from "~/domain/format";
import { LockIcon } from "~/components/LockIcon";
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

export default function ListeEpreuves() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <section className="container page organiser-page">
      <p className="small">
        <Link to={paths.organiserSpace()}>← Mon espace</Link>
      </p>
      <h1>Mes formats</h1>
      {rows.length === 0 ? (
        <p className="empty">
          Aucun format pour le moment. <Link to={paths.newEvent()}>Créer une épreuve</Link>
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table stack-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Épreuve</th>
                <th scope="col">Format</th>
                <th scope="col">Prix</th>
                <th scope="col">Inscrits / places</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((f) => (
                <tr key={f.id}>
                  <td data-label="Date">{`${formatDate(f.date)}${f.heure_depart ? ` · ${formatTime(f.heure_depart)}` : ""}`}</td>
                  <td data-label="Épreuve">
                    <span>
                      <Link to={paths.eventPage(f.course_id)}>{f.course_nom}</Link>
                      {f.en_ligne ? null : (
                        <>
                          {" "}
                          <span className="badge badge-offline">
                            <LockIcon />
                            Hors-ligne
                          </span>
                        </>
                      )}
                    </span>
                  </td>
                  <td data-label="Format">{f.nom}</td>
                  <td data-label="Prix">{formatEuros(f.prix_cents)}</td>
                  <td data-label="Inscrits / places">{`${f.inscrits} / ${f.nb_max_coureurs ?? "∞"}`}</td>
                  <td>
                    <Link to={paths.formatRegistrants(f.id)}>Voir les inscrits</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
