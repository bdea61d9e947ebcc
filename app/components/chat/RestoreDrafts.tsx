// Puts the text typed before the discussion's code arrived back into the live component (drafts.ts records it).
import { useLayoutEffect } from "react";

/** Puts the island's drafts back into the live component's fields, as soon as it is on screen. */
export function RestoreDrafts({ drafts }: { drafts: Record<string, string> }) {
  useLayoutEffect(() => {
    for (const [id, value] of Object.entries(drafts)) {
      const el = document.getElementById(id);
      if (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) el.value = value;
    }
  }, [drafts]);
  return null;
}
