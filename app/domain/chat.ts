// Event chat rules (spec sections 4, 5 and 6). Pure: no I/O, no clock.
import { tabledError } from "./errors";

/** The all-zero user id marks the AI assistant's messages. */
export const AI_USER_ID = "00000000-0000-0000-0000-000000000000";
export const AI_AUTHOR = { prenom: "Assistant", nom: "IA" } as const;

/** The four banned French words, kept here and nowhere else. Matched as case-insensitive substrings. */
export const BANNED_WORDS: readonly string[] = ["merde", "putain", "connard", "salope"];

export const MAX_MESSAGE_LENGTH = 1000;
export const MAX_FLAG_REASON_LENGTH = 200;
export const DEFAULT_FLAG_REASON = "signalement utilisateur";

export const CHAT_TEXTS = {
  empty: "Aucun message. Lance la discussion !",
  hidden: "Message masqué (modération automatique)",
  loginToWrite: "Connecte-toi pour écrire.",
  confirmDelete: "Supprimer ce message ?",
  askFlagReason: "Pourquoi signaler ce message ?",
} as const;

export type ChatErrorCode =
  | "NOT_LOGGED_IN"
  | "TOO_LONG"
  | "REASON_TOO_LONG"
  | "COURSE_NOT_FOUND"
  | "MESSAGE_NOT_FOUND"
  | "FORBIDDEN"
  | "RATE_LIMITED"
  | "SEND_FAILED"
  | "EDIT_FAILED"
  | "DELETE_FAILED"
  | "FLAG_FAILED"
  | "IMPERSONATION";

export const CHAT_ERROR_MESSAGES: Record<ChatErrorCode, string> = {
  NOT_LOGGED_IN: CHAT_TEXTS.loginToWrite,
  TOO_LONG: `Message trop long (${MAX_MESSAGE_LENGTH.toLocaleString("fr-FR").replace(/\u202f/g, "\u00a0")} caractères maximum).`,
  REASON_TOO_LONG: `Motif trop long (${MAX_FLAG_REASON_LENGTH} caractères maximum).`,
  COURSE_NOT_FOUND: "Épreuve introuvable.",
  MESSAGE_NOT_FOUND: "Ce message n'existe plus.",
  FORBIDDEN: "Tu ne peux modifier ou supprimer que tes propres messages.",
  RATE_LIMITED: "Trop de messages d'affilée\u00a0: patiente quelques secondes avant d'écrire à nouveau.",
  SEND_FAILED: "Impossible d'envoyer le message.",
  EDIT_FAILED: "Échec de la modification.",
  DELETE_FAILED: "Échec de la suppression.",
  FLAG_FAILED: "Échec du signalement.",
  IMPERSONATION: "Message refusé\u00a0: tu ne peux écrire qu'en ton propre nom.",
};

/** The HTTP status of each code (a fetch caller reads it; a form without JavaScript is redirected instead). */
export const CHAT_ERROR_STATUS: Record<ChatErrorCode, number> = {
  NOT_LOGGED_IN: 401,
  TOO_LONG: 400,
  REASON_TOO_LONG: 400,
  COURSE_NOT_FOUND: 404,
  MESSAGE_NOT_FOUND: 404,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  SEND_FAILED: 500,
  EDIT_FAILED: 500,
  DELETE_FAILED: 500,
  FLAG_FAILED: 500,
  IMPERSONATION: 403,
};

export class ChatError extends tabledError<ChatErrorCode>("ChatError", CHAT_ERROR_STATUS, CHAT_ERROR_MESSAGES) {}

/** Lower-cases and strips accents so that "MÈRDE" and "merde" compare equal. */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** The trimmed text, or null when nothing is left (an empty message is ignored). */
export function normalizeMessage(raw: string | null | undefined): string | null {
  const text = (raw ?? "").replace(/\r\n/g, "\n").trim();
  return text === "" ? null : text;
}

/** True when the text contains one of the banned words, anywhere, in any case. */
export function containsBannedWord(text: string): boolean {
  const folded = fold(text);
  return BANNED_WORDS.some((w) => folded.includes(fold(w)));
}

const AI_MENTION = /@ia(?![\p{L}\p{N}_])/iu;

/** The prompt for the assistant: the text after the first @IA (trimmed), or null when there is no @IA. */
export function extractAiPrompt(text: string): string | null {
  const m = AI_MENTION.exec(text);
  if (!m) return null;
  return text.slice(m.index + m[0].length).trim();
}

export interface ChatActor {
  id: string;
}

export interface OwnedMessage {
  user_id: string;
}

/** The author edits or deletes their own message; the event's organiser edits or deletes any message of the event. */
export function canModify(actor: ChatActor | null, message: OwnedMessage, organiserId: string): boolean {
  if (!actor) return false;
  return actor.id === message.user_id || actor.id === organiserId;
}

/** Any logged-in user may flag a message. */
export function canFlag(actor: ChatActor | null): boolean {
  return actor != null;
}

/** Threads are one level deep: a reply to a reply is attached to the root. */
export function threadRootId(target: { id: string; parent_id: string | null }): string {
  return target.parent_id ?? target.id;
}

export interface ThreadableMessage {
  id: string;
  parent_id: string | null;
  created_at: string;
}

export interface Thread<M extends ThreadableMessage> {
  root: M;
  replies: M[];
  repliesCount: number;
}

/**
 * Groups messages into root threads (oldest first) with their replies (oldest first).
 * `counts` (from the chat_roots_with_counts view) wins when given; otherwise replies are counted.
 * Replies whose root is unknown are dropped.
 */
export function buildThreads<M extends ThreadableMessage>(
  messages: readonly M[],
  counts?: Record<string, number>,
): Thread<M>[] {
  const byCreated = [...messages].sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1,
  );
  const roots = new Map<string, Thread<M>>();
  for (const m of byCreated) if (m.parent_id == null) roots.set(m.id, { root: m, replies: [], repliesCount: 0 });
  for (const m of byCreated) {
    if (m.parent_id == null) continue;
    roots.get(m.parent_id)?.replies.push(m);
  }
  for (const t of roots.values()) t.repliesCount = counts?.[t.root.id] ?? t.replies.length;
  return [...roots.values()];
}

/** "Camille B." — first name and initial; the assistant is "Assistant IA". */
export function displayName(m: { user_id: string; prenom: string | null; nom: string | null }): string {
  if (m.user_id === AI_USER_ID) return `${AI_AUTHOR.prenom} ${AI_AUTHOR.nom}`;
  const prenom = (m.prenom ?? "").trim();
  const nom = (m.nom ?? "").trim();
  if (!prenom && !nom) return "Participant";
  if (!prenom) return nom;
  return nom ? `${prenom} ${nom[0].toUpperCase()}.` : prenom;
}

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Sliding-window limit: allowed when fewer than `max` actions happened in the last `windowMs`. */
export function rateLimitCheck(
  history: readonly number[],
  nowMs: number,
  limit: RateLimit,
): { allowed: boolean; history: number[] } {
  const recent = history.filter((t) => nowMs - t < limit.windowMs);
  if (recent.length >= limit.max) return { allowed: false, history: recent };
  return { allowed: true, history: [...recent, nowMs] };
}

/** Per-user limit for writing (post and reply), checked against D1 by the service. */
export const POST_LIMIT: RateLimit = { max: 8, windowMs: 60_000 };
/** Per-user limit for any socket message the room receives. */
export const SOCKET_LIMIT: RateLimit = { max: 20, windowMs: 10_000 };
