// A form sent after the session ended comes back as it was after logging in (issue 42). The actions of the long forms
// (the registration form, the event form) ask for the user through requireUserKeepingForm: without a session, what
// was typed is kept (app/db/form-drafts.server.ts) and the login sends the user back to the page with the draft's
// id; the page's loader reads it with formDraft and fills the form from it (files are chosen again).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { readDraft, saveDraft } from "~/db/form-drafts.server";
import { DRAFT_MINUTES, DRAFT_PARAM, draftEntries, draftFormData, draftPage, withDraft } from "~/domain/form-drafts";
import * as paths from "~/domain/paths";
import { requireUser } from "~/utils/auth.server";
import { cookieAccount, getSessionUser, type SessionUser } from "~/utils/session.server";

type Ctx = AppLoadContext;

/** The user; without a session, a POST's text fields are kept and the login brings the form back filled. */
export async function requireUserKeepingForm(request: Request, context: Ctx): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (user) return user;
  if (request.method !== "POST") return requireUser(request, context);
  const url = new URL(request.url);
  const page = draftPage(url);
  const entries = draftEntries(
    (
      await request
        .clone()
        .formData()
        .catch(() => new FormData())
    ).entries(),
  );
  if (entries.length === 0) throw redirect(paths.login(page));
  const now = context.clock.now();
  const id = await saveDraft(context.db, {
    page,
    account: await cookieAccount(request, context.env),
    entries,
    expiresAt: new Date(now.getTime() + DRAFT_MINUTES * 60_000).toISOString(),
    now: now.toISOString(),
  });
  throw redirect(paths.login(withDraft(page, id)));
}

/** The draft named by the page's address, for this user (null: none, another page's, another account's, expired). */
export async function formDraft(request: Request, context: Ctx, user: { id: string }): Promise<FormData | null> {
  const url = new URL(request.url);
  const id = url.searchParams.get(DRAFT_PARAM);
  if (!id || id.length > 64) return null;
  const entries = await readDraft(context.db, {
    id,
    page: draftPage(url),
    account: user.id,
    now: context.clock.now().toISOString(),
  });
  return entries ? draftFormData(entries) : null;
}
