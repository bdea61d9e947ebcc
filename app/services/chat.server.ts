// Event chat use cases: post, reply, edit, delete, flag (rights of spec section 6) and the @IA assistant (its facts:
// event-facts.server.ts; the #discussion section's reads: chat-discussion.server.ts). Writes D1 first, then
// tells the event's room.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { loadEventFacts } from "./event-facts.server";
import type { Db } from "~/db/client.server";
import { chat_messages, courses } from "~/db/schema";
import {
  AI_AUTHOR,
  AI_USER_ID,
  canFlag,
  canModify,
  ChatError,
  containsBannedWord,
  DEFAULT_FLAG_REASON,
  extractAiPrompt,
  MAX_FLAG_REASON_LENGTH,
  MAX_MESSAGE_LENGTH,
  normalizeMessage,
  POST_LIMIT,
  threadRootId,
  type ChatActor,
} from "~/domain/chat";
import type { Assistant } from "~/providers/assistant";
import { pickAssistant } from "~/providers/assistant-workers-ai";
import type { ChatMessageDto, RoomEvent } from "~/domain/chat-protocol";
import { notifyRoom } from "./chat-room.server";

/** What the use cases need; built from a request context (routes) or from the room itself (sockets). */
export interface ChatDeps {
  db: Db;
  now: () => Date;
  notify: (courseId: string, event: RoomEvent) => Promise<void>;
  background: (work: Promise<unknown>) => void;
  assistant: Assistant;
}

export function chatDepsFromContext(context: AppLoadContext): ChatDeps {
  return {
    db: context.db,
    now: () => context.clock.now(),
    notify: (courseId, event) => notifyRoom(context.bindings.ChatRoom, courseId, event),
    background: (work) => context.ctx.waitUntil(work),
    assistant: pickAssistant(context.bindings),
  };
}

type Row = typeof chat_messages.$inferSelect;

/** What browsers receive: the text of a hidden message never leaves the server. */
export function toDto(row: Row): ChatMessageDto {
  return {
    id: row.id,
    course_id: row.course_id,
    parent_id: row.parent_id,
    user_id: row.user_id,
    nom: row.nom,
    prenom: row.prenom,
    message: row.is_hidden ? "" : row.message,
    is_hidden: row.is_hidden,
    flagged: row.flagged,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

interface CourseAccess {
  id: string;
  organisateur_id: string;
  en_ligne: boolean;
}

/** The event, if this actor may see it: online events for everyone, drafts for their organiser only. */
export async function findVisibleCourse(
  db: Db,
  courseId: string,
  actor: ChatActor | null,
): Promise<CourseAccess | null> {
  const rows = await db
    .select({ id: courses.id, organisateur_id: courses.organisateur_id, en_ligne: courses.en_ligne })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  const c = rows[0];
  if (!c) return null;
  if (!c.en_ligne && c.organisateur_id !== actor?.id) return null;
  return c;
}

async function requireCourse(db: Db, courseId: string, actor: ChatActor | null): Promise<CourseAccess> {
  const c = await findVisibleCourse(db, courseId, actor);
  if (!c) throw new ChatError("COURSE_NOT_FOUND");
  return c;
}

async function findMessage(db: Db, courseId: string, id: string): Promise<Row | null> {
  const rows = await db
    .select()
    .from(chat_messages)
    .where(and(eq(chat_messages.id, id), eq(chat_messages.course_id, courseId)))
    .limit(1);
  return rows[0] ?? null;
}

function requireActor(actor: ChatActor | null): ChatActor {
  if (!actor) throw new ChatError("NOT_LOGGED_IN");
  return actor;
}

/** A message's text as posted or edited: by a signed-in actor, not too long; null when blank (nothing to do). */
function messageText(actor: ChatActor | null, raw: string): { user: ChatActor; text: string } | null {
  const user = requireActor(actor);
  const text = normalizeMessage(raw);
  if (text == null) return null;
  if (text.length > MAX_MESSAGE_LENGTH) throw new ChatError("TOO_LONG");
  return { user, text };
}

/** The event's message `id` when `user` may modify it (its author or the event's organiser). */
async function modifiableMessage(db: Db, user: ChatActor, input: { courseId: string; id: string }): Promise<Row> {
  const course = await requireCourse(db, input.courseId, user);
  const current = await findMessage(db, input.courseId, input.id);
  if (!current) throw new ChatError("MESSAGE_NOT_FOUND");
  if (!canModify(user, current, course.organisateur_id)) throw new ChatError("FORBIDDEN");
  return current;
}

/** Wraps unexpected failures (D1 down…) in the spec's alert for that action; domain errors pass through. */
async function guard<T>(
  code: "SEND_FAILED" | "EDIT_FAILED" | "DELETE_FAILED" | "FLAG_FAILED",
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof ChatError) throw e;
    console.error(`chat: ${code}`, e);
    throw new ChatError(code);
  }
}

