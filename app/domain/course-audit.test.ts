import { describe, expect, it } from "vitest";
import { courseChanges } from "./course-audit";

const course = { id: "c1", nom: "Trail des Crêtes", lieu: "Gérardmer", en_ligne: 1, updated_at: "t1" };
const f10 = { id: "f1", nom: "10 km", prix_cents: 2000, nb_max_coureurs: 100, updated_at: "t1" };
const f20 = { id: "f2", nom: "20 km", prix_cents: 3000, nb_max_coureurs: 50 };

describe("courseChanges: what an edit of an event changed, for the journal", () => {
  it("names the event's and each format's changed fields, prices in euros, and ignores bookkeeping columns", () => {
    const changes = courseChanges(
      { course, formats: [f10, f20] },
      {
        course: { ...course, lieu: "Xonrupt", updated_at: "t2" },
        formats: [{ ...f10, prix_cents: 2500, updated_at: "t2" }, f20],
      },
    );
    expect(changes).toEqual([
      { champ: "Lieu", avant: "Gérardmer", apres: "Xonrupt" },
      { champ: "10 km — Prix", avant: "20,00\u00a0€", apres: "25,00\u00a0€" },
    ]);
  });

  it("names formats added and removed", () => {
    const f30 = { id: "f3", nom: "30 km", prix_cents: 4000 };
    expect(courseChanges({ course, formats: [f10, f20] }, { course, formats: [f10, f30] })).toEqual([
      { champ: "Format ajouté", avant: "", apres: "30 km" },
      { champ: "Format supprimé", avant: "20 km", apres: "" },
    ]);
  });

  it("finds nothing when nothing the form edits changed", () => {
    expect(
      courseChanges({ course, formats: [f10] }, { course: { ...course, updated_at: "t9" }, formats: [f10] }),
    ).toEqual([]);
  });
});
