// The #discussion section's content: server-rendered threads, plain forms for every action (they work without
// JavaScript), and with JavaScript a live connection to the event's room plus in-place submissions.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useHydrated } from "~/components/useHydrated";
import { buildThreads, CHAT_ERROR_MESSAGES, CHAT_TEXTS } from "~/domain/chat";
import type { RoomEvent } from "~/domain/chat-protocol";
import * as paths from "~/domain/paths";
import type { DiscussionData } from "~/services/chat-discussion.server";
import { ChatComposer, ChatLogin } from "./ChatComposer";
import { ChatMessage, type ChatForms } from "./ChatMessage";
import { ERROR_PARAMS, INFO_PARAM, isChatErrorCode } from "./chat-form";
import { applyRoomEvent } from "./room-events";
import { FLAG_THANKS, useChatActions } from "./useChatActions";
import { type LiveState, useLiveRoom } from "./useLiveRoom";

export { FLAG_THANKS } from "./useChatActions";

/** Without JavaScript, a failed action comes back in the query string (with what was typed). */
function useUrlError(search: string) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const code = params.get(ERROR_PARAMS.code);
  const target = params.get(ERROR_PARAMS.target);
  const text = params.get(ERROR_PARAMS.text) ?? "";
  const error = isChatErrorCode(code) && target ? { target, message: CHAT_ERROR_MESSAGES[code] } : null;
  return { code, text, error, flagged: params.get(INFO_PARAM) === "signale" };
}

function LiveStatus({ live }: { live: LiveState }) {
  return (
    <p className="chat-live small muted" aria-live="polite">
      <span className="chat-dot" aria-hidden="true" />{" "}
      {live === "on"
        ? "En direct"
        : live === "connecting"
          ? "Connexion au direct…"
          : "Hors ligne\u00a0: recharge la page pour voir les nouveaux messages"}
    </p>
  );
}

function repliesLabel(count: number): string {
  return count === 0 ? "Aucune réponse" : count === 1 ? "1 réponse" : `${count} réponses`;
}

/**
 * `address`: the event's slug or id, as in the page's address, where the forms post and come back to; `search`: the
 * page's query string (a failed action without JavaScript comes back in it). No Remix hook here: the chat island
 * renders it outside Remix (docs/decisions/0222).
 */
export function Discussion({ data, address, search }: { data: DiscussionData; address: string; search: string }) {
  const { courseId, viewer } = data;
  const action = paths.eventChat(address);
  const hydrated = useHydrated();
  const url = useUrlError(search);
  const [messages, setMessages] = useState(data.messages);
  const [counts, setCounts] = useState<Record<string, number> | undefined>(data.replyCounts);
  const scrollRef = useRef<HTMLDivElement>(null);

  // Fresh server data (navigation, revalidation) replaces the local list.
  useEffect(() => {
    setMessages(data.messages);
    setCounts(data.replyCounts);
  }, [data.messages, data.replyCounts]);

  const apply = useCallback((event: RoomEvent) => {
    setMessages((list) => applyRoomEvent(list, event));
    setCounts(undefined); // counts now come from the live list
  }, []);
  const live = useLiveRoom(courseId, apply);
  const actions = useChatActions({
    action,
    apply,
    scrollRef,
    initialErrors: url.error ? { [url.error.target]: url.error.message } : {},
    initialInfo: url.flagged ? FLAG_THANKS : null,
  });

  // With JavaScript, open on the newest messages.
  useEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const forms: ChatForms = {
    action,
    hydrated,
    pending: actions.pending,
    onSubmit: hydrated ? actions.onSubmit : undefined,
    onConfirmSummary: actions.onConfirmSummary,
    errorFor: (target) => actions.errors[target] || null,
    draftFor: (target) => (url.error?.target === target ? url.text : undefined),
  };
  const threads = useMemo(() => buildThreads(messages, counts), [messages, counts]);

  return (
    <div className="chat" data-live={live}>
      {hydrated ? <LiveStatus live={live} /> : null}
      {actions.info ? (
        <p role="status" className="alert alert-success chat-info">
          {actions.info}
        </p>
      ) : null}
      <div className="chat-scroll" ref={scrollRef} tabIndex={0} role="region" aria-label="Messages de la discussion">
        {threads.length === 0 ? (
          <p className="chat-empty">{CHAT_TEXTS.empty}</p>
        ) : (
          <ol className="chat-threads">
            {threads.map((t) => (
              <li key={t.root.id} id={`message-${t.root.id}`} className="chat-thread">
                <ChatMessage m={t.root} isRoot data={data} forms={forms} />
                <p className="chat-count small muted">{repliesLabel(t.repliesCount)}</p>
                {t.replies.length ? (
                  <ol className="chat-replies">
                    {t.replies.map((r) => (
                      <li key={r.id} id={`message-${r.id}`}>
                        <ChatMessage m={r} isRoot={false} data={data} forms={forms} />
                      </li>
                    ))}
                  </ol>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>
      {viewer ? (
        <ChatComposer forms={forms} courseId={courseId} />
      ) : (
        <ChatLogin address={address} error={url.error && url.code !== "NOT_LOGGED_IN" ? url.error.message : null} />
      )}
    </div>
  );
}
