// Issue 42, "What a runner reads must be true", inside workerd with real D1: cancelling at zero refund (said before,
// allowed, the place freed for the waiting list, the books balanced) and a bib offered to the waiting list whose
// acceptance form is filled from the list entry. Needs `npx remix vite:build` (the Worker serves the built app).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerBalances, type Ledger } from "../../app/domain/money";
import { parisDate } from "../../app/domain/refund";
import { offerTransferToWaitlist } from "../../app/services/transfer.server";
import { loadDemoData } from "./helpers";
import { get, post, sessionCookie } from "./organiser-helpers";
import { account, enableOrganiserAccount, paidRegistration, testContext } from "./payments-helpers";
import { one, personal, tokenFor, transferFormat } from "./transfer-helpers";

beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
});

/** The format's race day moved to `days` calendar days from today (Paris). */
async function raceIn(formatId: string, days: number) {
  const day = parisDate(new Date(Date.now() + days * 86_400_000));
  await env.DB.prepare("UPDATE formats SET date = ?, cession_cloture = NULL WHERE id = ?").bind(day, formatId).run();
}

/** `runner` waiting first on the format's list, with the fields they typed when joining. */
async function waiting(courseId: string, formatId: string, runner: { id: string; email: string }, donnees: object) {
  const id = `la-${runner.id}`;
  await env.DB.prepare(
    "INSERT INTO liste_attente (id, rang, course_id, format_id, coureur_id, statut, nom, prenom, email, donnees, nombre_repas) VALUES (?, (SELECT coalesce(max(rang), 0) + 1 FROM liste_attente), ?, ?, ?, 'en_liste', 'Rivière', 'Inès', ?, ?, 0)",
  )
    .bind(id, courseId, formatId, runner.id, runner.email, JSON.stringify(donnees))
    .run();
  return id;
}

const text = (html: string) => html.replace(/&#x27;/g, "'").replace(/&amp;/g, "&");

describe("cancelling at zero refund (issue 42)", () => {
  it("says so before the screen opens, lets the runner free the place for the waiting list, refunds nothing", async () => {
    const { courseId, formatId } = await transferFormat(1);
    const runner = await account("tardif");
    const next = await account("suivante");
    const id = await paidRegistration(courseId, formatId, runner);
    const entry = await waiting(courseId, formatId, next, personal(next, "Rivière"));
    await raceIn(formatId, 3);
    const cookie = await sessionCookie(runner.id);

    const page = text(await (await get(`/mon-inscription/${id}`, cookie)).text());
    expect(page).toContain("Aucun remboursement n'est prévu à cette date.");
    expect(page).toContain("Annuler mon inscription sans remboursement");
    expect(page).not.toContain("remboursement estimé");
    const screen = text(await (await get(`/mon-inscription/${id}/annuler`, cookie)).text());
    expect(screen).toContain("Aucun remboursement n'est prévu à cette date.");
    // The confirm button works: neither it nor the form's fields are disabled.
    expect(screen).toMatch(/<button type="submit" class="btn btn-danger">Confirmer l'annulation sans remboursement/);
    expect(screen).not.toMatch(/<fieldset disabled/);

    const done = await post(`/mon-inscription/${id}/annuler`, { reason: "", accept_policy: "on" }, cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/mon-inscription/${id}?annulation=ok`);
    expect(await one<{ statut: string }>("SELECT statut FROM inscriptions WHERE id = ?", id)).toEqual({
      statut: "annulee",
    });
    // Nothing paid back: no refund row, the claim records 0 €, the payment's books still balance.
    expect(await one<{ n: number }>("SELECT count(*) AS n FROM remboursements WHERE inscription_id = ?", id)).toEqual({
      n: 0,
    });
    expect(await one("SELECT status, refund_cents, percent FROM annulations WHERE inscription_id = ?", id)).toEqual({
      status: "terminee",
      refund_cents: 0,
      percent: 0,
    });
    const p = await one<Ledger>("SELECT * FROM paiements WHERE inscription_id = ?", id);
    expect(p!.refunded_cents).toBe(0);
    expect(ledgerBalances(p!)).toBe(true);
    // The freed place goes to the runner waiting.
    expect(await one("SELECT statut FROM liste_attente WHERE id = ?", entry)).toEqual({ statut: "offre" });
  });

  it("after race day the registration cannot be cancelled any more, and the page says why", async () => {
    const { courseId, formatId } = await transferFormat(1);
    const runner = await account("apres");
    const id = await paidRegistration(courseId, formatId, runner);
    await raceIn(formatId, -1);
    const cookie = await sessionCookie(runner.id);
    const done = await post(`/mon-inscription/${id}/annuler`, { reason: "", accept_policy: "on" }, cookie);
    expect(done.status).toBe(409);
    expect(text(await done.text())).toContain("L'épreuve a eu lieu");
    expect(await one<{ statut: string }>("SELECT statut FROM inscriptions WHERE id = ?", id)).toEqual({
      statut: "validee",
    });
  });
});

describe("a bib offered to the waiting list (issue 42)", () => {
  it("the acceptance form is filled from what the runner typed when joining the list", async () => {
    const { courseId, formatId } = await transferFormat(1);
    const seller = await account("vendeur");
    const next = await account("attente");
    const seller_reg = await paidRegistration(courseId, formatId, seller);
    await waiting(courseId, formatId, next, {
      nom: "Rivière",
      prenom: "Inès",
      genre: "Femme",
      date_naissance: "1990-05-17",
      telephone: "06 11 22 33 44",
      club: "Club de la liste",
      justificatif_type: "licence",
      numero_licence: "7654321",
      contact_urgence_nom: "Marc Rivière",
      contact_urgence_telephone: "06 55 44 33 22",
    });
    const { cessionId } = await offerTransferToWaitlist(testContext(), seller, seller_reg);
    const cookie = await sessionCookie(next.id);
    const page = await get(`/cession/${cessionId}?jeton=${encodeURIComponent(await tokenFor(cessionId))}`, cookie);
    expect(page.status).toBe(200);
    const html = text(await page.text());
    for (const [name, value] of [
      ["nom", "Rivière"],
      ["prenom", "Inès"],
      ["date_naissance", "1990-05-17"],
      ["telephone", "06 11 22 33 44"],
      ["club", "Club de la liste"],
      ["numero_licence", "7654321"],
      ["contact_urgence_nom", "Marc Rivière"],
      ["contact_urgence_telephone", "06 55 44 33 22"],
    ])
      expect(html, name).toMatch(new RegExp(`name="${name}"[^>]*value="${value}"`));
    expect(html).toMatch(/<option value="Femme" selected=""/);
  });
});
