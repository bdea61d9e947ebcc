// Why an account may not be erased now (decision 0220), in French, with the link to what to do first.
import { Link } from "~/components/Link";
import { FormAlert } from "~/components/AccountFields";
import { ERASURE_REFUSAL_MESSAGES, type ErasureRefusal } from "~/domain/account-erasure";
import * as paths from "~/domain/paths";

const NEXT_STEP: Record<ErasureRefusal, { to: string; label: string }> = {
  inscription_active: { to: paths.myRegistrations(), label: "Voir mes inscriptions" },
  argent_en_cours: { to: paths.myRegistrations(), label: "Voir mes inscriptions" },
  epreuves: { to: paths.organiserSpace(), label: "Voir mes épreuves" },
  abonnement: { to: paths.premium(), label: "Gérer mon abonnement" },
};

export function ErasureRefusalNotice({ refusal }: { refusal: ErasureRefusal }) {
  const next = NEXT_STEP[refusal];
  return (
    <div className="erasure-refusal">
      <FormAlert kind="error">
        Votre compte ne peut pas être supprimé pour l'instant. {ERASURE_REFUSAL_MESSAGES[refusal]}
      </FormAlert>
      <p>
        <Link to={next.to} className="btn btn-primary">
          {next.label}
        </Link>
      </p>
    </div>
  );
}
