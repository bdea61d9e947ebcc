import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import {
  canOfferTransfer,
  makeTransferOfferSchema,
  transferClosedReason,
  transferClosesAt,
  transferFeeAbovePrice,
  transferOfferDeadline,
  transferRulesSentence,
  transferPlacePrice,
  transferSplit,
  type TransferSettings,
} from "./transfer";

describe("transferSplit: seller refund = paid − organiser fee − provider fee; buyer pays the format price", () => {
  it.each([
    // paid, refunded, provider fee, organiser fee, format price, buyer meals → refund, organiser, provider, buyer
    [4200, 0, 88, 0, 4200, 0, 4112, 0, 88, 4200],
    [4200, 0, 88, 500, 4200, 0, 3612, 500, 88, 4200],
    // Meals the seller bought are refunded with the place (meals do not follow); the buyer pays their own.
    [5400, 0, 106, 300, 4200, 1200, 4994, 300, 106, 5400],
    // The format's price went up since: the buyer pays today's price, the seller never more than they paid.
    [3000, 0, 70, 0, 3500, 0, 2930, 0, 70, 3500],
    // … or went down: the buyer pays less, the seller still gets their payment back less the fees.
    [3500, 0, 78, 200, 3000, 0, 3222, 200, 78, 3000],
    // A fee larger than what is left: the organiser keeps what the payment covers, the seller gets nothing.
    [600, 0, 34, 1000, 600, 0, 0, 566, 34, 600],
    // Already partly refunded (an earlier outside refund): only the rest counts.
    [4200, 1000, 88, 500, 4200, 0, 2612, 500, 88, 4200],
    // A free place.
    [0, 0, 0, 500, 0, 0, 0, 0, 0, 0],
  ])(
    "paid %i (refunded %i, fee %i, organiser %i), price %i + meals %i",
    (paid, refunded, provider, organiser, price, meals, r, o, p, b) => {
      const s = transferSplit({
        sellerPaidCents: paid,
        sellerRefundedCents: refunded,
        sellerProviderFeeCents: provider,
        organiserFeeCents: organiser,
        formatPriceCents: price,
        buyerMealsCents: meals,
      });
      expect(s).toEqual({ sellerRefundCents: r, organiserKeepsCents: o, providerKeepsCents: p, buyerPaysCents: b });
      // To the cent: what the seller paid (less earlier refunds) is exactly refund + organiser + provider.
      expect(s.sellerRefundCents + s.organiserKeepsCents + s.providerKeepsCents).toBe(paid - refunded);
      expect(s.sellerRefundCents).toBeLessThanOrEqual(paid);
    },
  );
});

const settings = (over: Partial<TransferSettings> = {}): TransferSettings => ({
  cession_active: true,
  cession_cloture: "2027-06-01",
  cession_frais_cents: 500,
  date: "2027-06-12",
  heure_depart: "08:00",
  ...over,
});

describe("transferClosesAt and the offer's deadline", () => {
  itMaps("%o closes at %s", (s) => transferClosesAt(s)?.toISOString() ?? null, [
    // closing day (whole day, Paris summer time) before the start
    [settings(), "2027-06-01T22:00:00.000Z"],
    // no closing day: the start
    [settings({ cession_cloture: null }), "2027-06-12T06:00:00.000Z"],
    // a closing day after the start: the start
    [settings({ cession_cloture: "2027-06-20" }), "2027-06-12T06:00:00.000Z"],
    [settings({ cession_cloture: null, date: null }), null],
  ]);

  it.each([
    ["2027-05-01T10:00:00.000Z", "2027-06-01T22:00:00.000Z", "2027-05-04T10:00:00.000Z"], // 72 h
    ["2027-06-01T10:00:00.000Z", "2027-06-01T22:00:00.000Z", "2027-06-01T22:00:00.000Z"], // the close first
    ["2027-06-01T21:30:00.000Z", "2027-06-01T22:00:00.000Z", null], // under an hour: no offer
    ["2027-06-02T10:00:00.000Z", "2027-06-01T22:00:00.000Z", null], // closed
  ])("offer at %s, closing %s → %s", (now, close, deadline) => {
    expect(transferOfferDeadline(new Date(now), new Date(close))?.toISOString() ?? null).toBe(deadline);
  });
});

describe("canOfferTransfer", () => {
  const now = new Date("2027-05-01T10:00:00.000Z");
  it.each([
    [{ statut: "validee", paid: true, settings: settings(), openOffer: false }, "ok"],
    [
      { statut: "validee", paid: true, settings: settings({ cession_active: false }), openOffer: false },
      "cession_fermee",
    ],
    [{ statut: "en_attente", paid: false, settings: settings(), openOffer: false }, "non_payee"],
    [{ statut: "validee", paid: false, settings: settings(), openOffer: false }, "non_payee"],
    [{ statut: "transferee", paid: true, settings: settings(), openOffer: false }, "non_payee"],
    [{ statut: "validee", paid: true, settings: settings(), openOffer: true }, "deja_proposee"],
    [
      { statut: "validee", paid: true, settings: settings({ cession_cloture: "2027-04-30" }), openOffer: false },
      "cession_close",
    ],
  ])("%o → %s", (input, expected) => {
    const r = canOfferTransfer({ ...input, now });
    expect(r.ok ? "ok" : r.code).toBe(expected);
  });
});