async function safeNotify(deps: ChatDeps, courseId: string, event: RoomEvent) {
  // The write is done; a room that cannot be told only delays live updates until the next page load.
  try {
    await deps.notify(courseId, event);
  } catch (e) {
    console.error("chat: room notification failed", e);
  }
}

/**
 * The author's name as shown in the chat ("Camille B."): the user profile's, else the runner profile's, else the
 * name on the user's latest registration. A runner who only filled the runner profile, or only registered, no
 * longer shows as 'Participant'. One row, even when none is known (then both are NULL).
 */
function authorNameSql(userId: string): SQL {
  const pick = (col: "nom" | "prenom") =>
    sql.raw(`coalesce(
      nullif(trim((SELECT p.${col} FROM profils_utilisateurs p WHERE p.user_id = u.id)), ''),
      nullif(trim((SELECT pc.${col} FROM profils_coureurs pc WHERE pc.id = u.id)), ''),
      nullif(trim((SELECT i.${col} FROM inscriptions i WHERE i.coureur_id = u.id ORDER BY i.created_at DESC LIMIT 1)), ''))`);
  return sql`SELECT ${pick("nom")} AS nom, ${pick("prenom")} AS prenom FROM (SELECT ${userId} AS id) u`;
}

/**
 * Inserts a message only while its author has posted fewer than POST_LIMIT.max messages in this event within the
 * window: the count and the insert are one statement, so parallel posts (HTTP forms and sockets alike) cannot
 * all pass the count before any of them is written (D1 runs one statement at a time). Returns null when refused.
 */
async function insertWithinLimit(
  db: Db,
  m: {
    id: string;
    courseId: string;
    parentId: string | null;
    userId: string;
    text: string;
    hidden: boolean;
    now: Date;
  },
): Promise<Row | null> {
  const iso = m.now.toISOString();
  const since = new Date(m.now.getTime() - POST_LIMIT.windowMs).toISOString();
  const rows = await db.all<Row>(sql`
    INSERT INTO chat_messages (id, course_id, parent_id, user_id, nom, prenom, message, is_hidden, flagged, flagged_reason, created_at, updated_at)
    SELECT ${m.id}, ${m.courseId}, ${m.parentId}, ${m.userId}, n.nom, n.prenom, ${m.text}, ${m.hidden ? 1 : 0}, 0, NULL, ${iso}, ${iso}
    FROM (${authorNameSql(m.userId)}) n
    WHERE (SELECT count(*) FROM chat_messages r
           WHERE r.course_id = ${m.courseId} AND r.user_id = ${m.userId} AND r.created_at > ${since}) < ${POST_LIMIT.max}
    RETURNING id, course_id, parent_id, user_id, nom, prenom, message, is_hidden, flagged, flagged_reason, created_at, updated_at`);
  const r = rows[0];
  if (!r) return null;
  return { ...r, is_hidden: Boolean(r.is_hidden), flagged: Boolean(r.flagged) };
}

export type PostResult = { status: "ignored" } | { status: "posted"; message: ChatMessageDto };

/** Posts a root message, or a reply when parentId is given (a reply to a reply goes to its root). */
export async function postMessage(
  deps: ChatDeps,
  actor: ChatActor | null,
  input: { courseId: string; parentId?: string | null; text: string },
): Promise<PostResult> {
  const accepted = messageText(actor, input.text);
  if (!accepted) return { status: "ignored" };
  const { user, text } = accepted;
  return guard("SEND_FAILED", async () => {
    await requireCourse(deps.db, input.courseId, user);
    let parentId: string | null = null;
    if (input.parentId) {
      const parent = await findMessage(deps.db, input.courseId, input.parentId);
      if (!parent) throw new ChatError("MESSAGE_NOT_FOUND");
      parentId = threadRootId(parent);
    }
    const now = deps.now();
    const row = await insertWithinLimit(deps.db, {
      id: crypto.randomUUID(),
      courseId: input.courseId,
      parentId,
      userId: user.id,
      text,
      hidden: containsBannedWord(text),
      now,
    });
    if (!row) throw new ChatError("RATE_LIMITED");
    const dto = toDto(row);
    await safeNotify(deps, input.courseId, { type: "insert", message: dto });
    const prompt = row.is_hidden ? null : extractAiPrompt(text);
    if (prompt != null && user.id !== AI_USER_ID) {
      deps.background(
        answerWithAssistant(deps, { courseId: input.courseId, questionId: row.id, rootId: parentId ?? row.id, prompt }),
      );
    }
    return { status: "posted" as const, message: dto };
  });
}

export type EditResult = { status: "ignored" } | { status: "updated"; message: ChatMessageDto };

