// The server renders the discussion with the real component, handed down by app/entry.server.tsx through this
// context; the browser bundle never imports it eagerly (it loads it lazily, see LazyDiscussion.tsx).
import { createContext, type ComponentType } from "react";
import type { DiscussionData } from "~/services/chat.server";

export const ServerDiscussionContext = createContext<ComponentType<{ data: DiscussionData }> | null>(null);
