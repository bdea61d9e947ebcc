// Structured logs, read as an operator would (docs/decisions/0102-structured-logs.md): every money event of a
// registration can be found by its id, with the amounts, and no line carries the runner's personal data.
// Also: every webhook event type we list for the provider reaches a handler (the README's list is that list).
import { env, createScheduledController, createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../server";
import { cancelInscription } from "../../app/services/cancel.server";
import { HANDLED_EVENT_TYPES } from "../../app/services/payments-webhook.server";
import { createCheckoutForInscription } from "../../app/services/checkout.server";
import { onCheckoutCompleted } from "../../app/services/payment-received.server";
import { loadDemoData } from "./helpers";
import {
  enableOrganiserAccount,
  eventPayload,
  paiementOf,
  pendingInscription,
  RUNNER_ID,
  signedPost,
  silentLocalProvider,
  testContext,
} from "./payments-helpers";

type Line = Record<string, unknown> & { event: string };

/** Every JSON event line printed (console.log, .warn, .error) while `work` runs. */
async function captureLogs(work: () => Promise<unknown>): Promise<{ lines: Line[]; text: string }> {
  const printed: string[] = [];
  const keep = (...args: unknown[]) => void printed.push(args.map(String).join(" "));
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(keep);
  try {
    await work();
  } finally {
    vi.restoreAllMocks();
  }
  const lines = printed.flatMap((p) => {
    try {
      const o = JSON.parse(p);
      return o && typeof o.event === "string" ? [o as Line] : [];
    } catch {
      return [];
    }
  });
  return { lines, text: printed.join("\n") };
}

beforeAll(loadDemoData);
afterEach(() => vi.restoreAllMocks());

describe("logs of a registration's money", () => {
  it("answer 'was this runner charged, and was it refunded?' from the registration's id, without personal data", async () => {
    const context = testContext();
    await enableOrganiserAccount(context);
    // The runner's personal data, to be found nowhere in the logs.
    const personal = {
      nom: "Lognom-Zébulon",
      prenom: "Prénom-Ondine",
      email: "ondine.lognom@exemple-personnel.fr",
      licence: "LIC-998877",
    };
    const id = await pendingInscription(4600);
    await env.DB.prepare("UPDATE inscriptions SET nom = ?, prenom = ?, email = ?, numero_licence = ? WHERE id = ?")
      .bind(personal.nom, personal.prenom, personal.email, personal.licence, id)
      .run();

    const { lines, text } = await captureLogs(async () => {
      const { url } = await createCheckoutForInscription(context, id);
      const sessionId = url.split("/").pop()!;
      await silentLocalProvider(context).paySession(sessionId);
      await onCheckoutCompleted(context, sessionId);
      await cancelInscription(testContext(), { inscriptionId: id, actor: { role: "coureur", userId: RUNNER_ID } });
    });

    const p = (await paiementOf(id))!;
    const mine = lines.filter((l) => l.inscription_id === id);
    expect(mine.map((l) => l.event)).toEqual([
      "checkout.created",
      "payment.fulfilled",
      "refund.succeeded",
      "registration.cancelled",
    ]);
    expect(mine[0]).toMatchObject({ amount_cents: 4600 });
    expect(typeof mine[0].checkout_session_id).toBe("string");
    expect(mine[1]).toMatchObject({
      paiement_id: p.id,
      amount_cents: 4600,
      fee_cents: p.fee_total_cents,
      newly_validated: true,
    });
    expect(mine[2]).toMatchObject({
      paiement_id: p.id,
      amount_cents: p.refunded_cents,
      refunded_total_cents: p.refunded_cents,
      origin: "annulation",
    });
    expect(p.refunded_cents).toBeGreaterThan(0);
    expect(mine[3]).toMatchObject({ amount_cents: p.refunded_cents, by: "coureur" });

    for (const value of Object.values(personal)) expect(text).not.toContain(value);
    expect(text).not.toContain("Bernard");
  });

  it("a refund the provider refuses is logged as refund.failed with its code, and the money did not move", async () => {
    const context = testContext();
    await enableOrganiserAccount(context);
    const id = await pendingInscription(3000);
    const { url } = await createCheckoutForInscription(context, id);
    const sessionId = url.split("/").pop()!;
    await silentLocalProvider(context).paySession(sessionId);
    await onCheckoutCompleted(context, sessionId);
    // The charge disappears on the provider's side: the refund cannot be made.
    const p0 = (await paiementOf(id))!;
    const { charge_id } = (await env.DB.prepare("SELECT charge_id FROM paiements WHERE id = ?")
      .bind(p0.id)
      .first<{ charge_id: string }>())!;
    await env.DB.prepare("DELETE FROM local_payment_objects WHERE id = ?").bind(charge_id).run();

    const { lines } = await captureLogs(() =>
      cancelInscription(testContext(), { inscriptionId: id, actor: { role: "coureur", userId: RUNNER_ID } }).catch(
        () => undefined,
      ),
    );
    const failed = lines.find((l) => l.event === "refund.failed" && l.inscription_id === id);
    expect(failed).toMatchObject({ paiement_id: p0.id, charge_id, origin: "annulation" });
    expect(typeof failed!.error).toBe("string");
    expect(lines.some((l) => l.event === "refund.succeeded" && l.inscription_id === id)).toBe(false);
    expect((await paiementOf(id))!.refunded_cents).toBe(0);
  });
});

describe("webhook events", () => {
  it.each(HANDLED_EVENT_TYPES.map((t) => [t]))(
    "%s reaches its handler (never acknowledged as ignored)",
    async (type) => {
      const objectId = `obj_inconnu_${crypto.randomUUID().slice(0, 8)}`;
      const { lines } = await captureLogs(async () => {
        const res = await signedPost(
          eventPayload(type, { id: objectId, object: "x", amount_refunded: 0, amount_reversed: 0 }),
        );
        const body = (await res.json()) as { ignored?: boolean };
        expect(body.ignored).toBeUndefined();
      });
      const line = lines.find((l) => l.event_type === type);
      expect(["webhook.handled", "webhook.failed"]).toContain(line?.event);
    },
  );

  it("a type not in the list is acknowledged, ignored and logged as such", async () => {
    const { lines } = await captureLogs(async () => {
      const res = await signedPost(eventPayload("payment_intent.created", { id: "pi_x", object: "payment_intent" }));
      expect(await res.json()).toEqual({ received: true, ignored: true });
    });
    expect(lines.find((l) => l.event_type === "payment_intent.created")?.event).toBe("webhook.ignored");
  });

  it("a forged signature is logged as webhook.rejected, without the payload", async () => {
    const { lines, text } = await captureLogs(() =>
      signedPost(eventPayload("charge.refunded", { id: "ch_secret_payload" }), { secret: "whsec_wrong" }),
    );
    expect(lines.map((l) => l.event)).toEqual(["webhook.rejected"]);
    expect(text).not.toContain("ch_secret_payload");
  });
});

describe("the cron", () => {
  it("logs one cron.done line per run with its report", async () => {
    const ctx = createExecutionContext();
    const { lines } = await captureLogs(async () => {
      await worker.scheduled(
        createScheduledController({ scheduledTime: Date.now(), cron: "*/10 * * * *" }),
        env as unknown as Env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
    });
    const done = lines.filter((l) => l.event === "cron.done");
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ expired_holds: expect.any(Number), deleted_files: expect.any(Number), errors: 0 });
  });
});
