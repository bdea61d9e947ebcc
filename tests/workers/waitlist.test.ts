// Issue 20: the waiting list. A full format still takes names; every path that frees a place offers it to the next
// runner in order (a cancellation by the runner or the organiser, a hold that expires, a runner giving up their
// checkout, an organiser's status change, a capacity increase); an offer not paid in time passes to the next runner
// by the cron, with an e-mail to both; never more places than the cap, even when everything happens at once.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { parseRegistration, RegistrationError } from "../../app/domain/registration";
import { WaitlistError } from "../../app/domain/waitlist";
import { isLocalPaymentProvider } from "../../app/providers/payments-local.server";
import { cancelInscription } from "../../app/services/cancel.server";
import { runMaintenance } from "../../app/services/maintenance.server";
import { onCheckoutEnded } from "../../app/services/payment-received.server";
import { abandonRegistration, startRegistration } from "../../app/services/register.server";
import { loadRegistrationPage } from "../../app/services/registration-page.server";
import { saveCell } from "../../app/services/registrants.server";
import {
  exportWaitlist,
  joinWaitlist,
  leaveWaitlist,
  organiserWaitlist,
  payOffer,
  removeFromWaitlist,
  setWaitlistEnabled,
} from "../../app/services/waitlist.server";
import { loadDemoData } from "./helpers";
import { courseForm, get, ORG1, ORG2, post, sessionCookie } from "./organiser-helpers";
import { enableOrganiserAccount, ORGANISER_ID, testContext } from "./payments-helpers";
import {
  entry,
  fullFormat,
  fullWithList,
  hoursLater,
  input,
  inscription,
  join,
  mails,
  registerAndPay,
  runners,
  taken,
  TODAY,
  values,
} from "./waitlist-helpers";

beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
});

