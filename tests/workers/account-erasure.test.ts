// Issue 45, decision 0218: the erasure of an account. Refused while a registration holds a place for a race to come;
// once nothing is running, no column of any table holds the person's name, e-mail or phone, their account id stays
// only where the personal data map keeps it (pseudonymous history and books), their documents are gone from R2, and
// the payment's books still balance to the cent.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ErasureError } from "~/domain/account-erasure";
import { PERSONAL_COLUMNS } from "~/domain/personal-data";
import { eraseAccount } from "~/services/account-erasure.server";
import { loadDemoData } from "./helpers";
import { balanced, ledger, paidOn } from "./money-helpers";
import { testContext } from "./payments-helpers";
import { columnsHolding as holding } from "./schema-columns";

const NOM = "Zéphyrinou";
const PHONE = "0687654321";

describe("erasing an account", () => {
  beforeAll(async () => {
    await loadDemoData();
  });

  it("is refused while a registration holds a place for a race to come, then leaves nothing personal behind", async () => {
    const userId = crypto.randomUUID();
    const email = `efface-${userId.slice(0, 8)}@exemple.fr`;
    const docKey = `justificatifs/${userId}.pdf`;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, 'x', '2026-01-01T00:00:00.000Z')",
      ).bind(userId, email),
      env.DB.prepare(
        "INSERT INTO profils_utilisateurs (user_id, nom, prenom, email, telephone) VALUES (?, ?, 'Ada', ?, ?)",
      ).bind(userId, NOM, email, PHONE),
      env.DB.prepare(
        "INSERT INTO justificatif_documents (id, r2_key, owner_id, content_type, size) VALUES (?, ?, ?, 'application/pdf', 4)",
      ).bind(crypto.randomUUID(), docKey, userId),
      env.DB.prepare(
        "INSERT INTO chat_messages (id, course_id, user_id, nom, prenom, message) SELECT ?, id, ?, ?, 'Ada', 'Qui covoiture depuis Lyon ?' FROM courses LIMIT 1",
      ).bind(crypto.randomUUID(), userId, NOM),
      env.DB.prepare(
        "INSERT INTO mail_outbox (id, to_email, subject, html, text, status) VALUES (?, ?, 'Bienvenue', ?, ?, 'sent')",
      ).bind(crypto.randomUUID(), email, `<p>Bonjour ${NOM}</p>`, `Bonjour ${NOM}`),
    ]);
    await env.FILES.put(docKey, "%PDF");
    const past = await paidOn("2026-11-01", 3100, { nom: NOM, email, runnerId: userId });
    const future = await paidOn("2027-09-12", 2500, { nom: NOM, email, runnerId: userId });
    // The past race's published result kept the runner's name: the anonymisation's effect forgets it.
    await env.DB.prepare(
      "INSERT INTO resultats (format_id, inscription_id, ligne, dossard, temps_secondes, classement, nom, club, recherche, nom_tri) SELECT format_id, id, 1, 12, 3700, 3, ?, 'AS Zéphyr', ?, ? FROM inscriptions WHERE id = ?",
    )
      .bind(NOM, `${NOM.toLowerCase()} ada`, NOM.toLowerCase(), past.inscriptionId)
      .run();
    const context = testContext();

    await expect(eraseAccount(context, userId)).rejects.toBeInstanceOf(ErasureError);
    await expect(eraseAccount(context, userId)).rejects.toMatchObject({ code: "inscription_active", status: 409 });
    expect(await holding(email)).not.toEqual([]);

    // The runner cancels the race to come (here: the registration no longer holds its place), then erases.
    await env.DB.prepare(
      "UPDATE inscriptions SET statut = 'annulee', transition_seq = transition_seq + 1, last_event = 'runner_cancel' WHERE id = ?",
    )
      .bind(future.inscriptionId)
      .run();
    const before = await ledger(past.paiementId);
    await eraseAccount(context, userId);

    for (const value of [email, NOM, PHONE]) expect(await holding(value), value).toEqual([]);
    const kept = new Set(
      PERSONAL_COLUMNS.filter((p) => p.erasure === "conservee").map((p) => `${p.table}.${p.column}`),
    );
    expect((await holding(userId)).filter((col) => !kept.has(col))).toEqual([]);
    expect(await env.FILES.get(docKey)).toBeNull();
    const after = await ledger(past.paiementId);
    expect(after.amount_total_cents).toBe(before.amount_total_cents);
    balanced(after);
    const message = await env.DB.prepare("SELECT nom, prenom, message FROM chat_messages WHERE message = ?")
      .bind("Qui covoiture depuis Lyon ?")
      .first();
    expect(message).toMatchObject({ nom: "Coureur anonymisé", prenom: null });
    const result = await env.DB.prepare("SELECT nom, classement FROM resultats WHERE inscription_id = ?")
      .bind(past.inscriptionId)
      .first();
    expect(result).toEqual({ nom: null, classement: 3 });
  });

  it("is refused while a Premium subscription runs, then takes its ended subscription, its data export, its training plan and its activities along", async () => {
    const userId = crypto.randomUUID();
    const email = `abonne-${userId.slice(0, 8)}@exemple.fr`;
    const zipKey = `exports/${userId}/export.zip`;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, 'x', '2026-01-01T00:00:00.000Z')",
      ).bind(userId, email),
      env.DB.prepare(
        "INSERT INTO abonnements (id, user_id, provider_customer_id, provider_subscription_id, statut, montant_cents, current_period_end, cancel_at_period_end) VALUES (?, ?, 'cus_x', ?, 'active', 4900, '2027-11-01T00:00:00.000Z', 1)",
      ).bind(crypto.randomUUID(), userId, `sub_${userId}`),
      env.DB.prepare(
        "INSERT INTO exports_donnees (id, user_id, status, requested_at, r2_key) VALUES (?, ?, 'ready', '2026-11-20T00:00:00.000Z', ?)",
      ).bind(crypto.randomUUID(), userId, zipKey),
      env.DB.prepare(
        "INSERT INTO plans_entrainement (id, user_id, course_nom, date_course, distance_km, parametres, jeton_calendrier) VALUES (?, ?, 'Marathon', '2027-04-11', 42.2, '{}', ?)",
      ).bind(`plan-${userId}`, userId, `jeton-${userId}`),
      env.DB.prepare(
        "INSERT INTO seances_plan (id, plan_id, user_id, date, semaine, phase, type, seance) VALUES (?, ?, ?, '2027-01-10', 1, 'base', 'footing', '{}')",
      ).bind(crypto.randomUUID(), `plan-${userId}`, userId),
      env.DB.prepare(
        "INSERT INTO activites (id, user_id, source, source_id, name, sport, started_at, distance_m, elevation_gain_m, moving_time_s) VALUES (?, ?, 'gpx', 'abc', 'Sortie', 'course', '2026-11-20T07:00:00.000Z', 10000, 100, 3000)",
      ).bind(crypto.randomUUID(), userId),
      env.DB.prepare(
        "INSERT INTO connexions_activite (user_id, provider, athlete_id, access_token, refresh_token, expires_at, scope) VALUES (?, 'strava', ?, 'a', 'r', '2026-11-20T07:00:00.000Z', 'read')",
      ).bind(userId, `athlete-${userId}`),
    ]);
    await env.FILES.put(zipKey, "PK");
    const context = testContext();

    await expect(eraseAccount(context, userId)).rejects.toMatchObject({ code: "abonnement", status: 409 });
    expect(await holding(email)).toContain("users.email");

    await env.DB.prepare("UPDATE abonnements SET statut = 'canceled' WHERE user_id = ?").bind(userId).run();
    await eraseAccount(context, userId);
    // Only what the map keeps on purpose still names the account: the journal of its own erasure.
    const kept = new Set(
      PERSONAL_COLUMNS.filter((p) => p.erasure === "conservee").map((p) => `${p.table}.${p.column}`),
    );
    expect(await holding(email)).toEqual([]);
    expect((await holding(userId)).filter((col) => !kept.has(col))).toEqual([]);
    expect(await env.FILES.get(zipKey)).toBeNull();
  });
});
