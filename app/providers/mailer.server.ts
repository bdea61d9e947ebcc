import { mail_outbox } from "~/db/schema";
import type { Db } from "~/db/client.server";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind?: string;
  /** When set, a message with the same key is sent only once. */
  dedupeKey?: string;
}

export interface Mailer {
  readonly kind: "local" | "http";
  /** Records the message in the outbox and delivers it. Returns false when the dedupe key was already used. */
  send(message: MailMessage): Promise<boolean>;
}

async function record(db: Db, m: MailMessage, status: string): Promise<string | null> {
  const id = crypto.randomUUID();
  const rows = await db
    .insert(mail_outbox)
    .values({
      id,
      to_email: m.to,
      subject: m.subject,
      html: m.html,
      text: m.text,
      kind: m.kind ?? null,
      dedupe_key: m.dedupeKey ?? null,
      status,
    })
    .onConflictDoNothing()
    .returning({ id: mail_outbox.id });
  return rows.length ? id : null;
}

/** Local mailer (default): every message is stored in D1 and readable at /dev/mail. */
export function createLocalMailer(db: Db): Mailer {
  return {
    kind: "local",
    async send(m) {
      return (await record(db, m, "stored")) !== null;
    },
  };
}

/** Real mailer: an HTTP e-mail API (JSON POST with a bearer key), messages also kept in the outbox. */
export function createHttpMailer(
  db: Db,
  opts: { apiUrl: string; apiKey: string; from: string; fetch?: typeof fetch },
): Mailer {
  const doFetch = opts.fetch ?? fetch;
  return {
    kind: "http",
    async send(m) {
      const id = await record(db, m, "queued");
      if (!id) return false;
      const { eq } = await import("drizzle-orm");
      try {
        const res = await doFetch(opts.apiUrl, {
          method: "POST",
          headers: { authorization: `Bearer ${opts.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ from: opts.from, to: [m.to], subject: m.subject, html: m.html, text: m.text }),
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json().catch(() => ({}))) as { id?: string };
        await db
          .update(mail_outbox)
          .set({ status: "sent", provider_message_id: body.id ?? null, sent_at: new Date().toISOString() })
          .where(eq(mail_outbox.id, id));
      } catch (e) {
        await db
          .update(mail_outbox)
          .set({ status: "failed", error: String(e) })
          .where(eq(mail_outbox.id, id));
        console.error("mail send failed", e);
      }
      return true;
    },
  };
}
