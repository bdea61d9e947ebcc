import { describe, expect, it } from "vitest";
import { makeSelfEditSchema, pickSelfEdit, SELF_EDIT_FIELDS } from "./my-registration";
import { camille } from "./runner.fixtures";

const valid = {
  ...camille,
  club: "Lyon Trail Club",
  justificatif_type: "licence",
  numero_licence: "1234567",
  pps_identifier: "PPS-IGNORED",
  contact_urgence_nom: "Julien",
  contact_urgence_telephone: "0698765432",
  apparaitre_resultats: "on",
};

describe("runner self-edit schema", () => {
  const schema = makeSelfEditSchema("2026-11-21");

  it("writes exactly the spec's 19 fields", () => {
    const r = schema.safeParse(valid);
    expect(r.success).toBe(true);
    const update = pickSelfEdit(r.data!);
    expect(Object.keys(update).sort()).toEqual([...SELF_EDIT_FIELDS].sort());
    expect(update.email).toBe("coureur@balise.test");
    expect(update.adresse_complement).toBeNull();
    expect(update.pps_identifier).toBeNull(); // kept only for a PPS
    expect(update.apparaitre_resultats).toBe(true);
  });

  it("ignores crafted fields (statut, owner, prices, bib)", () => {
    const crafted = {
      ...valid,
      statut: "remboursee_totalement",
      coureur_id: "someone",
      prix_total_coureur_cents: "1",
      dossard: "7",
      id: "x",
      format_id: "y",
    };
    const r = schema.safeParse(crafted);
    expect(r.success).toBe(true);
    const update = pickSelfEdit(r.data!) as Record<string, unknown>;
    for (const k of ["statut", "coureur_id", "prix_total_coureur_cents", "dossard", "id", "format_id"])
      expect(k in update).toBe(false);
  });

  it("an unticked results box means false", () => {
    const { apparaitre_resultats: _omit, ...rest } = valid;
    const r = schema.safeParse(rest);
    expect(r.success && r.data.apparaitre_resultats).toBe(false);
  });

  it.each([
    ["nom", "", "Le nom est obligatoire."],
    ["email", "pas-un-email", "Email invalide."],
    ["date_naissance", "2030-01-01", "La date de naissance ne peut pas être dans le futur."],
    ["code_postal", "690", "Code postal invalide (5 chiffres en France)."],
  ])("refuses %s = %j with a French message on the field", (field, value, message) => {
    const r = schema.safeParse({ ...valid, [field]: value });
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(message);
  });
});
