// Issue 45, decision 0220: « Supprimer mon compte » asked by its owner. The password is checked (a wrong one is a
// failed login), the erasure is refused while a race to come is held (nothing mailed), then a single-use link is
// mailed; its page erases only for its own account, once, even when two confirmations race.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { eraseAccountBatch } from "~/db/account-erasure.server";
import { parisDate } from "~/domain/refund";
import {
  confirmAccountErasure,
  erasureLinkState,
  requestAccountErasure,
} from "~/services/account-erasure-request.server";
import { verifyLogin } from "~/services/auth.server";
import { hashPassword } from "~/utils/password.server";
import { loadDemoData } from "./helpers";
import { get, sessionCookie } from "./organiser-helpers";
import { paidOn } from "./money-helpers";
import { testContext } from "./payments-helpers";
import { columnsHolding } from "./schema-columns";

const PASSWORD = "un-mot-de-passe-solide";

async function makeAccount(nom: string) {
  const id = crypto.randomUUID();
  const email = `supprime-${id.slice(0, 8)}@exemple.fr`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, ?, '2026-01-01T00:00:00.000Z')",
    ).bind(id, email, await hashPassword(PASSWORD)),
    env.DB.prepare("INSERT INTO profils_utilisateurs (user_id, nom, prenom, email) VALUES (?, ?, 'Alix', ?)").bind(
      id,
      nom,
      email,
    ),
  ]);
  return { id, email };
}

/** The token of the last erasure link mailed to `email`, or null. */
async function mailedToken(email: string): Promise<string | null> {
  const row = await env.DB.prepare(
    "SELECT text FROM mail_outbox WHERE to_email = ? AND kind = 'account_erasure' ORDER BY created_at DESC, rowid DESC LIMIT 1",
  )
    .bind(email)
    .first<{ text: string }>();
  const m = row?.text.match(/\/monprofil\/supprimer\/confirmer\?token=([\w-]+)/);
  return m ? m[1] : null;
}

async function cancel(inscriptionId: string) {
  await env.DB.prepare(
    "UPDATE inscriptions SET statut = 'annulee', transition_seq = transition_seq + 1, last_event = 'runner_cancel' WHERE id = ?",
  )
    .bind(inscriptionId)
    .run();
}

