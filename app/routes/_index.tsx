import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { newestOnlineCourses } from "~/db/home.server";
import { parisDate } from "~/domain/refund";
import { formatDate, formatEuros, formatKm, formatMeters } from "~/utils/format";
import { getSessionUser } from "~/utils/session.server";
import { PremiumComparison } from "./premium";

export const meta: MetaFunction = () => [
  { title: "Balise — trouvez votre prochaine course, inscrivez-vous en ligne" },
  { name: "description", content: "Trail, randonnée et course sur route : cherchez une épreuve, inscrivez-vous et payez en ligne, en toute transparence." },
  { property: "og:title", content: "Balise — inscriptions trail, rando et route" },
  { property: "og:type", content: "website" },
];

export const HOME_LIMIT = 3;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const now = context.clock.now();
  const [user, courses] = await Promise.all([
    getSessionUser(request, context),
    newestOnlineCourses(context.db, HOME_LIMIT, parisDate(now)),
  ]);
  return { loggedIn: !!user, courses };
}

function range(min: number | null, max: number | null, fmt: (n: number) => string) {
  if (min == null || max == null) return null;
  return min === max ? fmt(min) : `${fmt(min)} à ${fmt(max)}`;
}

export default function Home() {
  const { loggedIn, courses } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>Votre prochaine course commence ici</h1>
          <p className="lead">Trail, randonnée, route : trouvez une épreuve, inscrivez-vous en deux minutes et payez en ligne.</p>
          <Form method="get" action="/courses" className="hero-search" role="search">
            <label htmlFor="home-q" className="visually-hidden">Rechercher une course</label>
            <input id="home-q" name="q" type="search" placeholder="Nom, ville ou département…" />
            <button type="submit" className="btn btn-primary">Rechercher</button>
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
              <li key={c.id} className="card course-card">
                <Link to={`/courses/${c.id}`} className="card-link">
                  {c.image_url ? <img src={c.image_url} alt="" loading="lazy" width={400} height={225} /> : <div className="card-img-placeholder" aria-hidden="true">◆</div>}
                  <div className="card-body">
                    <h3>{c.nom}</h3>
                    <p className="muted">{c.lieu} ({c.departement})</p>
                    <p>{c.next_date ? formatDate(c.next_date) : "À venir"}</p>
                    <p className="small">
                      {[range(c.min_distance, c.max_distance, (n) => formatKm(n)), c.max_dplus != null ? `jusqu'à ${formatMeters(c.max_dplus)} D+` : null]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                    {c.min_price_cents != null ? <p className="price">dès {formatEuros(c.min_price_cents)}</p> : null}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p><Link to="/courses" className="btn btn-ghost">Voir toutes les courses</Link></p>
      </section>

      <section className="band">
        <div className="container split">
          <div>
            <h2>Vous organisez une course ?</h2>
            <p>Créez votre épreuve et ses formats en quelques minutes, encaissez en ligne et suivez vos inscrits. Commission de 5 %, 95 % reversés à J+1, acompte sur demande.</p>
            <Link to={loggedIn ? "/organisateur/mon-espace" : "/login"} className="btn btn-primary">Je suis organisateur</Link>
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
        <p><Link to="/premium">En savoir plus sur Premium</Link></p>
      </section>

      <section className="band band-alt">
        <div className="container">
          <h2>Une discussion sous chaque épreuve</h2>
          <p>Posez vos questions aux organisateurs et aux autres coureurs. Mentionnez <strong>@IA</strong> dans un message pour obtenir une réponse de l'assistant, à partir des informations de l'épreuve.</p>
        </div>
      </section>
    </>
  );
}
