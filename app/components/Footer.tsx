import { Link } from "~/components/Link";
import * as paths from "~/domain/paths";

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
