// The one schema of the chat forms, shared by the Discussion component (loaded on first submit) and the action of
// /courses/{id}/chat.
import { z } from "zod";
import { CHAT_ERROR_MESSAGES, MAX_FLAG_REASON_LENGTH, MAX_MESSAGE_LENGTH } from "~/domain/chat";
import type { ChatIntent } from "./chat-form";

const Id = z.string().trim().min(1).max(64);
const Message = z
  .string()
  .max(MAX_MESSAGE_LENGTH + 200, CHAT_ERROR_MESSAGES.TOO_LONG)
  .default("");

export const ChatFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("post"), message: Message }),
  z.object({ intent: z.literal("reply"), parent_id: Id, message: Message }),
  z.object({ intent: z.literal("edit"), id: Id, message: Message }),
  z.object({ intent: z.literal("delete"), id: Id }),
  z.object({
    intent: z.literal("flag"),
    id: Id,
    reason: z
      .string()
      .max(MAX_FLAG_REASON_LENGTH + 50, CHAT_ERROR_MESSAGES.REASON_TOO_LONG)
      .optional(),
  }),
]);
export type ChatForm = z.infer<typeof ChatFormSchema>;

// The schema's intents are exactly ChatIntent (checked by the compiler both ways).
const _intents: [ChatIntent, ChatForm["intent"]] extends [ChatForm["intent"], ChatIntent] ? true : never = true;
void _intents;
