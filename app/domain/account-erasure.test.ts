import { describe, expect, it } from "vitest";
import { ERASURE_REFUSAL_MESSAGES, ErasureRequestError, ErasureRequestSchema, erasureRefusal } from "./account-erasure";

describe("erasureRefusal", () => {
  it.each([
    { facts: { activeRegistrations: 0, moneyInFlight: 0, ownedEvents: 0, liveSubscriptions: 0 }, refusal: null },
    {
      facts: { activeRegistrations: 1, moneyInFlight: 0, ownedEvents: 0, liveSubscriptions: 0 },
      refusal: "inscription_active",
    },
    {
      facts: { activeRegistrations: 0, moneyInFlight: 2, ownedEvents: 0, liveSubscriptions: 0 },
      refusal: "argent_en_cours",
    },
    { facts: { activeRegistrations: 0, moneyInFlight: 0, ownedEvents: 1, liveSubscriptions: 0 }, refusal: "epreuves" },
    {
      facts: { activeRegistrations: 1, moneyInFlight: 1, ownedEvents: 0, liveSubscriptions: 0 },
      refusal: "inscription_active",
    },
    { facts: { activeRegistrations: 1, moneyInFlight: 1, ownedEvents: 1, liveSubscriptions: 0 }, refusal: "epreuves" },
    {
      facts: { activeRegistrations: 0, moneyInFlight: 0, ownedEvents: 0, liveSubscriptions: 1 },
      refusal: "abonnement",
    },
    {
      facts: { activeRegistrations: 0, moneyInFlight: 1, ownedEvents: 0, liveSubscriptions: 1 },
      refusal: "argent_en_cours",
    },
  ])("$facts → $refusal", ({ facts, refusal }) => {
    expect(erasureRefusal(facts)).toBe(refusal);
  });

  it("has a French reason for every refusal", () => {
    for (const m of Object.values(ERASURE_REFUSAL_MESSAGES)) expect(m).toMatch(/[a-zé]/);
  });
});

describe("ErasureRequestSchema", () => {
  it.each([
    { form: { password: "secret", definitif: "on" }, ok: true, fields: [] },
    { form: { password: "", definitif: "on" }, ok: false, fields: ["password"] },
    { form: { password: "secret" }, ok: false, fields: ["definitif"] },
    { form: {}, ok: false, fields: ["password", "definitif"] },
  ])("$form → ok $ok", ({ form, ok, fields }) => {
    const r = ErasureRequestSchema.safeParse(form);
    expect(r.success).toBe(ok);
    if (!r.success) expect(r.error.issues.map((i) => i.path[0]).sort()).toEqual([...fields].sort());
  });
});

describe("ErasureRequestError", () => {
  it.each([
    { code: "mot_de_passe_incorrect", status: 400, field: "password" },
    { code: "trop_de_tentatives", status: 429, field: "password" },
    { code: "trop_de_liens", status: 429, field: "password" },
    { code: "lien_invalide", status: 400, field: undefined },
  ] as const)("$code → $status beside $field", ({ code, status, field }) => {
    const e = new ErasureRequestError(code);
    expect([e.status, e.field]).toEqual([status, field]);
  });
});
