import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../app/db/client.server";
import { confirmEmailMessage } from "../../app/emails/accounts";
import { createHttpMailer } from "../../app/providers/mailer.server";

/** A fake HTTP e-mail API: checks the bearer key and the JSON body, answers like a real provider. */
function fakeEmailApi(opts: { fail?: boolean } = {}) {
  const received: { auth: string | null; body: Record<string, unknown>; url: string }[] = [];
  const handler = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    received.push({ auth: req.headers.get("authorization"), body: await req.json(), url: req.url });
    if (opts.fail) return new Response(JSON.stringify({ message: "quota dépassé" }), { status: 429 });
    if (req.headers.get("authorization") !== "Bearer re_test_cle") return new Response("{}", { status: 401 });
    return Response.json({ id: `msg_${received.length}` });
  };
  return { received, fetch: handler as typeof fetch };
}

describe("HTTP mailer", () => {
  it("sends French HTML + text through the e-mail API and records the provider id", async () => {
    const api = fakeEmailApi();
    const db = createDb(env.DB);
    const mailer = createHttpMailer(db, {
      apiUrl: "https://api.mail.test/emails",
      apiKey: "re_test_cle",
      from: "Balise <no-reply@balise.test>",
      fetch: api.fetch,
    });
    const mail = confirmEmailMessage("https://balise.fr/confirmer-email?token=abc");
    expect(await mailer.send({ to: "lea@exemple.fr", ...mail, kind: "email_confirm" })).toBe(true);
    expect(api.received).toHaveLength(1);
    expect(api.received[0].url).toBe("https://api.mail.test/emails");
    expect(api.received[0].auth).toBe("Bearer re_test_cle");
    expect(api.received[0].body).toMatchObject({
      from: "Balise <no-reply@balise.test>",
      to: ["lea@exemple.fr"],
      subject: "Confirmez votre adresse email — Balise",
    });
    expect(api.received[0].body.html).toContain("Confirmer mon adresse email");
    expect(api.received[0].body.text).toContain("https://balise.fr/confirmer-email?token=abc");
    const row = await env.DB.prepare(
      "SELECT status, provider_message_id FROM mail_outbox WHERE to_email = 'lea@exemple.fr'",
    ).first();
    expect(row).toEqual({ status: "sent", provider_message_id: "msg_1" });
  });

  it("keeps a failed delivery in the outbox as failed, and never sends a dedupe key twice", async () => {
    const api = fakeEmailApi({ fail: true });
    const mailer = createHttpMailer(createDb(env.DB), {
      apiUrl: "https://api.mail.test/emails",
      apiKey: "re_test_cle",
      from: "b@b.fr",
      fetch: api.fetch,
    });
    const msg = { to: "echec@exemple.fr", subject: "s", html: "<p>h</p>", text: "t", dedupeKey: "test:1" };
    await mailer.send(msg);
    expect(await mailer.send(msg)).toBe(false);
    expect(api.received).toHaveLength(1);
    const row = await env.DB.prepare(
      "SELECT status, error FROM mail_outbox WHERE to_email = 'echec@exemple.fr'",
    ).first<{ status: string; error: string }>();
    expect(row!.status).toBe("failed");
    expect(row!.error).toContain("429");
  });
});
