import { describe, expect, it } from "vitest";
import { itMaps, itMapsEqual } from "../../tests/support/cases";
import {
  actionLabel,
  actorName,
  AUDIT_ACTIONS,
  AUDIT_ROLE_LABELS,
  DATA_RIGHTS_ACTIONS,
  auditText,
  changesText,
  fieldChanges,
  parseChanges,
  parseJournalFilters,
  teamRole,
} from "./audit";

describe("fieldChanges: the named fields that differ, in the labels' order, as the journal writes them", () => {
  const labels = { dossard: "Dossard", club: "Club", email: "Email" };
  it.each([
    [{ dossard: 12, club: null }, { dossard: 14 }, [{ champ: "Dossard", avant: "12", apres: "14" }]],
    [{ dossard: 12, club: null }, { club: "ASPTT" }, [{ champ: "Club", avant: "", apres: "ASPTT" }]],
    [{ dossard: 12 }, { dossard: "12" }, []], // the same value as text is no change
    [{ club: "" }, { club: null }, []], // empty and missing read the same
    [{ nom: "A" }, { nom: "B" }, []], // a field the labels do not name is not followed
    [
      { club: "X", dossard: 1 },
      { club: "Y", dossard: 2 },
      [
        { champ: "Dossard", avant: "1", apres: "2" },
        { champ: "Club", avant: "X", apres: "Y" },
      ],
    ],
  ])("%j → %j", (before, after, expected) => {
    expect(fieldChanges(before, after, labels)).toEqual(expected);
  });

  itMaps("auditText(%j) = %j", auditText, [
    [null, ""],
    [undefined, ""],
    [true, "oui"],
    [false, "non"],
    [0, "0"],
    ["x", "x"],
  ]);
});

describe("the stored change list", () => {
  it("reads back what was written, as one line for the CSV", () => {
    const changes = [
      { champ: "Dossard", avant: "12", apres: "14" },
      { champ: "Club", avant: "", apres: "ASPTT" },
    ];
    expect(parseChanges(JSON.stringify(changes))).toEqual(changes);
    expect(changesText(changes)).toBe("Dossard\u00a0: 12 → 14 ; Club\u00a0: — → ASPTT");
  });
  it.each([null, "", "not json", "{}", '[{"champ":1}]'])("reads %j as no change", (stored) => {
    expect(parseChanges(stored)).toEqual([]);
  });
});

describe("parseJournalFilters: a GET form's values, anything unknown or malformed ignored", () => {
  itMapsEqual("%j", (query) => parseJournalFilters(new URLSearchParams(query)), [
    ["", { personne: null, type: null, du: null, au: null, page: 1 }],
    [
      "personne=u1&type=inscrit.modifie&du=2026-11-01&au=2026-11-30&page=3",
      { personne: "u1", type: "inscrit.modifie", du: "2026-11-01", au: "2026-11-30", page: 3 },
    ],
    ["type=drop.table&du=hier&page=-2", { personne: null, type: null, du: null, au: null, page: 1 }],
    ["page=abc&personne=", { personne: null, type: null, du: null, au: null, page: 1 }],
    ["type=toString", { personne: null, type: null, du: null, au: null, page: 1 }],
  ]);
});

describe("actionLabel", () => {
  it("labels every known action in French, and shows an unknown code as it is", () => {
    for (const [code, label] of Object.entries(AUDIT_ACTIONS)) expect(actionLabel(code)).toBe(label);
    expect(actionLabel("futur.code")).toBe("futur.code");
    expect(actionLabel("toString")).toBe("toString");
  });
});

describe("teamRole: an organiser's action by someone other than the owner is a co-organiser's", () => {
  it.each([
    ["organisateur", "u1", "u1", "organisateur"],
    ["organisateur", "u2", "u1", "coorganisateur"],
    ["organisateur", "u2", null, "organisateur"],
    ["admin", "u2", "u1", "admin"],
  ] as const)("%s by %s on an event of %s → %s", (role, actor, owner, expected) => {
    expect(teamRole(role, actor, owner)).toBe(expected);
  });
});

describe("actorName: the copied e-mail, or a short account id for a row recorded without one", () => {
  it.each([
    ["00000000-0000-4000-a000-000000000003", "coureur@balise.test", "coureur@balise.test"],
    ["7f3a9c12-0000-4000-a000-000000000003", "", "Compte 7f3a9c12"],
  ])("%s, %j → %s", (id, email, expected) => {
    expect(actorName(id, email)).toBe(expected);
  });
});

describe("a person's own data rights are journalled actions, with their role", () => {
  it.each(DATA_RIGHTS_ACTIONS.map((a) => [a]))("%s has a French label", (action) => {
    expect(AUDIT_ACTIONS[action]).toMatch(/^(Copie de ses données|Effacement du compte|Compte effacé)/);
    expect(parseJournalFilters(new URLSearchParams({ type: action })).type).toBe(action);
  });
  it("the role reads « Personne concernée »", () => {
    expect(AUDIT_ROLE_LABELS.personne).toBe("Personne concernée");
  });
});