describe("joining a full format's list", () => {
  it("gives positions in order, a 'joined' e-mail, and refuses a second entry, a runner with a place, and newcomers' direct registration", async () => {
    const f = await fullWithList(2, 2);
    const [a, b] = f.waiters;
    expect((await entry(f.entries[0])).statut).toBe("en_liste");
    const [third] = await runners(1);
    expect((await join(f.courseId, f.formatId, third)).position).toBe(3);
    const joined = await mails(b, "liste_attente_inscription");
    expect(joined).toHaveLength(1);
    expect(joined[0].text).toContain("2e");
    await expect(join(f.courseId, f.formatId, a)).rejects.toMatchObject({ code: "deja_en_liste" });
    await expect(join(f.courseId, f.formatId, f.holders[0])).rejects.toMatchObject({ code: "deja_inscrit" });
    // The form's own rule refuses 'Payer' on a full format whose list is on, and the atomic hold refuses it too.
    const page = await loadRegistrationPage(testContext(), f.courseId);
    const parsed = parseRegistration(values(f.formatId, "x@balise.test"), page!.formats, TODAY, "register");
    expect(!parsed.ok && parsed.errors.format_id).toContain("rejoignez sa liste d'attente");
    const [newcomer] = await runners(1);
    const data = await input(f.courseId, f.formatId, newcomer, "waitlist");
    await expect(startRegistration(testContext(), newcomer, f.courseId, data)).rejects.toBeInstanceOf(
      RegistrationError,
    );
  });

  it("refuses the list while a place is free to everyone, and when the organiser turned it off", async () => {
    const f = await fullFormat({ cap: 3 });
    const [a] = await runners(1);
    const data = await input(f.courseId, f.formatId, a, "register");
    await expect(joinWaitlist(testContext(), a, f.courseId, data)).rejects.toMatchObject({
      code: "places_disponibles",
    });
    const g = await fullWithList(1, 0);
    await setWaitlistEnabled(testContext(), ORG1, g.formatId, false);
    const page = await loadRegistrationPage(testContext(), g.courseId);
    expect(parseRegistration(values(g.formatId, "x@balise.test"), page!.formats, TODAY, "waitlist").ok).toBe(false);
    await expect(setWaitlistEnabled(testContext(), ORG2, g.formatId, true)).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("every path that frees a place offers it to the first runner waiting", () => {
  async function expectOfferTo(entryId: string, runner: string) {
    const e = await entry(entryId);
    expect(e.statut).toBe("offre");
    const i = await inscription(e.inscription_id as string);
    expect(i).toMatchObject({
      statut: "en_attente",
      coureur_id: runner,
      liste_attente_id: entryId,
      last_event: "offered",
      nom: "Martin",
    });
    expect(i.hold_expires_at).toBe(e.offre_expires_at);
    const offer = await mails(runner, "liste_attente_offre");
    expect(offer).toHaveLength(1);
    expect(offer[0].subject).toContain("Une place");
    expect(offer[0].text).toContain(`/liste-attente/${entryId}`);
    return i;
  }

  it("a runner's cancellation: the first runner gets the place for 48 h, the second keeps waiting", async () => {
    const f = await fullWithList(2, 2);
    await cancelInscription(testContext(), {
      inscriptionId: f.paid[0],
      actor: { role: "coureur", userId: f.holders[0] },
    });
    const i = await expectOfferTo(f.entries[0], f.waiters[0]);
    const hours = (Date.parse(i.hold_expires_at as string) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect((await entry(f.entries[1])).statut).toBe("en_liste");
    expect(await taken(f.formatId)).toBe(2);
  });

  it("an organiser's cancellation", async () => {
    const f = await fullWithList(1, 1);
    await cancelInscription(testContext(), {
      inscriptionId: f.paid[0],
      actor: { role: "organisateur", userId: ORGANISER_ID },
      reason: "Épreuve annulée par la préfecture",
    });
    await expectOfferTo(f.entries[0], f.waiters[0]);
  });

  it("a hold that expires unpaid (the cron)", async () => {
    const f = await fullFormat({ cap: 1 });
    const [holder, waiter] = await runners(2);
    await startRegistration(testContext(), holder, f.courseId, await input(f.courseId, f.formatId, holder, "register"));
    const { entryId } = await join(f.courseId, f.formatId, waiter);
    await runMaintenance(hoursLater(1));
    await expectOfferTo(entryId, waiter);
  });

  it("a runner who gives up their checkout ('Libérer ma place')", async () => {
    const f = await fullFormat({ cap: 1 });
    const [holder, waiter] = await runners(2);
    const started = await startRegistration(
      testContext(),
      holder,
      f.courseId,
      await input(f.courseId, f.formatId, holder, "register"),
    );
    const { entryId } = await join(f.courseId, f.formatId, waiter);
    expect(await abandonRegistration(testContext(), holder, started.inscriptionId)).toBe(true);
    await expectOfferTo(entryId, waiter);
  });

  it("the organiser sets a registration added by hand to 'annulée'", async () => {
    const f = await fullFormat({ cap: 1 });
    const manual = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom, email, last_event, last_actor) VALUES (?, ?, ?, NULL, 'validee', ?, 'Main', 'Ajout', 'm@balise.test', 'created', 'organiser')",
    )
      .bind(manual, f.courseId, f.formatId, crypto.randomUUID())
      .run();
    const [waiter] = await runners(1);
    const { entryId } = await join(f.courseId, f.formatId, waiter);
    await saveCell(testContext(), ORG1, f.formatId, manual, "statut", "annulee");
    await expectOfferTo(entryId, waiter);
  });

  it("a capacity increase by the organiser: one offer per new place, in order", async () => {
    const f = await fullWithList(1, 3);
    const org = await sessionCookie(ORG1.id);
    const res = await post(
      `/modifier-course/${f.courseId}`,
      courseForm(
        {
          nom: f.nom,
          lieu: "Annecy",
          code_postal: "74000",
          departement: "Haute-Savoie",
          lat: "45,9",
          lng: "6,1",
        },
        [
          {
            id: f.formatId,
            nom: "Format élargi",
            prix: "30",
            date: "2027-09-12",
            heure_depart: "08:30",
            nb_max_coureurs: "3",
            stock_repas: "10",
            prix_repas: "12",
          },
        ],
      ),
      org,
    );
    expect(res.status).toBe(302);
    expect((await entry(f.entries[0])).statut).toBe("offre");
    expect((await entry(f.entries[1])).statut).toBe("offre");
    expect((await entry(f.entries[2])).statut).toBe("en_liste");
    expect(await taken(f.formatId)).toBe(3);
  });
});

describe("offers: paid, expired, left", () => {
  it("'Payer maintenant' opens a checkout; paid, the registration is validated and the entry accepted; an expired session keeps the offer until its deadline", async () => {
    const f = await fullWithList(1, 1);
    await cancelInscription(testContext(), {
      inscriptionId: f.paid[0],
      actor: { role: "coureur", userId: f.holders[0] },
    });
    const [waiter] = f.waiters;
    const context = testContext();
    if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
    // Somebody else cannot pay it.
    await expect(payOffer(context, f.holders[0], f.entries[0])).rejects.toMatchObject({ code: "introuvable" });
    // A first checkout left to expire: the place stays the runner's (offer deadline), a second checkout works.
    const first = (await payOffer(context, waiter, f.entries[0])).split("/").pop()!;
    const offerId = (await entry(f.entries[0])).inscription_id as string;
    expect(Date.parse((await inscription(offerId)).hold_expires_at as string) - Date.now()).toBeGreaterThan(
      47 * 3_600_000,
    );
    await context.payments.expireCheckoutSession(first);
    await onCheckoutEnded(context, first);
    expect((await inscription(offerId)).statut).toBe("en_attente");
    const second = (await payOffer(context, waiter, f.entries[0])).split("/").pop()!;
    expect(second).not.toBe(first);
    await context.payments.paySession(second);
    expect((await inscription(offerId)).statut).toBe("validee");
    expect((await entry(f.entries[0])).statut).toBe("acceptee");
    expect(await taken(f.formatId)).toBe(1);
  });

  it("not paid in time: the cron ends it, the next runner gets the place, both are told", async () => {
    const f = await fullWithList(1, 2);
    await cancelInscription(testContext(), {
      inscriptionId: f.paid[0],
      actor: { role: "coureur", userId: f.holders[0] },
    });
    const [first, second] = f.waiters;
    const offerId = (await entry(f.entries[0])).inscription_id as string;
    // Before the deadline nothing moves.
    await runMaintenance(hoursLater(47));
    expect((await entry(f.entries[0])).statut).toBe("offre");
    const report = await runMaintenance(hoursLater(49));
    expect(report.offersExpired).toBeGreaterThanOrEqual(1);
    expect(await inscription(offerId)).toMatchObject({ statut: "annulee", cancel_reason: "offer_expired" });
    expect((await entry(f.entries[0])).statut).toBe("offre_expiree");
    expect((await entry(f.entries[1])).statut).toBe("offre");
    expect(await mails(first, "liste_attente_offre_expiree")).toHaveLength(1);
    expect(await mails(second, "liste_attente_offre")).toHaveLength(1);
    // The expired offer cannot be paid any more.
    await expect(payOffer(hoursLater(49), first, f.entries[0])).rejects.toMatchObject({ code: "offre_expiree" });
    expect(await taken(f.formatId, new Date(Date.now() + 49 * 3_600_000))).toBe(1);
  });

  it("an offer is 12 h when the race is within 7 days, and never past the start", async () => {
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const f = await fullFormat({ cap: 1, date: soon });
    const [holder, waiter] = await runners(2);
    const paid = await registerAndPay(f.courseId, f.formatId, holder);
    const { entryId } = await join(f.courseId, f.formatId, waiter);
    await cancelInscription(testContext(), {
      inscriptionId: paid,
      actor: { role: "organisateur", userId: ORGANISER_ID },
      reason: "Épreuve annulée par la préfecture",
    });
    const hours = (Date.parse((await entry(entryId)).offre_expires_at as string) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it("leaving with an offer running withdraws it and passes it on; the organiser removes a runner; another organiser cannot", async () => {
    const f = await fullWithList(1, 3);
    await cancelInscription(testContext(), {
      inscriptionId: f.paid[0],
      actor: { role: "coureur", userId: f.holders[0] },
    });
    const offerId = (await entry(f.entries[0])).inscription_id as string;
    await expect(leaveWaitlist(testContext(), f.waiters[1], f.entries[0])).rejects.toBeInstanceOf(WaitlistError);
    await leaveWaitlist(testContext(), f.waiters[0], f.entries[0]);
    expect((await entry(f.entries[0])).statut).toBe("retiree");
    expect(await inscription(offerId)).toMatchObject({ statut: "annulee", cancel_reason: "offer_withdrawn" });
    expect((await entry(f.entries[1])).statut).toBe("offre");
    expect(await mails(f.waiters[0], "liste_attente_sortie")).toHaveLength(1);
    await expect(removeFromWaitlist(testContext(), ORG2, f.formatId, f.entries[2])).rejects.toMatchObject({
      code: "not_found",
    });
    await removeFromWaitlist(testContext(), ORG1, f.formatId, f.entries[2]);
    expect((await entry(f.entries[2])).statut).toBe("supprimee");
    const list = await organiserWaitlist(testContext(), ORG1, f.formatId);
    expect(list.entries.map((e) => e.statut)).toEqual(["retiree", "offre", "supprimee"]);
    expect(list.counts).toMatchObject({ offre: 1, sorties: 2 });
    const csv = await exportWaitlist(testContext(), ORG1, f.formatId);
    expect(csv.body.split("\r\n")[0]).toContain("Rang;Nom;Prénom;Email");
    expect(csv.body).toContain("Offre envoyée");
  });
});

describe("the pages: the runner's own entry only, the organiser's list only", () => {
  it("/liste-attente/{id} shows the position to its runner, 404 to anyone else; the registrants page shows the list", async () => {
    const f = await fullWithList(1, 2);
    const mine = await sessionCookie(f.waiters[1]);
    const page = await get(`/liste-attente/${f.entries[1]}`, mine);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Vous êtes 2e sur la liste d&#x27;attente");
    expect((await get(`/liste-attente/${f.entries[0]}`, mine)).status).toBe(404);
    const event = await get(`/courses/${f.courseId}`, mine);
    expect(await event.text()).toContain("Vous êtes 2e sur la liste d&#x27;attente");
    const mes = await get("/mesinscriptions", mine);
    expect(await mes.text()).toContain("Vous êtes 2e sur la liste d&#x27;attente");
    // Leaving asks first (issue 42): a bare 'quitter' removes nothing; the confirmation page's form does.
    const bare = await post(`/liste-attente/${f.entries[1]}`, { intent: "quitter" }, mine);
    expect(bare.status).toBe(400);
    expect((await entry(f.entries[1])).statut).toBe("en_liste");
    const ask = await (await get(`/liste-attente/${f.entries[1]}?quitter=confirmer`, mine)).text();
    expect(ask).toContain("Vous perdrez votre rang (n°\u00a02).");
    const left = await post(`/liste-attente/${f.entries[1]}`, { intent: "quitter", confirmation: "oui" }, mine);
    expect(left.status).toBe(302);
    expect((await entry(f.entries[1])).statut).toBe("retiree");
    const org = await sessionCookie(ORG1.id);
    const registrants = await (await get(`/organisateur/inscriptions/${f.formatId}`, org)).text();
    expect(registrants).toContain("Liste d&#x27;attente");
    expect((await get(`/organisateur/inscriptions/${f.formatId}/liste-attente.csv`, org)).status).toBe(200);
    const other = await sessionCookie(ORG2.id);
    expect((await get(`/organisateur/inscriptions/${f.formatId}/liste-attente.csv`, other)).status).toBe(404);
    expect(
      (
        await post(
          `/organisateur/inscriptions/${f.formatId}/liste-attente`,
          { intent: "retirer", entry_id: f.entries[0] },
          other,
        )
      ).status,
    ).toBe(404);
  });
});

describe("concurrency: 50 runners registering while 5 places are freed", () => {
  it("never more than the cap; the freed places go to the runners waiting, in order", async () => {
    const f = await fullWithList(5, 8);
    const newcomers = await runners(50);
    const inputs = await Promise.all(newcomers.map((r) => input(f.courseId, f.formatId, r, "waitlist")));
    const results = await Promise.allSettled([
      ...f.paid.map((id, k) =>
        cancelInscription(testContext(), { inscriptionId: id, actor: { role: "coureur", userId: f.holders[k] } }),
      ),
      ...newcomers.map((r, k) => startRegistration(testContext(), r, f.courseId, inputs[k])),
    ]);
    // Every cancellation went through; no newcomer took a place ahead of the runners waiting.
    expect(results.slice(0, 5).every((r) => r.status === "fulfilled")).toBe(true);
    const newcomerHolds = results.slice(5).filter((r) => r.status === "fulfilled").length;
    expect(newcomerHolds).toBe(0);
    expect(await taken(f.formatId)).toBe(5);
    const statuts = await Promise.all(f.entries.map(async (id) => (await entry(id)).statut));
    expect(statuts).toEqual(["offre", "offre", "offre", "offre", "offre", "en_liste", "en_liste", "en_liste"]);
  });

  it("offers made by parallel passes never exceed the free places", async () => {
    const f = await fullWithList(3, 6);
    await env.DB.prepare("UPDATE formats SET nb_max_coureurs = 6 WHERE id = ?").bind(f.formatId).run();
    const { offerFreedPlaces } = await import("../../app/services/waitlist-offers.server");
    const made = await Promise.all(Array.from({ length: 6 }, () => offerFreedPlaces(testContext(), f.formatId)));
    expect(made.flat()).toHaveLength(3);
    expect(new Set(made.flat())).toEqual(new Set(f.entries.slice(0, 3)));
    expect(await taken(f.formatId)).toBe(6);
  });
});
