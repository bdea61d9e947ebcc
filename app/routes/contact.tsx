import type { MetaFunction } from "@remix-run/cloudflare";
import { LegalPage } from "~/components/LegalPage";
import { publicPageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  publicPageMeta("Contact — Balise", "Contacter l'équipe Balise\u00a0: support coureurs et organisateurs.");

export default function Contact() {
  return (
    <LegalPage title="Contact">
      <h2>Coureurs</h2>
      <p>
        Une question sur une épreuve (parcours, horaires, retrait des dossards) ? Posez-la dans la discussion de
        l'épreuve&nbsp;: l'organisateur s'engage à répondre sous 72 heures.
      </p>
      <p>
        Pour une inscription ou un paiement&nbsp;: <a href="mailto:support@balise.test">support@balise.test</a>, en
        indiquant votre numéro d'inscription.
      </p>
      <h2>Organisateurs</h2>
      <p>
        Pour publier une épreuve, configurer votre compte de paiement ou obtenir un reversement&nbsp;:{" "}
        <a href="mailto:organisateurs@balise.test">organisateurs@balise.test</a>.
      </p>
      <h2>Données personnelles</h2>
      <p>
        Pour exercer vos droits&nbsp;: <a href="mailto:dpo@balise.test">dpo@balise.test</a>.
      </p>
    </LegalPage>
  );
}
