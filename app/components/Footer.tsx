import { useFetcher } from "@remix-run/react";
import { Link } from "~/components/Link";
import * as paths from "~/domain/paths";

export const NEWSLETTER_THANKS = "Merci ! Votre inscription à la newsletter est bien prise en compte.";

export function NewsletterForm() {
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>();
  const done = fetcher.data?.ok;
  return (
    <fetcher.Form method="post" action={paths.newsletter()} className="newsletter" noValidate={false}>
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
              <Link to={paths.organiserSpace()}>Mon espace organisateur</Link>
            </li>
            <li>
              <Link to={paths.newEvent()}>Publier une épreuve</Link>
            </li>
            <li>
              <Link to={paths.organiserTerms()}>CGV organisateurs</Link>
            </li>
            <li>
              <Link to={paths.organiserCharter()}>Charte organisateur</Link>
            </li>
          </ul>
        </div>
        <div>
          <p className="footer-title">Coureurs</p>
          <ul>
            <li>
              <Link to={paths.eventsPage()}>Trouver une course</Link>
            </li>
            <li>
              <Link to={paths.formatsPage()}>Tous les formats</Link>
            </li>
            <li>
              <Link to={paths.myRegistrations()}>Mes inscriptions</Link>
            </li>
            <li>
              <Link to={paths.premium()}>Balise Premium</Link>
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
            <Link to={paths.terms()}>Conditions d'utilisation</Link>
          </li>
          <li>
            <Link to={paths.privacy()}>Confidentialité</Link>
          </li>
          <li>
            <Link to={paths.legalNotice()}>Mentions légales</Link>
          </li>
          <li>
            <Link to={paths.refundPolicy()}>Remboursements</Link>
          </li>
          <li>
            <Link to={paths.contact()}>Contact</Link>
          </li>
        </ul>
        <p className="muted small">© 2026 Balise — inscriptions trail, rando et route.</p>
      </div>
    </footer>
  );
}
