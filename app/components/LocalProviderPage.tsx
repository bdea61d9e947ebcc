// The pages of the local payment provider (/dev/checkout, /dev/onboarding, /dev/portail, /dev/receipt): the banner
// that says it is a simulation, then the card under its title; and the card's rows of details.
import type { ReactNode } from "react";

/** A simulated step's banner: what is simulated, and what does not really happen. */
const simulated = (what: string, nothing: string) => `${what} simulé (prestataire local)\u00a0: ${nothing}`;
const NO_CARD_CHARGED = "aucune carte réelle n'est débitée.";

/** Each page's banner and title. */
const PAGES = {
  checkout: { banner: simulated("Paiement", NO_CARD_CHARGED), title: "Paiement sécurisé" },
  portal: { banner: simulated("Portail", NO_CARD_CHARGED), title: "Mon abonnement" },
  onboarding: {
    banner: simulated("Onboarding", "aucune donnée n'est transmise."),
    title: "Activer votre compte de paiement",
  },
  receipt: { banner: "Reçu du prestataire de paiement local (simulation).", title: "Reçu de paiement" },
} as const;

export function LocalProviderPage({ page, children }: { page: keyof typeof PAGES; children: ReactNode }) {
  const { banner, title } = PAGES[page];
  return (
    <section className="paydev">
      <p className="paydev-banner">{banner}</p>
      <div className="card paydev-card">
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** One row of the card's details (in a `dl className="paydev-rows"`); none when it has no value. */
export function DetailRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return children ? (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  ) : null;
}
