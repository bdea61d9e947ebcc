import { describe, expect, it, vi } from "vitest";
import {
  answerFromFacts,
  ASSISTANT_HELP,
  ASSISTANT_UNKNOWN,
  factsAsText,
  type EventFacts,
  type FormatFacts,
} from "./assistant";
import { createWorkersAiAssistant, pickAssistant } from "./assistant-workers-ai";

const base: FormatFacts = {
  nom: "Découverte 12 km",
  type_epreuve: "trail",
  date: "2027-01-23",
  heure_depart: "09:30",
  distance_km: 12,
  denivele_dplus: 650,
  prix_cents: 2200,
  stock_repas: 0,
  prix_repas_cents: 0,
  nb_max_coureurs: 300,
  places_restantes: 297,
  ravitaillements: "Lac Blanc (km 9) ; Flégère (km 17), La Tête aux Vents",
  remise_dossards: "Vendredi 16h–20h, salle du Bicentenaire",
  hebergements: "Camping des Molliasses\nGîte du Lavancher",
  age_minimum: 16,
  reglement_pdf_url: null,
};
const facts: EventFacts = {
  nom: "Trail des Aiguilles Rouges",
  lieu: "Chamonix-Mont-Blanc",
  departement: "Haute-Savoie",
  formats: [
    base,
    {
      ...base,
      nom: "Balcons 28 km",
      heure_depart: "07:30",
      distance_km: 28,
      denivele_dplus: 1800,
      prix_cents: 3800,
      stock_repas: 150,
      prix_repas_cents: 1200,
      nb_max_coureurs: 400,
      places_restantes: 0,
      age_minimum: null,
    },
  ],
};

describe("local assistant", () => {
  it.each([
    ["à quelle heure est le départ ?", ["Découverte 12 km : départ à 9h30", "Balcons 28 km : départ à 7h30"]],
    ["Quelle distance ?", ["Découverte 12 km : 12\u00a0km", "Balcons 28 km : 28\u00a0km"]],
    ["combien de dénivelé ?", ["650\u00a0m de D+", "1\u00a0800\u00a0m de D+"]],
    ["quel est le prix ?", ["Découverte 12 km : 22,00\u00a0€", "Balcons 28 km : 38,00\u00a0€ (repas : 12,00\u00a0€)"]],
    ["reste-t-il des places ?", ["Découverte 12 km : 297 places restantes", "Balcons 28 km : complet"]],
    ["où sont les ravitos ?", ["Ravitaillements : Lac Blanc (km 9), Flégère (km 17), La Tête aux Vents."]],
    ["retrait des dossards ?", ["Retrait des dossards : Vendredi 16h–20h, salle du Bicentenaire."]],
    ["où dormir ?", ["Hébergements : Camping des Molliasses, Gîte du Lavancher."]],
    ["quelle est la date ?", ["samedi 23 janvier 2027"]],
    ["âge minimum ?", ["Découverte 12 km : âge minimum 16 ans", "(Non précisé pour un format.)"]],
    ["le règlement ?", ["Le règlement n'est pas encore publié."]],
  ])("%s", (prompt, expected) => {
    const answer = answerFromFacts({ prompt, facts });
    for (const e of expected) expect(answer).toContain(e);
  });

  it("answers only for the format the question names", () => {
    const answer = answerFromFacts({ prompt: "départ du 28 km ?", facts });
    expect(answer).toContain("Balcons 28 km : départ à 7h30");
    expect(answer).not.toContain("Découverte");
    expect(answer).not.toContain("Balcons 28 km : 28 km"); // naming the format is not asking its distance
  });

  it("says plainly when it does not know", () => {
    expect(answerFromFacts({ prompt: "Quel temps fera-t-il ?", facts })).toBe(ASSISTANT_UNKNOWN);
  });

  it("explains what it can do for an empty prompt", () => {
    expect(answerFromFacts({ prompt: "  ", facts })).toBe(ASSISTANT_HELP);
  });

  it("says when no format is published", () => {
    expect(answerFromFacts({ prompt: "la distance ?", facts: { ...facts, formats: [] } })).toContain(
      "Aucun format n'est encore publié",
    );
  });

  it("puts every fact in the model's context", () => {
    const text = factsAsText(facts);
    expect(text).toContain("Trail des Aiguilles Rouges");
    expect(text).toContain("places restantes : 297");
    expect(text).toContain("règlement PDF : non publié");
  });
});

describe("Workers AI assistant", () => {
  it("sends the facts as context and returns the model's answer", async () => {
    const run = vi.fn().mockResolvedValue({ response: " Le départ est à 9h30. " });
    const answer = await createWorkersAiAssistant({ run }).answer({ prompt: "départ ?", facts });
    expect(answer).toBe("Le départ est à 9h30.");
    const [, input] = run.mock.calls[0];
    expect(input.messages[0].content).toContain("Trail des Aiguilles Rouges");
    expect(input.messages[1].content).toBe("départ ?");
  });

  it("throws on an empty answer (the caller logs it)", async () => {
    await expect(createWorkersAiAssistant({ run: async () => ({}) }).answer({ prompt: "x", facts })).rejects.toThrow();
  });

  it("is picked only when an AI binding exists", () => {
    expect(pickAssistant({}).name).toBe("local");
    expect(pickAssistant({ AI: { run: async () => ({}) } }).name).toBe("workers-ai");
  });
});

describe("local assistant: places held by checkouts in progress are not 'complet' (issue 42)", () => {
  it("says that no place is free for now, and how many are being paid", () => {
    const held = { ...facts, formats: [{ ...facts.formats[1], places_en_paiement: 2 }] };
    const answer = answerFromFacts({ prompt: "reste-t-il des places ?", facts: held });
    expect(answer).toContain("Balcons 28 km : plus de place libre pour l'instant, dont 2 places en cours de paiement");
    expect(answer).not.toContain("complet");
  });
});
