import { describe, expect, it } from "vitest";
import { createLocalVerifier, type JustificatifToVerify } from "./justificatif-verifier";

const base: JustificatifToVerify = {
  type: "pps",
  numero: "P9F28C586EB",
  ppsExpiration: "2027-06-30",
  nom: "Bernard",
  prenom: "Camille",
  dateNaissance: "1991-04-12",
  raceDate: "2027-06-12",
  today: "2026-11-21",
};

describe("local verifier: formats and dates, the rest to the organiser", () => {
  const verifier = createLocalVerifier();
  it.each<[string, Partial<JustificatifToVerify>, Awaited<ReturnType<typeof verifier.verify>>]>([
    ["a well-formed PPS valid on race day: the organiser checks it", {}, { verdict: "a_verifier" }],
    ["a well-formed licence", { type: "licence", numero: "1234567", ppsExpiration: null }, { verdict: "a_verifier" }],
    [
      "a malformed licence",
      { type: "licence", numero: "ABC", ppsExpiration: null },
      { verdict: "refuse", motif: "numero_introuvable", commentaire: null },
    ],
    [
      "a licence number given as a PPS",
      { numero: "1234567" },
      { verdict: "refuse", motif: "numero_introuvable", commentaire: null },
    ],
    [
      "a PPS expiring before the race",
      { ppsExpiration: "2027-05-03" },
      {
        verdict: "refuse",
        motif: "expire",
        commentaire: "Votre PPS expire avant la course (le 3\u00a0mai\u00a02027).",
      },
    ],
    ["a PPS without its expiry: nothing certain", { ppsExpiration: null }, { verdict: "a_verifier" }],
  ])("%s", async (_label, patch, expected) => {
    expect(await verifier.verify({ ...base, ...patch })).toEqual(expected);
  });
  it("never confirms on its own (only the FFA's service could)", async () => {
    expect(verifier.kind).toBe("local");
    expect((await verifier.verify(base)).verdict).not.toBe("valide");
  });
});