describe("the seller's form", () => {
  const schema = makeTransferOfferSchema("vendeur@balise.test");
  it.each([
    [{ cession_email: "  Amie@Exemple.FR ", cession_confirmation: "on" }, true, null],
    [{ cession_email: "", cession_confirmation: "on" }, false, "cession_email"],
    [{ cession_email: "pas-un-email", cession_confirmation: "on" }, false, "cession_email"],
    [{ cession_email: "VENDEUR@balise.test", cession_confirmation: "on" }, false, "cession_email"],
    [{ cession_email: "amie@exemple.fr" }, false, "cession_confirmation"],
  ])("%o", (input, ok, field) => {
    const r = schema.safeParse(input);
    expect(r.success).toBe(ok);
    if (r.success) expect(r.data.cession_email).toBe("amie@exemple.fr");
    else expect(r.error.issues[0].path[0]).toBe(field);
  });
});

describe("transferRulesSentence", () => {
  it("says the close, the fee and the rules in French", () => {
    const s = transferRulesSentence(settings(), (d) => d.split("-").reverse().join("/"));
    expect(s).toContain("jusqu'au 01/06/2027 inclus");
    expect(s).toContain("5,00\u00a0€");
  });
  it("says nothing when transfers are off", () => {
    expect(transferRulesSentence(settings({ cession_active: false }), (d) => d)).toBeNull();
  });
});

describe("transferFeeAbovePrice", () => {
  it.each([
    [500, 4200, false],
    [4200, 4200, false],
    [4201, 4200, true],
    [0, 0, false],
    [100, 0, true],
  ])("fee %i, price %i → %j", (cession_frais_cents, prix_cents, above) => {
    expect(transferFeeAbovePrice({ cession_frais_cents, prix_cents })).toBe(above);
  });
});

describe("transferClosedReason: an offer running may be accepted and paid only while the format takes transfers", () => {
  const base: TransferSettings = {
    cession_active: true,
    cession_cloture: "2027-09-01",
    cession_frais_cents: 500,
    date: "2027-09-12",
    heure_depart: "08:30",
  };
  it.each<[Partial<TransferSettings>, string, string | null]>([
    [{}, "2027-08-20T10:00:00.000Z", null],
    // The closing day is included, up to the next midnight in Paris (summer: 22:00 UTC).
    [{}, "2027-09-01T21:59:00.000Z", null],
    [{}, "2027-09-01T22:00:00.000Z", "cession_close"],
    // Turned off: closed whatever the day.
    [{ cession_active: false }, "2027-08-20T10:00:00.000Z", "cession_fermee"],
    [{ cession_active: 0 }, "2027-08-20T10:00:00.000Z", "cession_fermee"],
    // No last day: until the start.
    [{ cession_cloture: null }, "2027-09-12T06:29:00.000Z", null],
    [{ cession_cloture: null }, "2027-09-12T06:30:00.000Z", "cession_close"],
    // The last day moved to a day already past.
    [{ cession_cloture: "2027-08-10" }, "2027-08-20T10:00:00.000Z", "cession_close"],
    // Neither a last day nor a race date: open.
    [{ cession_cloture: null, date: null, heure_depart: null }, "2030-01-01T00:00:00.000Z", null],
  ])("%j at %s → %j", (over, now, reason) => {
    expect(transferClosedReason({ ...base, ...over }, new Date(now))).toBe(reason);
  });
});

describe("transferPlacePrice: the buyer pays at most what the seller paid for the place (issue 42)", () => {
  it.each<[number, number | null, number]>([
    [3000, 2000, 2000], // bought 20 €, the format now costs 30 €: the buyer pays 20 €
    [2000, 3000, 2000], // the format got cheaper: never more than today's price
    [2500, 2500, 2500],
    [2500, null, 2500], // unknown face value: the format's price
    [2500, 0, 0], // a free place stays free
  ])("format %i, seller paid %s for the place → %i", (format, seller, expected) => {
    expect(transferPlacePrice(format, seller)).toBe(expected);
  });
  it("the split charges the buyer the face value plus their own meals", () => {
    const s = transferSplit({
      sellerPaidCents: 2000,
      sellerProviderFeeCents: 55,
      organiserFeeCents: 300,
      formatPriceCents: 3000,
      sellerPlaceCents: 2000,
      buyerMealsCents: 1200,
    });
    expect(s.buyerPaysCents).toBe(3200);
    expect(s.sellerRefundCents + s.organiserKeepsCents + s.providerKeepsCents).toBe(2000);
  });
});
