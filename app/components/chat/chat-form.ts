// The one schema of the chat forms, shared by the Discussion component and the action of /courses/{id}/chat.
import { z } from "zod";
import type { RoomEvent } from "../../../party/protocol";
import { CHAT_ERROR_MESSAGES, MAX_FLAG_REASON_LENGTH, MAX_MESSAGE_LENGTH, type ChatErrorCode } from "~/domain/chat";

const Id = z.string().trim().min(1).max(64);
const Message = z.string().max(MAX_MESSAGE_LENGTH + 200, CHAT_ERROR_MESSAGES.TOO_LONG).default("");

export const ChatFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("post"), message: Message }),
  z.object({ intent: z.literal("reply"), parent_id: Id, message: Message }),
  z.object({ intent: z.literal("edit"), id: Id, message: Message }),
  z.object({ intent: z.literal("delete"), id: Id }),
  z.object({ intent: z.literal("flag"), id: Id, reason: z.string().max(MAX_FLAG_REASON_LENGTH + 50, CHAT_ERROR_MESSAGES.REASON_TOO_LONG).optional() }),
]);
export type ChatForm = z.infer<typeof ChatFormSchema>;
export type ChatIntent = ChatForm["intent"];

/** Which form an answer belongs to: "post", or "reply:{id}", "edit:{id}", "delete:{id}", "flag:{id}". */
export function formTarget(form: { intent: ChatIntent; id?: string; parent_id?: string }): string {
  if (form.intent === "post") return "post";
  return `${form.intent}:${form.intent === "reply" ? form.parent_id : form.id}`;
}

/** The alert shown when an intent fails for an unexpected reason (spec section 8). */
export const FAILURE_CODE: Record<ChatIntent, ChatErrorCode> = {
  post: "SEND_FAILED",
  reply: "SEND_FAILED",
  edit: "EDIT_FAILED",
  delete: "DELETE_FAILED",
  flag: "FLAG_FAILED",
};

export function isChatErrorCode(code: string | null | undefined): code is ChatErrorCode {
  return code != null && Object.prototype.hasOwnProperty.call(CHAT_ERROR_MESSAGES, code);
}

export type ChatActionResult =
  | { ok: true; intent: ChatIntent; target: string; events: RoomEvent[] }
  | { ok: false; intent: ChatIntent | null; target: string; code: ChatErrorCode; error: string };

/** Query parameters that carry a failure back to the page when JavaScript is off. */
export const ERROR_PARAMS = { code: "chat_erreur", target: "chat_cible", text: "chat_texte" } as const;

/** Set on the redirect after a successful flag without JavaScript, to thank the user. */
export const INFO_PARAM = "chat_info";