/** Edits a message (author or the event's organiser). Empty text cancels the edit. */
export async function editMessage(
  deps: ChatDeps,
  actor: ChatActor | null,
  input: { courseId: string; id: string; text: string },
): Promise<EditResult> {
  const accepted = messageText(actor, input.text);
  if (!accepted) return { status: "ignored" };
  const { user, text } = accepted;
  return guard("EDIT_FAILED", async () => {
    const current = await modifiableMessage(deps.db, user, input);
    if (current.message === text) return { status: "ignored" as const };
    const next: Row = {
      ...current,
      message: text,
      is_hidden: containsBannedWord(text),
      updated_at: deps.now().toISOString(),
    };
    await deps.db
      .update(chat_messages)
      .set({ message: next.message, is_hidden: next.is_hidden, updated_at: next.updated_at })
      .where(and(eq(chat_messages.id, current.id), eq(chat_messages.course_id, input.courseId)));
    const dto = toDto(next);
    await safeNotify(deps, input.courseId, { type: "update", message: dto });
    return { status: "updated" as const, message: dto };
  });
}

/** Deletes a message (author or the event's organiser); deleting a root deletes its replies. */
export async function deleteMessage(
  deps: ChatDeps,
  actor: ChatActor | null,
  input: { courseId: string; id: string },
): Promise<{ status: "deleted"; ids: string[] }> {
  const user = requireActor(actor);
  return guard("DELETE_FAILED", async () => {
    const current = await modifiableMessage(deps.db, user, input);
    const replies =
      current.parent_id == null
        ? await deps.db
            .select({ id: chat_messages.id })
            .from(chat_messages)
            .where(and(eq(chat_messages.parent_id, current.id), eq(chat_messages.course_id, input.courseId)))
        : [];
    await deps.db
      .delete(chat_messages)
      .where(
        and(
          eq(chat_messages.course_id, input.courseId),
          or(eq(chat_messages.id, current.id), eq(chat_messages.parent_id, current.id)),
        ),
      );
    const ids = [...replies.map((r) => r.id), current.id];
    for (const id of ids) await safeNotify(deps, input.courseId, { type: "delete", id });
    return { status: "deleted" as const, ids };
  });
}

/** Flags a message (any logged-in user). An empty reason becomes 'signalement utilisateur'. */
export async function flagMessage(
  deps: ChatDeps,
  actor: ChatActor | null,
  input: { courseId: string; id: string; reason?: string | null },
): Promise<{ status: "flagged"; message: ChatMessageDto }> {
  const user = requireActor(actor);
  if (!canFlag(user)) throw new ChatError("NOT_LOGGED_IN");
  const reason = normalizeMessage(input.reason) ?? DEFAULT_FLAG_REASON;
  if (reason.length > MAX_FLAG_REASON_LENGTH) throw new ChatError("REASON_TOO_LONG");
  return guard("FLAG_FAILED", async () => {
    await requireCourse(deps.db, input.courseId, user);
    const current = await findMessage(deps.db, input.courseId, input.id);
    if (!current) throw new ChatError("MESSAGE_NOT_FOUND");
    await deps.db
      .update(chat_messages)
      .set({ flagged: true, flagged_reason: reason })
      .where(and(eq(chat_messages.id, current.id), eq(chat_messages.course_id, input.courseId)));
    const dto = toDto({ ...current, flagged: true, flagged_reason: reason });
    await safeNotify(deps, input.courseId, { type: "update", message: dto });
    return { status: "flagged" as const, message: dto };
  });
}

/** A stable id for the assistant's answer to one question: posting twice inserts once. */
export async function aiReplyId(questionId: string): Promise<string> {
  const bytes = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`ia-reply:${questionId}`)),
  );
  const hex = [...bytes.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  // Shaped like a version-8 (custom) UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Asks the assistant and posts its answer as a reply by the AI author. Errors are only logged. */
export async function answerWithAssistant(
  deps: ChatDeps,
  job: { courseId: string; questionId: string; rootId: string; prompt: string },
): Promise<void> {
  try {
    const facts = await loadEventFacts(deps.db, job.courseId, deps.now());
    if (!facts) return;
    const answer = normalizeMessage(await deps.assistant.answer({ prompt: job.prompt, facts }));
    if (!answer) return;
    const iso = deps.now().toISOString();
    const row: Row = {
      id: await aiReplyId(job.questionId),
      course_id: job.courseId,
      parent_id: job.rootId,
      user_id: AI_USER_ID,
      nom: AI_AUTHOR.nom,
      prenom: AI_AUTHOR.prenom,
      message: answer.slice(0, MAX_MESSAGE_LENGTH),
      is_hidden: false,
      flagged: false,
      flagged_reason: null,
      created_at: iso,
      updated_at: iso,
    };
    const inserted = await deps.db
      .insert(chat_messages)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: chat_messages.id });
    if (inserted.length === 0) return; // already answered
    await safeNotify(deps, job.courseId, { type: "insert", message: toDto(row) });
  } catch (e) {
    console.error("chat: assistant failed", e);
  }
}
