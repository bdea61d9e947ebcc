import { z } from "zod";

/** Messages a browser may send to a chat room. Everything else is refused. */
export const ClientMessage = z.discriminatedUnion("type", [z.object({ type: z.literal("ping") })]);
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
