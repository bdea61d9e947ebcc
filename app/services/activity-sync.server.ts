// Activity sync with a tracking service (issue 47, decision 0232): connection (consent, state checked against a
// signed cookie bound to the account, code exchange, first import of recent activities), disconnection (tokens
// deleted, access revoked at the provider), a fresh access token (refreshed when it expires), and the webhook: its
// subscription check and its activity events, each re-read from the provider before it is stored.
import { type AppLoadContext, createCookie } from "@remix-run/cloudflare";
import {
  type ConnectionInput,
  type ConnectionRow,
  connectionOfAthlete,
  deleteConnection,
  deleteSyncedActivity,
  saveConnection,
  updateTokens,
  upsertActivity,
} from "~/db/activities.server";
import * as paths from "~/domain/paths";
import { type ActivitySyncProvider, ActivitySyncError } from "~/providers/activity-sync";
import { randomToken, sameText } from "~/utils/crypto.server";
import { logEvent } from "~/utils/log.server";
import { openToken, sealToken } from "~/utils/token-cipher.server";
import { activitySyncProvider } from "./activity-sync-provider.server";

type Ctx = Pick<AppLoadContext, "db" | "env" | "storage" | "clock">;

/** Refresh a token this long before it expires. */
const REFRESH_MARGIN_MS = 5 * 60_000;
/** The first sync imports the activities of the last 28 days. */
const FIRST_SYNC_DAYS = 28;

/** The consent's state, bound to the account, for 10 minutes (the callback's CSRF check). */
function stateCookie(env: Ctx["env"]) {
  return createCookie(env.APP_ENV === "production" ? "__Host-balise_strava_state" : "balise_strava_state", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.APP_ENV === "production",
    secrets: [env.SESSION_SECRET],
    maxAge: 600,
  });
}

export function requireProvider(context: Ctx): ActivitySyncProvider {
  const provider = activitySyncProvider(context);
  if (!provider) throw new ActivitySyncError("indisponible");
  return provider;
}

/** The consent page to send account `userId` to, and the cookie holding the state it must come back with. */
export async function startConnection(context: Ctx, userId: string): Promise<{ url: string; setCookie: string }> {
  const provider = requireProvider(context);
  const state = randomToken(24);
  const redirectUri = paths.absoluteUrl(context.env.APP_URL, paths.premiumStravaCallback());
  return {
    url: provider.authorizeUrl({ state, redirectUri }),
    setCookie: await stateCookie(context.env).serialize({ s: state, u: userId }),
  };
}

/** Clears the state cookie (one use). */
export function clearStateCookie(context: Ctx): Promise<string> {
  return stateCookie(context.env).serialize("", { maxAge: 0 });
}

/**
 * The consent's return: the state must be the one this browser was given for this account, the runner must have
 * granted the activities' scope; then the code is exchanged, the link stored and the recent activities imported.
 */
export async function finishConnection(
  context: Ctx,
  userId: string,
  query: URLSearchParams,
  cookieHeader: string | null,
): Promise<void> {
  const provider = requireProvider(context);
  const saved = (await stateCookie(context.env).parse(cookieHeader)) as { s?: unknown; u?: unknown } | null;
  const state = query.get("state") ?? "";
  if (!saved || typeof saved.s !== "string" || saved.u !== userId || !sameText(state, saved.s))
    throw new ActivitySyncError("etat_invalide");
  const code = query.get("code");
  const scope = query.get("scope") ?? "";
  if (query.get("error") || !code || !/activity:read/.test(scope)) throw new ActivitySyncError("refuse");
  const grant = await provider.exchangeCode(code);
  await storeConnection(context, { userId, provider: provider.provider, scope, ...grant });
  await firstSync(context, provider, userId, grant.accessToken);
}

/** Stores a link with its tokens sealed (never in clear in D1). */
export async function storeConnection(context: Ctx, c: ConnectionInput): Promise<void> {
  const secret = context.env.SESSION_SECRET;
  await saveConnection(context.db, {
    ...c,
    accessToken: await sealToken(secret, c.accessToken),
    refreshToken: await sealToken(secret, c.refreshToken),
  });
}

async function firstSync(context: Ctx, provider: ActivitySyncProvider, userId: string, accessToken: string) {
  const after = new Date(context.clock.now().getTime() - FIRST_SYNC_DAYS * 86_400_000).toISOString();
  try {
    for (const { id, summary } of await provider.recentActivities(accessToken, after))
      await upsertActivity(context.db, { id: crypto.randomUUID(), userId, sourceId: id, summary });
  } catch (e) {
    // The link is made: later activities come through the webhook.
    logEvent("webhook.failed", {
      kind: "activity_first_sync",
      error: e instanceof ActivitySyncError ? e.code : "inconnue",
    });
  }
}

