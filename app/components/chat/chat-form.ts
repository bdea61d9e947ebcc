// What the chat forms and their action share, without zod: the schema itself lives in ./chat-form-schema, which
// the page loads only when someone submits a chat form with JavaScript (zod stays out of the event page's bundle).
import type { RoomEvent } from "~/domain/chat-protocol";
import { CHAT_ERROR_MESSAGES, type ChatErrorCode } from "~/domain/chat";

/** What a chat form asks for (ChatFormSchema in ./chat-form-schema checks the rest). */
export type ChatIntent = "post" | "reply" | "edit" | "delete" | "flag";

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
  return code != null && Object.hasOwn(CHAT_ERROR_MESSAGES, code);
}

export type ChatActionResult =
  | { ok: true; intent: ChatIntent; target: string; events: RoomEvent[] }
  | { ok: false; intent: ChatIntent | null; target: string; code: ChatErrorCode; error: string };

/** Query parameters that carry a failure back to the page when JavaScript is off. */
export const ERROR_PARAMS = { code: "chat_erreur", target: "chat_cible", text: "chat_texte" } as const;

/** Set on the redirect after a successful flag without JavaScript, to thank the user. */
export const INFO_PARAM = "chat_info";
