import { Link } from "~/components/Link";
import * as paths from "~/domain/paths";

type Links = readonly (readonly [to: string, label: string])[];

/** The footer's columns of links, by title. */
const COLUMNS: Readonly<Record<string, Links>> = {
  Organisateurs: [
    [paths.organiserSpace(), "Mon espace organisateur"],
    [paths.newEvent(), "Publier une épreuve"],
    [paths.organiserTerms(), "CGV organisateurs"],
    [paths.organiserCharter(), "Charte organisateur"],
  ],
  Coureurs: [
    [paths.eventsPage(), "Trouver une course"],
    [paths.formatsPage(), "Tous les formats"],
    [paths.myRegistrations(), "Mes inscriptions"],
    [paths.premium(), "Balise Premium"],
  ],
};

const SOCIAL: Links = [
  ["https://www.instagram.com/", "Instagram"],
  ["https://www.facebook.com/", "Facebook"],
  ["https://www.strava.com/", "Strava"],
];

const LEGAL: Links = [
  [paths.terms(), "Conditions d'utilisation"],
  [paths.privacy(), "Confidentialité"],
  [paths.legalNotice(), "Mentions légales"],
  [paths.refundPolicy(), "Remboursements"],
  [paths.contact(), "Contact"],
];

function LinkList({ links }: { links: Links }) {
  return (
    <ul>
      {links.map(([to, label]) => (
        <li key={to}>
          <Link to={to}>{label}</Link>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        {Object.entries(COLUMNS).map(([title, links]) => (
          <div key={title}>
            <p className="footer-title">{title}</p>
            <LinkList links={links} />
          </div>
        ))}
        <div>
          <p className="footer-title">Suivez-nous</p>
          <ul className="social">
            {SOCIAL.map(([href, label]) => (
              <li key={href}>
                <a href={href} rel="noopener noreferrer">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container footer-legal">
        <LinkList links={LEGAL} />
        <p className="muted small">© 2026 Balise — inscriptions trail, rando et route.</p>
      </div>
    </footer>
  );
}