/** Removes account `userId`'s link: its tokens are deleted here, and the access revoked at the provider. */
export async function disconnect(context: Ctx, userId: string): Promise<void> {
  const provider = requireProvider(context);
  const removed = await deleteConnection(context.db, userId, provider.provider);
  if (!removed) return;
  const access = await openToken(context.env.SESSION_SECRET, removed.access_token);
  if (!access) return;
  try {
    await provider.deauthorize(access);
  } catch {
    // The tokens are gone from Balise; the runner can also revoke the access from the provider's settings.
    logEvent("webhook.failed", { kind: "activity_deauthorize", error: "prestataire" });
  }
}

/**
 * An access token that has not expired: the stored one, or a refreshed one (stored). A refresh the provider refuses
 * (the runner revoked the access there) or tokens that no longer open (SESSION_SECRET changed) remove the link;
 * then null.
 */
export async function freshAccessToken(
  context: Ctx,
  provider: ActivitySyncProvider,
  c: ConnectionRow,
): Promise<string | null> {
  const secret = context.env.SESSION_SECRET;
  const [access, refresh] = await Promise.all([openToken(secret, c.access_token), openToken(secret, c.refresh_token)]);
  if (!access || !refresh) {
    logEvent("webhook.failed", { kind: "activity_tokens", error: "illisibles" });
    await deleteConnection(context.db, c.user_id, c.provider);
    return null;
  }
  if (Date.parse(c.expires_at) - REFRESH_MARGIN_MS > context.clock.now().getTime()) return access;
  try {
    const t = await provider.refresh(refresh);
    await updateTokens(
      context.db,
      { userId: c.user_id, provider: c.provider },
      {
        ...t,
        accessToken: await sealToken(secret, t.accessToken),
        refreshToken: await sealToken(secret, t.refreshToken),
      },
    );
    return t.accessToken;
  } catch (e) {
    if (e instanceof ActivitySyncError && e.code === "refuse") {
      await deleteConnection(context.db, c.user_id, c.provider);
      return null;
    }
    throw e;
  }
}

/** The webhook's subscription check (GET): the JSON Strava expects, or a 403. */
export function verifyWebhook(context: Ctx, query: URLSearchParams): Response {
  const provider = activitySyncProvider(context);
  const challenge = provider?.verifySubscription(query) ?? null;
  if (challenge === null) return Response.json({ error: "verification refusee" }, { status: 403 });
  return Response.json({ "hub.challenge": challenge });
}

export interface WebhookOutcome {
  status: number;
  body: { ok?: true; ignored?: string; error?: string };
}

/**
 * One webhook event (POST). Events are not signed: the activity is re-read from the provider with the athlete's own
 * token, so a forged or replayed event can only store what the provider says; a delete removes the activity only
 * when the provider no longer has it.
 */
export async function handleActivityWebhook(context: Ctx, rawBody: string): Promise<WebhookOutcome> {
  const provider = activitySyncProvider(context);
  if (!provider) return { status: 404, body: { error: "indisponible" } };
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { status: 400, body: { error: "json" } };
  }
  const event = provider.parseEvent(json);
  if (!event) return { status: 200, body: { ignored: "evenement" } };
  const c = await connectionOfAthlete(context.db, provider.provider, event.athleteId);
  if (!c) return { status: 200, body: { ignored: "athlete" } };
  try {
    const token = await freshAccessToken(context, provider, c);
    if (!token) return { status: 200, body: { ignored: "acces_revoque" } };
    const summary = await provider.activity(token, event.activityId, event.athleteId);
    if (summary === null) await deleteSyncedActivity(context.db, c.user_id, provider.source, event.activityId);
    else if (event.kind !== "delete")
      await upsertActivity(context.db, {
        id: crypto.randomUUID(),
        userId: c.user_id,
        sourceId: event.activityId,
        summary,
      });
    logEvent("webhook.handled", { kind: `activity_${event.kind}`, object_id: event.activityId });
    return { status: 200, body: { ok: true } };
  } catch (e) {
    logEvent("webhook.failed", {
      kind: `activity_${event.kind}`,
      error: e instanceof ActivitySyncError ? e.code : "inconnue",
    });
    return { status: 502, body: { error: "prestataire" } };
  }
}
