// The local outbox, read by /dev/mail while the local mailer is active.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc, eq } from "drizzle-orm";
import { mail_outbox } from "~/db/schema";
import { requireDevelopment } from "~/utils/dev-only.server";

/** 404 outside development and test, and whenever a real e-mail API is configured. */
export function requireLocalMailer(context: AppLoadContext): void {
  requireDevelopment(context);
  if (context.mailer.kind !== "local") throw new Response("Page non trouvée", { status: 404 });
}

export async function listOutbox(context: AppLoadContext, limit = 100) {
  requireLocalMailer(context);
  return context.db
    .select({
      id: mail_outbox.id,
      to_email: mail_outbox.to_email,
      subject: mail_outbox.subject,
      kind: mail_outbox.kind,
      created_at: mail_outbox.created_at,
    })
    .from(mail_outbox)
    .orderBy(desc(mail_outbox.created_at), desc(mail_outbox.id))
    .limit(limit);
}

export async function readOutboxMessage(context: AppLoadContext, id: string) {
  requireLocalMailer(context);
  const row = await context.db.query.mail_outbox.findFirst({ where: eq(mail_outbox.id, id) });
  if (!row) throw new Response("Message introuvable", { status: 404 });
  return row;
}
