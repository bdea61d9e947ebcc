// What the event page's #discussion section needs: the newest messages and the reply counts, read with the event or
// in one round trip, shaped for the threads (app/domain/chat.ts).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { batchAll } from "~/db/batch.server";
import type { chat_messages } from "~/db/schema";
import { buildThreads } from "~/domain/chat";
import type { ChatMessageDto } from "~/domain/chat-protocol";
import { toDto } from "./chat.server";

type Row = typeof chat_messages.$inferSelect;

/** The newest messages shown on the event page (older ones are not loaded). */
export const DISCUSSION_LIMIT = 300;

export interface DiscussionData {
  courseId: string;
  organiserId: string | null;
  viewer: { id: string; isOrganiser: boolean } | null;
  messages: ChatMessageDto[];
  /** Reply counts per root, from the chat_roots_with_counts view. */
  replyCounts: Record<string, number>;
  /** Flag reasons, for the event's organiser only. */
  flagReasons: Record<string, string>;
}

/** The discussion's two reads for the event whose id is the SQL expression `courseId`: newest messages, reply counts. */
export function discussionStatements(courseId: SQL): [SQL, SQL] {
  return [
    sql`SELECT id, course_id, parent_id, user_id, nom, prenom, message, is_hidden, flagged, flagged_reason, created_at, updated_at
        FROM chat_messages WHERE course_id = ${courseId} ORDER BY created_at DESC LIMIT ${DISCUSSION_LIMIT}`,
    sql`SELECT id, replies_count FROM chat_roots_with_counts WHERE course_id = ${courseId}`,
  ];
}

/** Rows of discussionStatements, as D1 returns them (booleans as 0/1). */
export type DiscussionRows = [
  (Omit<Row, "is_hidden" | "flagged"> & { is_hidden: number | boolean; flagged: number | boolean })[],
  { id: string; replies_count: number }[],
];

/**
 * What the #discussion section needs, when the caller has already read the event and checked that its discussion is visible to this user
 * (the event page). `organisateur_id: null` means "not visible": an empty discussion. Messages and reply counts
 * are read in one round trip, or given by the caller who read them with the event (`rows`).
 */
export async function loadDiscussionFor(
  context: Pick<AppLoadContext, "db">,
  course: { id: string; organisateur_id: string | null },
  user: { id: string } | null,
  rows?: DiscussionRows,
): Promise<DiscussionData> {
  const courseId = course.id;
  if (course.organisateur_id === null)
    return { courseId, organiserId: null, viewer: null, messages: [], replyCounts: {}, flagReasons: {} };
  const [raw, counts] = rows ?? (await batchAll<DiscussionRows>(context.db, discussionStatements(sql`${courseId}`)));
  const isOrganiser = user != null && user.id === course.organisateur_id;
  const flagReasons: Record<string, string> = {};
  const newestFirst: Row[] = raw.map((r) => ({ ...r, is_hidden: !!r.is_hidden, flagged: !!r.flagged }));
  if (isOrganiser) for (const r of newestFirst) if (r.flagged && r.flagged_reason) flagReasons[r.id] = r.flagged_reason;
  const messages = newestFirst.reverse().map(toDto);
  // Keep only what the threads can show (a reply whose root fell out of the window is dropped).
  const shown = new Set(buildThreads(messages).flatMap((t) => [t.root.id, ...t.replies.map((r) => r.id)]));
  return {
    courseId,
    organiserId: course.organisateur_id,
    viewer: user ? { id: user.id, isOrganiser } : null,
    messages: messages.filter((m) => shown.has(m.id)),
    replyCounts: Object.fromEntries(counts.map((c) => [c.id, Number(c.replies_count)])),
    flagReasons,
  };
}
