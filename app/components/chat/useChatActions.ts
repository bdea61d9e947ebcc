// With JavaScript, the discussion's forms are sent in place: checked first (the schema is loaded on the first
// submission), posted as JSON, and their answer's events applied to the list at once.
import { type FormEvent, type MouseEvent, type RefObject, useCallback, useState } from "react";
import { CHAT_ERROR_MESSAGES, CHAT_TEXTS, DEFAULT_FLAG_REASON } from "~/domain/chat";
import type { RoomEvent } from "~/domain/chat-protocol";
import { type ChatActionResult, type ChatIntent, FAILURE_CODE, formTarget } from "./chat-form";

export const FLAG_THANKS = "Merci, le message a été signalé à l'organisateur.";

/** Each form's error, keyed by its target ("post", "reply:{id}"…). */
export type ChatErrors = Record<string, string>;

export interface ChatActions {
  errors: ChatErrors;
  info: string | null;
  /** The target of the form being sent, if any. */
  pending: string | null;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** 'Supprimer' and 'Signaler' ask with window.confirm / window.prompt instead of opening the step. */
  onConfirmSummary: (e: MouseEvent<HTMLElement>, kind: "delete" | "flag") => void;
}

/** Empty posts, replies and edits are not sent (an empty edit just cancels the edit). */
function isEmptyText(intent: ChatIntent, fd: FormData): boolean {
  return (
    (intent === "post" || intent === "reply" || intent === "edit") && String(fd.get("message") ?? "").trim() === ""
  );
}

async function postJson(action: string, fd: FormData): Promise<ChatActionResult> {
  fd.set("mode", "json");
  const res = await fetch(action, {
    method: "POST",
    body: fd,
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  return (await res.json()) as ChatActionResult;
}

export function useChatActions(opts: {
  action: string;
  apply: (event: RoomEvent) => void;
  scrollRef: RefObject<HTMLDivElement>;
  initialErrors: ChatErrors;
  initialInfo: string | null;
}): ChatActions {
  const { action, apply, scrollRef } = opts;
  const [errors, setErrors] = useState<ChatErrors>(opts.initialErrors);
  const [info, setInfo] = useState<string | null>(opts.initialInfo);
  const [pending, setPending] = useState<string | null>(null);
  const setError = useCallback(
    (target: string, message: string) => setErrors((e) => ({ ...e, [target]: message })),
    [],
  );

  const send = useCallback(
    async (form: HTMLFormElement, fields?: Record<string, string>) => {
      const fd = new FormData(form);
      for (const [k, v] of Object.entries(fields ?? {})) fd.set(k, v);
      // The form's step (Répondre, Modifier…), found now: the message's update (live or from the answer) may replace
      // the form before the answer is read, and a replaced form has no step around it any more.
      const step = form.closest("details");
      const intent = String(fd.get("intent")) as ChatIntent;
      const target = formTarget({
        intent,
        id: String(fd.get("id") ?? ""),
        parent_id: String(fd.get("parent_id") ?? ""),
      });
      const { ChatFormSchema } = await import("./chat-form-schema");
      const parsed = ChatFormSchema.safeParse(Object.fromEntries(fd));
      if (!parsed.success) return setError(target, parsed.error.issues[0].message);
      if (isEmptyText(intent, fd)) {
        step?.removeAttribute("open");
        return;
      }
      setPending(target);
      setInfo(null);
      try {
        const body = await postJson(action, fd);
        if (!body.ok) return setError(target, body.error);
        body.events.forEach(apply);
        setError(target, "");
        if (intent === "flag") setInfo(FLAG_THANKS);
        form.reset();
        step?.removeAttribute("open");
        if (intent === "post") {
          requestAnimationFrame(() => {
            const el = scrollRef.current;
            if (el) el.scrollTop = el.scrollHeight;
          });
        }
      } catch {
        setError(target, CHAT_ERROR_MESSAGES[FAILURE_CODE[intent]]);
      } finally {
        setPending(null);
      }
    },
    [action, apply, scrollRef, setError],
  );

  const onSubmit = useCallback(
    (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      void send(e.currentTarget);
    },
    [send],
  );

  const onConfirmSummary = useCallback(
    (e: MouseEvent<HTMLElement>, kind: "delete" | "flag") => {
      e.preventDefault();
      const form = e.currentTarget.parentElement?.querySelector("form");
      if (!form) return;
      if (kind === "delete") {
        if (window.confirm(CHAT_TEXTS.confirmDelete)) void send(form);
        return;
      }
      const reason = window.prompt(CHAT_TEXTS.askFlagReason, DEFAULT_FLAG_REASON);
      if (reason === null) return;
      void send(form, { reason: reason.trim() || DEFAULT_FLAG_REASON });
    },
    [send],
  );

  return { errors, info, pending, onSubmit, onConfirmSummary };
}
