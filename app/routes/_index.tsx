import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { toCardView } from "~/components/catalogue/card-view";
import { CourseCard } from "~/components/catalogue/CourseCard";
import { catalogueClock, newestCourses } from "~/services/catalogue.server";
import { HOME_LIMIT } from "~/domain/catalogue";
import catalogueCss from "~/styles/catalogue.css?url";
import { getSessionUser } from "~/utils/session.server";
import { PremiumComparison } from "~/components/PremiumComparison";
import * as paths from "~/domain/paths";
import { STATIC_PAGE } from "~/components/islands";

/** Served without React: HTML and CSS (docs/decisions/0222). */
export const handle = STATIC_PAGE;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueCss }];

export const meta: MetaFunction = () => [
  { title: "Balise — trouvez votre prochaine course, inscrivez-vous en ligne" },
  {
    name: "description",
    content:
      "Trail, randonnée et course sur route\u00a0: cherchez une épreuve, inscrivez-vous et payez en ligne, en toute transparence.",
  },
  { property: "og:title", content: "Balise — inscriptions trail, rando et route" },
  {
    property: "og:description",
    content: "Trail, randonnée et course sur route\u00a0: cherchez une épreuve, inscrivez-vous et payez en ligne.",
  },
  { property: "og:type", content: "website" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const at = catalogueClock(context);
  const { now, today } = at;
  // One query for the newest events with their summary and badges (see app/db/catalogue/home.server.ts).
  const [user, rows] = await Promise.all([getSessionUser(request, context), newestCourses(context, HOME_LIMIT, at)]);
  return { loggedIn: !!user, courses: rows.map((r) => toCardView(r, now, today)) };
}

export default function Home() {
  const { loggedIn, courses } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>Votre prochaine course commence ici</h1>
          <p className="lead">
            Trail, randonnée, route&nbsp;: trouvez une épreuve, inscrivez-vous en deux minutes et payez en ligne.
          </p>
          <Form method="get" action={paths.eventsPage()} className="hero-search" role="search">
            <label htmlFor="home-q" className="visually-hidden">
              Rechercher une course
            </label>
            <input id="home-q" name="q" type="search" placeholder="Nom, ville ou département…" />
            <button type="submit" className="btn btn-primary">
              Rechercher
            </button>
          </Form>
        </div>
      </section>

      <section className="container page">
        <h2>Nouvelles épreuves</h2>
        {courses.length === 0 ? (
          <p className="empty">Aucune épreuve en ligne pour le moment.</p>
        ) : (
          <ul className="card-grid">
            {courses.map((c) => (
              <CourseCard key={c.id} c={c} />
            ))}
          </ul>
        )}
        <p>
          <Link to={paths.eventsPage()} className="btn btn-ghost">
            Voir toutes les courses
          </Link>
        </p>
      </section>

      <section className="band">
        <div className="container split">
          <div>
            <h2>Vous organisez une course ?</h2>
            <p>
              Créez votre épreuve et ses formats en quelques minutes, encaissez en ligne et suivez vos inscrits.
              Commission de 5&nbsp;%, 95&nbsp;% reversés à J+1, acompte sur demande.
            </p>
            <Link to={loggedIn ? paths.organiserSpace() : paths.login()} className="btn btn-primary">
              Je suis organisateur
            </Link>
          </div>
          <ul className="checklist">
            <li>Plusieurs formats par épreuve, brouillons</li>
            <li>Quotas respectés, même à l'ouverture</li>
            <li>Export CSV des inscrits</li>
          </ul>
        </div>
      </section>

      <section className="container page">
        <h2>Gratuit ou Premium</h2>
        <PremiumComparison />
        <p>
          <Link to={paths.premium()}>En savoir plus sur Premium</Link>
        </p>
      </section>

      <section className="band band-alt">
        <div className="container">
          <h2>Une discussion sous chaque épreuve</h2>
          <p>
            Posez vos questions aux organisateurs et aux autres coureurs. Mentionnez <strong>@IA</strong> dans un
            message pour obtenir une réponse de l'assistant, à partir des informations de l'épreuve.
          </p>
        </div>
      </section>
    </>
  );
}
