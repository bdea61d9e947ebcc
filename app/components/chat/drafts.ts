// Text typed into the discussion's server HTML before its code arrives, carried over to the live component (by the
// React page's LazyDiscussion and by the chat island, docs/decisions/0222).
import type { DiscussionData } from "~/services/chat-discussion.server";

/** The static page's discussion: the element the chat island hydrates, and its data (app/islands/chat.ts). */
export const CHAT_ISLAND_ID = "discussion-live";
export const CHAT_ISLAND_DATA_ID = "discussion-data";
export interface ChatIslandData {
  data: DiscussionData;
  address: string;
}

export const DRAFT_FIELDS = "textarea[id], input[type=text][id]";

/** Records what the visitor typed in the island's text fields (by id) into `drafts`, so that the live component starts with it. */
export function recordDraft(drafts: Record<string, string>, el: Element) {
  if ((el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) && el.matches(DRAFT_FIELDS)) {
    if (el.value !== el.defaultValue) drafts[el.id] = el.value;
    else delete drafts[el.id];
  }
}
