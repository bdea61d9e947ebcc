import { z } from "zod";
// The chat room's protocol (issue 41: the services and the UI read it, the room in party/ speaks it), pure: zod only.

// Generous bounds here: the chat rules (trimming, length, moderation) are checked by app/domain/chat.ts.
const Id = z.string().min(1).max(64);
const Text = z.string().max(4000);
/**
 * Acting for another user is refused: `user_id` may only repeat the socket's own (authenticated) user.
 * Unknown fields are refused too (strict objects).
 */
const Identity = { user_id: Id.optional() };

/** Messages a browser may send to a chat room. Everything else is refused. */
export const ClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping") }).strict(),
  z.object({ type: z.literal("post"), message: Text, parent_id: Id.nullable().optional(), ...Identity }).strict(),
  z.object({ type: z.literal("edit"), id: Id, message: Text, ...Identity }).strict(),
  z.object({ type: z.literal("delete"), id: Id, ...Identity }).strict(),
  z.object({ type: z.literal("flag"), id: Id, reason: z.string().max(400).optional(), ...Identity }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** A chat message as the room relays it (same fields as the chat_messages row shown to users). */
export const ChatMessageDto = z.object({
  id: z.string(),
  course_id: z.string(),
  parent_id: z.string().nullable(),
  user_id: z.string(),
  nom: z.string().nullable(),
  prenom: z.string().nullable(),
  message: z.string(),
  is_hidden: z.boolean(),
  flagged: z.boolean(),
  created_at: z.string(),
  updated_at: z.string().optional(),
});
export type ChatMessageDto = z.infer<typeof ChatMessageDto>;

/** Events the room sends to browsers. */
export const RoomEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("insert"), message: ChatMessageDto }),
  z.object({ type: z.literal("update"), message: ChatMessageDto }),
  z.object({ type: z.literal("delete"), id: z.string() }),
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type RoomEvent = z.infer<typeof RoomEvent>;
