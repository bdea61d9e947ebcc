import { useFetcher } from "@remix-run/react";
import { Link } from "~/components/Link";

export const NEWSLETTER_THANKS = "Merci ! Votre inscription à la newsletter est bien prise en compte.";

export function NewsletterForm() {
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>();
  const done = fetcher.data?.ok;
  return (
    <fetcher.Form method="post" action="/newsletter" className="newsletter" noValidate={false}>
      <label htmlFor="newsletter-email">Recevoir la newsletter</label>
      <div className="newsletter-row">
        <input
          id="newsletter-email"
          type="email"
          name="email"
          required
          placeholder="vous@exemple.fr"
          autoComplete="email"
        />
        <button type="submit" className="btn btn-primary">
          S'abonner
        </button>
      </div>
      {done ? (
        <p role="status" className="alert alert-success">
          {NEWSLETTER_THANKS}
        </p>
      ) : null}
      {fetcher.data?.error ? (
        <p role="alert" className="field-error">
          {fetcher.data.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-title">Organisateurs</p>
          <ul>
            <li>
              <Link to="/organisateur/mon-espace">Mon espace organisateur</Link>
            </li>
            <li>
              <Link to="/organisateur/nouvelle-course">Publier une épreuve</Link>
            </li>
            <li>
              <Link to="/legal/cgv-organisateurs">CGV organisateurs</Link>
            </li>
            <li>
              <Link to="/legal/charte-organisateur">Charte organisateur</Link>
            </li>
          </ul>
        </div>
        <div>
          <p className="footer-title">Coureurs</p>
          <ul>
            <li>
              <Link to="/courses">Trouver une course</Link>
            </li>
            <li>
              <Link to="/formats">Tous les formats</Link>
            </li>
            <li>
              <Link to="/mesinscriptions">Mes inscriptions</Link>
            </li>
            <li>
              <Link to="/premium">Balise Premium</Link>
            </li>
          </ul>
        </div>
        <div>
          <NewsletterForm />
          <p className="footer-title">Suivez-nous</p>
          <ul className="social">
            <li>
              <a href="https://www.instagram.com/" rel="noopener noreferrer">
                Instagram
              </a>
            </li>
            <li>
              <a href="https://www.facebook.com/" rel="noopener noreferrer">
                Facebook
              </a>
            </li>
            <li>
              <a href="https://www.strava.com/" rel="noopener noreferrer">
                Strava
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="container footer-legal">
        <ul>
          <li>
            <Link to="/conditions">Conditions d'utilisation</Link>
          </li>
          <li>
            <Link to="/confidentialite">Confidentialité</Link>
          </li>
          <li>
            <Link to="/mentions-legales">Mentions légales</Link>
          </li>
          <li>
            <Link to="/legal/remboursements">Remboursements</Link>
          </li>
          <li>
            <Link to="/contact">Contact</Link>
          </li>
        </ul>
        <p className="muted small">© 2026 Balise — inscriptions trail, rando et route.</p>
      </div>
    </footer>
  );
}
