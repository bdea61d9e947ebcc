// Verifying a runner's justificatif with an outside service. The FFA's licence and PPS web service is open only to
// approved companies, so today the local implementation is the one in use: it checks what can be checked without
// that service (the number's format, the PPS's expiry against today and the race day) and leaves the rest to the
// organiser ('à vérifier'). A real service plugs in by implementing this interface and being chosen per request in
// load-context.ts, like the payment and mail providers. docs/decisions/0150-justificatifs.md
import { checkLicence, checkPps, ppsExpiryIssue, type RefusMotif } from "~/domain/justificatif";

export interface JustificatifToVerify {
  type: "licence" | "pps";
  /** The licence number or the PPS identifier, as stored (normalised). */
  numero: string;
  ppsExpiration: string | null;
  nom: string | null;
  prenom: string | null;
  dateNaissance: string | null;
  /** YYYY-MM-DD: the race day (null when unknown) and today (Paris calendar days). */
  raceDate: string | null;
  today: string;
}

/**
 * What the service says: confirmed ('valide'), refused with a reason, or nothing certain ('a_verifier': the
 * organiser decides). Only a certain answer is recorded as a decision.
 */
export type VerificationResult =
  | { verdict: "valide" }
  | { verdict: "refuse"; motif: RefusMotif; commentaire: string | null }
  | { verdict: "a_verifier" };

export interface JustificatifVerifier {
  /** Recorded with a decision it makes: justificatif_decision_par = 'verificateur:<kind>'. */
  readonly kind: string;
  verify(input: JustificatifToVerify): Promise<VerificationResult>;
}

/** Formats and dates only: a malformed number or an expired PPS is refused, anything else is left to the organiser. */
export function createLocalVerifier(): JustificatifVerifier {
  return {
    kind: "local",
    async verify(j) {
      const format = j.type === "licence" ? checkLicence(j.numero) : checkPps(j.numero);
      if (!format.ok) return { verdict: "refuse", motif: "numero_introuvable", commentaire: null };
      if (j.type === "pps") {
        if (!j.ppsExpiration) return { verdict: "a_verifier" };
        const expiry = ppsExpiryIssue(j.ppsExpiration, { today: j.today, raceDate: j.raceDate });
        if (expiry && expiry.code !== "pps_expiration_trop_loin")
          return { verdict: "refuse", motif: "expire", commentaire: expiry.message };
      }
      return { verdict: "a_verifier" };
    },
  };
}

/** The verifier for this request: the local one until a verification service is approved and configured. */
export function createJustificatifVerifier(): JustificatifVerifier {
  return createLocalVerifier();
}