describe("« Supprimer mon compte »", () => {
  beforeAll(async () => {
    await loadDemoData();
  });

  it("refuses while a race to come is held, then erases with the mailed link, once, and only its own account", async () => {
    const context = testContext();
    const ip = "203.0.113.45";
    const a = await makeAccount("Quenouillard");
    const b = await makeAccount("Pimprenelle");
    const future = await paidOn("2027-10-03", 2900, { nom: "Quenouillard", email: a.email, runnerId: a.id });

    await expect(requestAccountErasure(context, a, { password: "faux", ip })).rejects.toMatchObject({
      code: "mot_de_passe_incorrect",
      field: "password",
    });
    await expect(requestAccountErasure(context, a, { password: PASSWORD, ip })).rejects.toMatchObject({
      code: "inscription_active",
      status: 409,
    });
    expect(await mailedToken(a.email)).toBeNull();

    await cancel(future.inscriptionId);
    await requestAccountErasure(context, a, { password: PASSWORD, ip });
    const token = await mailedToken(a.email);
    expect(token).toMatch(/^[\w-]{20,}$/);

    // Another account's link is refused, and changes nothing.
    expect(await erasureLinkState(context, b.id, token)).toEqual({ state: "invalid" });
    await expect(confirmAccountErasure(context, b.id, token!)).rejects.toMatchObject({ code: "lien_invalide" });
    expect(await erasureLinkState(context, a.id, token)).toEqual({ state: "ok" });

    // Two confirmations at once: one erases, the other finds the link used.
    const results = await Promise.allSettled([
      confirmAccountErasure(context, a.id, token!),
      confirmAccountErasure(context, a.id, token!),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ code: "lien_invalide" });

    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(a.id).first()).toBeNull();
    for (const value of [a.email, "Quenouillard"]) expect(await columnsHolding(value), value).toEqual([]);
    await expect(verifyLogin(context, { email: a.email, password: PASSWORD, ip })).rejects.toMatchObject({
      code: "invalid_credentials",
    });
    await expect(confirmAccountErasure(context, a.id, token!)).rejects.toMatchObject({ code: "lien_invalide" });
    // The other account is untouched.
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(b.id).first()).not.toBeNull();
    // The journal of actions keeps the request (the refused attempts are not in it) and the erasure, under the
    // account id only: the e-mail is in no column (checked above).
    const journal = await env.DB.prepare(
      "SELECT action, acteur_email, acteur_role, objet FROM journal_actions WHERE acteur_id = ? ORDER BY id",
    )
      .bind(a.id)
      .all<{ action: string; acteur_email: string; acteur_role: string; objet: string }>();
    expect(journal.results).toEqual([
      {
        action: "compte.effacement_demande",
        acteur_email: "",
        acteur_role: "personne",
        objet: "Lien de confirmation envoyé",
      },
      { action: "compte.efface", acteur_email: "", acteur_role: "personne", objet: "1 inscription anonymisée" },
    ]);
  });

  it("mails at most 3 links an hour; only the newest works", async () => {
    const context = testContext();
    const a = await makeAccount("Ombelline");
    const ip = "203.0.113.47";
    const tokens: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      await requestAccountErasure(context, a, { password: PASSWORD, ip });
      tokens.push(await mailedToken(a.email));
    }
    await expect(requestAccountErasure(context, a, { password: PASSWORD, ip })).rejects.toMatchObject({
      code: "trop_de_liens",
      status: 429,
    });
    expect(new Set(tokens).size).toBe(3);
    expect(await erasureLinkState(context, a.id, tokens[0])).toEqual({ state: "invalid" });
    expect(await erasureLinkState(context, a.id, tokens[2])).toEqual({ state: "ok" });
  });

  it("refuses at the link's page too when a race was booked after the link was mailed", async () => {
    const context = testContext();
    const a = await makeAccount("Bergamotte");
    await requestAccountErasure(context, a, { password: PASSWORD, ip: "203.0.113.46" });
    const token = await mailedToken(a.email);
    await paidOn("2027-10-04", 2900, { nom: "Bergamotte", email: a.email, runnerId: a.id });

    expect(await erasureLinkState(context, a.id, token)).toEqual({ state: "refused", refusal: "inscription_active" });
    await expect(confirmAccountErasure(context, a.id, token!)).rejects.toMatchObject({ code: "inscription_active" });
    // The link is not used up by a refusal.
    expect(await erasureLinkState(context, a.id, token)).toEqual({ state: "refused", refusal: "inscription_active" });
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(a.id).first()).not.toBeNull();
  });

  it("the erasure's batch fails as a whole when a race to come is held (a registration made after the check)", async () => {
    const context = testContext();
    const a = await makeAccount("Cassiopée");
    const future = await paidOn("2027-10-05", 2900, { nom: "Cassiopée", email: a.email, runnerId: a.id });
    const now = context.clock.now();
    await expect(
      eraseAccountBatch(context.db, { ...a, userId: a.id, today: parisDate(now), nowIso: now.toISOString() }),
    ).rejects.toThrow();
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(a.id).first()).not.toBeNull();
    const row = await env.DB.prepare("SELECT nom, coureur_id FROM inscriptions WHERE id = ?")
      .bind(future.inscriptionId)
      .first();
    expect(row).toEqual({ nom: "Cassiopée", coureur_id: a.id });
    expect(await env.DB.prepare("SELECT nom FROM profils_utilisateurs WHERE user_id = ?").bind(a.id).first()).toEqual({
      nom: "Cassiopée",
    });
  });

  it("says up front, before the form, that a Premium subscription must be cancelled first", async () => {
    const a = await makeAccount("Séraphin");
    const page = await (await get("/monprofil/supprimer", await sessionCookie(a.id))).text();
    const before = page.indexOf('data-testid="erasure-before"');
    expect(before).toBeGreaterThan(-1);
    expect(before).toBeLessThan(page.indexOf('name="password"'));
    const intro = page.slice(before, page.indexOf("</ul>", before));
    expect(intro).toContain("abonnement Premium actif</strong>");
    expect(intro).toContain("résiliez-le d&#x27;abord");
    expect(intro).toContain('href="/premium"');
    expect(intro).toContain("course à venir");
  });
});
