// The goodbye page after the erasure of an account (issue 45, decision 0220): nobody is logged in any more.
import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { FormAlert } from "~/components/AccountFields";
import { Link } from "~/components/Link";
import * as paths from "~/domain/paths";
import accountsCss from "~/styles/accounts.css?url";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => noindexMeta("Compte supprimé — Balise");

export default function AccountDeletedPage() {
  return (
    <section className="container auth-page">
      <h1>Votre compte a été supprimé</h1>
      <FormAlert kind="success">Au revoir, et merci d'avoir couru avec Balise.</FormAlert>
      <p>
        Vos données personnelles ont été effacées&nbsp;: votre compte, vos profils et vos justificatifs sont supprimés,
        vos inscriptions passées apparaissent sous le nom « Coureur anonymisé ». Les montants payés restent dans la
        comptabilité, sans votre nom.
      </p>
      <p>
        <Link to={paths.home()}>Revenir à l'accueil</Link>
      </p>
    </section>
  );
}
