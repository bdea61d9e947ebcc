// The activity tracking service a runner links to Balise (issue 47, decision 0232): Strava for real, a local
// stand-in in development and test. Both speak Strava's words (OAuth code, athlete, activity ids, webhook events);
// the use cases (app/services/activity-sync.server.ts) store what they return.
import type { ActivitySource, ActivitySummary } from "~/domain/activity";
import { tabledError } from "~/domain/errors";

/** OAuth tokens as the provider hands them out; `expiresAt` ISO-8601 UTC. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: string;
}

/** What the consent's code is exchanged for. */
export interface ProviderGrant extends ProviderTokens {
  athleteId: string;
}

/** One event of the provider's webhook, about an activity. */
export interface ActivityEvent {
  kind: "create" | "update" | "delete";
  athleteId: string;
  activityId: string;
}

export interface ActivitySyncProvider {
  /** 'strava' for both: the connection row's provider. */
  readonly provider: "strava";
  /** Where the activities it returns come from: 'strava', or 'local' for the stand-in. */
  readonly source: ActivitySource;
  /** The scopes asked for (the callback checks the runner granted the activities'). */
  readonly scope: string;
  /** The consent page the runner is sent to; it comes back to `redirectUri` with `code` and `state`. */
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(code: string): Promise<ProviderGrant>;
  refresh(refreshToken: string): Promise<ProviderTokens>;
  /** Athlete `athleteId`'s activity; null when it is gone (deleted) or is not theirs (a forged event). */
  activity(accessToken: string, activityId: string, athleteId: string): Promise<ActivitySummary | null>;
  /** The athlete's activities started after `afterIso`, newest first (one page, the first sync). */
  recentActivities(accessToken: string, afterIso: string): Promise<{ id: string; summary: ActivitySummary }[]>;
  /** Revokes Balise's access (disconnection). */
  deauthorize(accessToken: string): Promise<void>;
  /** The webhook's subscription check (GET): the challenge to echo, or null when the verify token is wrong. */
  verifySubscription(query: URLSearchParams): string | null;
  /** An activity event of the webhook's body; null for anything else (athlete events, bad JSON). */
  parseEvent(body: unknown): ActivityEvent | null;
}

export type ActivitySyncErrorCode = "indisponible" | "refuse" | "etat_invalide" | "prestataire" | "non_connecte";

export const ACTIVITY_SYNC_MESSAGES: Record<ActivitySyncErrorCode, string> = {
  indisponible: "La synchronisation avec Strava est indisponible pour le moment.",
  refuse: "Vous n'avez pas autorisé Balise à lire vos activités Strava\u00a0: rien n'a été relié.",
  etat_invalide: "Ce retour de Strava ne correspond pas à votre demande\u00a0: recommencez la connexion.",
  prestataire: "Strava ne répond pas comme prévu\u00a0: réessayez dans quelques minutes.",
  non_connecte: "Aucun compte Strava n'est relié à votre compte.",
};

const STATUS: Record<ActivitySyncErrorCode, number> = {
  indisponible: 503,
  refuse: 400,
  etat_invalide: 400,
  prestataire: 502,
  non_connecte: 400,
};

export class ActivitySyncError extends tabledError<ActivitySyncErrorCode>(
  "ActivitySyncError",
  STATUS,
  ACTIVITY_SYNC_MESSAGES,
) {}
