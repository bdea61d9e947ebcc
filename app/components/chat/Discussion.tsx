// The #discussion section's content: server-rendered threads, plain forms for every action (they work without
// JavaScript), and with JavaScript a live connection to the event's room plus in-place submissions.
import { useSearchParams } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent } from "react";
import {
  AI_USER_ID,
  buildThreads,
  CHAT_ERROR_MESSAGES,
  CHAT_TEXTS,
  DEFAULT_FLAG_REASON,
  displayName,
  MAX_FLAG_REASON_LENGTH,
  MAX_MESSAGE_LENGTH,
} from "~/domain/chat";
import type { DiscussionData } from "~/services/chat-discussion.server";
import { formatDateTime } from "~/domain/format";
import type { ChatMessageDto, RoomEvent } from "~/domain/chat-protocol";
import {
  ERROR_PARAMS,
  FAILURE_CODE,
  formTarget,
  INFO_PARAM,
  isChatErrorCode,
  type ChatActionResult,
  type ChatIntent,
} from "./chat-form";
import { applyRoomEvent, isRoomEvent } from "./room-events";
import { useHydrated } from "~/components/useHydrated";
import * as paths from "~/domain/paths";

export const FLAG_THANKS = "Merci, le message a été signalé à l'organisateur.";

type Errors = Record<string, string>;

/** `address`: the event's slug or id, as in the page's address, where the forms post and come back to. */
export function Discussion({ data, address }: { data: DiscussionData; address: string }) {
  const { courseId, viewer, organiserId } = data;
  const action = paths.eventChat(address);
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const [messages, setMessages] = useState(data.messages);
  const [counts, setCounts] = useState<Record<string, number> | undefined>(data.replyCounts);
  // Without JavaScript, a failed action comes back in the query string (with what was typed).
  const urlCode = params.get(ERROR_PARAMS.code);
  const urlTarget = params.get(ERROR_PARAMS.target);
  const urlText = params.get(ERROR_PARAMS.text) ?? "";
  const urlError =
    isChatErrorCode(urlCode) && urlTarget ? { target: urlTarget, message: CHAT_ERROR_MESSAGES[urlCode] } : null;
  const [errors, setErrors] = useState<Errors>(() => (urlError ? { [urlError.target]: urlError.message } : {}));
  const [info, setInfo] = useState<string | null>(() => (params.get(INFO_PARAM) === "signale" ? FLAG_THANKS : null));
  const [pending, setPending] = useState<string | null>(null);
  const [live, setLive] = useState<"off" | "on" | "connecting">("off");
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

  // Live room: partysocket reconnects by itself; pings keep the connection open without waking the room.
  useEffect(() => {
    let closed = false;
    let socket: {
      close(): void;
      send(d: string): void;
      readyState: number;
      addEventListener: WebSocket["addEventListener"];
    } | null = null;
    let ping: ReturnType<typeof setInterval> | undefined;
    setLive("connecting");
    import("partysocket")
      .then(({ default: PartySocket }) => {
        if (closed) return;
        const s = new PartySocket({ host: window.location.host, party: "chat-room", room: courseId });
        socket = s;
        s.addEventListener("open", () => setLive("on"));
        s.addEventListener("close", () => setLive("connecting"));
        s.addEventListener("message", (e: MessageEvent) => {
          try {
            const ev: unknown = JSON.parse(String(e.data));
            if (isRoomEvent(ev)) apply(ev);
          } catch {
            /* not for us */
          }
        });
        ping = setInterval(() => {
          if (s.readyState === 1) s.send('{"type":"ping"}');
        }, 30_000);
      })
      .catch((e) => {
        console.error("chat: connexion en direct impossible", e);
        setLive("off");
      });
    return () => {
      closed = true;
      if (ping) clearInterval(ping);
      socket?.close();
    };
  }, [courseId, apply]);

  // With JavaScript, open on the newest messages.
  useEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const errorFor = (target: string): string | null => errors[target] || null;
  const draftFor = (target: string): string | undefined => (urlError?.target === target ? urlText : undefined);

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
      if (!parsed.success) {
        setErrors((e) => ({ ...e, [target]: parsed.error.issues[0].message }));
        return;
      }
      if (
        (intent === "post" || intent === "reply" || intent === "edit") &&
        String(fd.get("message") ?? "").trim() === ""
      ) {
        // Empty: ignored (and an empty edit just cancels the edit).
        step?.removeAttribute("open");
        return;
      }
      fd.set("mode", "json");
      setPending(target);
      setInfo(null);
      try {
        const res = await fetch(action, {
          method: "POST",
          body: fd,
          credentials: "same-origin",
          headers: { Accept: "application/json" },
        });
        const body = (await res.json()) as ChatActionResult;
        if (!body.ok) {
          setErrors((e) => ({ ...e, [target]: body.error }));
          return;
        }
        body.events.forEach(apply);
        setErrors((e) => ({ ...e, [target]: "" }));
        if (intent === "flag") setInfo(FLAG_THANKS);
        form.reset();
        step?.removeAttribute("open");
        if (intent === "post" || intent === "reply") {
          requestAnimationFrame(() => {
            const el = scrollRef.current;
            if (el && intent === "post") el.scrollTop = el.scrollHeight;
          });
        }
      } catch {
        setErrors((e) => ({ ...e, [target]: CHAT_ERROR_MESSAGES[FAILURE_CODE[intent]] }));
      } finally {
        setPending(null);
      }
    },
    [action, apply],
  );

  const onSubmit = useCallback(
    (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      void send(e.currentTarget);
    },
    [send],
  );

  /** With JavaScript, 'Supprimer' and 'Signaler' ask with window.confirm / window.prompt instead of opening the step. */
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

  const threads = useMemo(() => buildThreads(messages, counts), [messages, counts]);

  const renderMessage = (m: ChatMessageDto, isRoot: boolean) => {
    const mine = viewer?.id === m.user_id;
    const canModify = viewer != null && (mine || viewer.id === organiserId);
    const edited = m.updated_at && m.updated_at !== m.created_at;
    const flagReason = data.flagReasons[m.id];
    return (
      <article
        className={`chat-msg${m.user_id === AI_USER_ID ? " chat-msg-ai" : ""}${mine ? " chat-msg-mine" : ""}`}
        aria-label={`Message de ${displayName(m)}`}
      >
        <header className="chat-msg-head">
          <span className="chat-author">{displayName(m)}</span>
          {m.user_id === organiserId ? <span className="chat-badge">Organisateur</span> : null}
          <time className="chat-time" dateTime={m.created_at}>
            {formatDateTime(m.created_at)}
          </time>
          {edited ? <span className="chat-edited">(modifié)</span> : null}
          {viewer?.isOrganiser && m.flagged ? (
            <span className="chat-badge chat-badge-flag">Signalé{flagReason ? ` : ${flagReason}` : ""}</span>
          ) : null}
        </header>
        {m.is_hidden ? (
          <p className="chat-text chat-hidden">{CHAT_TEXTS.hidden}</p>
        ) : (
          <p className="chat-text">{m.message}</p>
        )}
        {viewer ? (
          <div className="chat-actions">
            {isRoot ? (
              <ActionStep label="Répondre" open={!!errorFor(`reply:${m.id}`)}>
                <form method="post" action={action} onSubmit={hydrated ? onSubmit : undefined} className="chat-form">
                  <input type="hidden" name="intent" value="reply" />
                  <input type="hidden" name="parent_id" value={m.id} />
                  <label className="visually-hidden" htmlFor={`reply-${m.id}`}>
                    Ta réponse
                  </label>
                  <textarea
                    id={`reply-${m.id}`}
                    name="message"
                    rows={2}
                    maxLength={MAX_MESSAGE_LENGTH}
                    defaultValue={draftFor(`reply:${m.id}`)}
                    placeholder="Ta réponse…"
                  />
                  <FieldError message={errorFor(`reply:${m.id}`)} />
                  <button type="submit" className="btn btn-primary btn-sm" disabled={pending === `reply:${m.id}`}>
                    Envoyer la réponse
                  </button>
                </form>
              </ActionStep>
            ) : null}
            {canModify && !m.is_hidden ? (
              <ActionStep label="Modifier" open={!!errorFor(`edit:${m.id}`)}>
                <form
                  method="post"
                  action={action}
                  onSubmit={hydrated ? onSubmit : undefined}
                  className="chat-form"
                  key={m.updated_at ?? m.created_at}
                >
                  <input type="hidden" name="intent" value="edit" />
                  <input type="hidden" name="id" value={m.id} />
                  <label className="visually-hidden" htmlFor={`edit-${m.id}`}>
                    Nouveau texte
                  </label>
                  <textarea
                    id={`edit-${m.id}`}
                    name="message"
                    rows={2}
                    maxLength={MAX_MESSAGE_LENGTH}
                    defaultValue={draftFor(`edit:${m.id}`) ?? m.message}
                  />
                  <FieldError message={errorFor(`edit:${m.id}`)} />
                  <button type="submit" className="btn btn-primary btn-sm" disabled={pending === `edit:${m.id}`}>
                    Enregistrer
                  </button>
                </form>
              </ActionStep>
            ) : null}
            {canModify ? (
              <ActionStep
                label="Supprimer"
                open={!!errorFor(`delete:${m.id}`)}
                onSummaryClick={hydrated ? (e) => onConfirmSummary(e, "delete") : undefined}
              >
                <form method="post" action={action} onSubmit={hydrated ? onSubmit : undefined} className="chat-form">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={m.id} />
                  <p className="chat-confirm">{CHAT_TEXTS.confirmDelete}</p>
                  <FieldError message={errorFor(`delete:${m.id}`)} />
                  <button type="submit" className="btn btn-danger btn-sm" disabled={pending === `delete:${m.id}`}>
                    Oui, supprimer
                  </button>
                </form>
              </ActionStep>
            ) : null}
            {!mine && m.user_id !== AI_USER_ID ? (
              <ActionStep
                label="Signaler"
                open={!!errorFor(`flag:${m.id}`)}
                onSummaryClick={hydrated ? (e) => onConfirmSummary(e, "flag") : undefined}
              >
                <form method="post" action={action} onSubmit={hydrated ? onSubmit : undefined} className="chat-form">
                  <input type="hidden" name="intent" value="flag" />
                  <input type="hidden" name="id" value={m.id} />
                  <label htmlFor={`flag-${m.id}`}>{CHAT_TEXTS.askFlagReason}</label>
                  <input
                    id={`flag-${m.id}`}
                    name="reason"
                    type="text"
                    maxLength={MAX_FLAG_REASON_LENGTH}
                    defaultValue={draftFor(`flag:${m.id}`) || DEFAULT_FLAG_REASON}
                  />
                  <FieldError message={errorFor(`flag:${m.id}`)} />
                  <button type="submit" className="btn btn-ghost btn-sm" disabled={pending === `flag:${m.id}`}>
                    Signaler
                  </button>
                </form>
              </ActionStep>
            ) : null}
          </div>
        ) : null}
      </article>
    );
  };

  return (
    <div className="chat" data-live={live}>
      {hydrated ? (
        <p className="chat-live small muted" aria-live="polite">
          <span className="chat-dot" aria-hidden="true" />{" "}
          {live === "on"
            ? "En direct"
            : live === "connecting"
              ? "Connexion au direct…"
              : "Hors ligne\u00a0: recharge la page pour voir les nouveaux messages"}
        </p>
      ) : null}
      {info ? (
        <p role="status" className="alert alert-success chat-info">
          {info}
        </p>
      ) : null}
      <div className="chat-scroll" ref={scrollRef} tabIndex={0} role="region" aria-label="Messages de la discussion">
        {threads.length === 0 ? (
          <p className="chat-empty">{CHAT_TEXTS.empty}</p>
        ) : (
          <ol className="chat-threads">
            {threads.map((t) => (
              <li key={t.root.id} id={`message-${t.root.id}`} className="chat-thread">
                {renderMessage(t.root, true)}
                <p className="chat-count small muted">
                  {t.repliesCount === 0
                    ? "Aucune réponse"
                    : t.repliesCount === 1
                      ? "1 réponse"
                      : `${t.repliesCount} réponses`}
                </p>
                {t.replies.length ? (
                  <ol className="chat-replies">
                    {t.replies.map((r) => (
                      <li key={r.id} id={`message-${r.id}`}>
                        {renderMessage(r, false)}
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
        <form
          method="post"
          action={action}
          onSubmit={hydrated ? onSubmit : undefined}
          className="chat-form chat-compose"
        >
          <input type="hidden" name="intent" value="post" />
          <label htmlFor={`chat-new-${courseId}`}>Ton message</label>
          <textarea
            id={`chat-new-${courseId}`}
            name="message"
            rows={3}
            maxLength={MAX_MESSAGE_LENGTH}
            defaultValue={draftFor("post")}
            placeholder="Pose ta question… mentionne @IA pour interroger l'assistant."
            aria-describedby={`chat-new-help-${courseId}`}
          />
          <p id={`chat-new-help-${courseId}`} className="small muted">
            Écris @IA suivi de ta question (horaires, distances, ravitos…) pour obtenir une réponse de l'assistant.
          </p>
          <FieldError message={errorFor("post")} />
          <button type="submit" className="btn btn-primary" disabled={pending === "post"}>
            {pending === "post" ? "Envoi…" : "Envoyer"}
          </button>
        </form>
      ) : (
        <div className="chat-login">
          {urlError && urlCode !== "NOT_LOGGED_IN" ? <FieldError message={urlError.message} /> : null}
          <p>
            {CHAT_TEXTS.loginToWrite} <Link to={paths.login(paths.eventPage(address))}>Se connecter</Link>
          </p>
        </div>
      )}
    </div>
  );
}

function FieldError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="chat-error">
      {message}
    </p>
  );
}

/** A confirmation step that works without JavaScript: a <details> whose summary opens the form. */
function ActionStep({
  label,
  open,
  onSummaryClick,
  children,
}: {
  label: string;
  open: boolean;
  onSummaryClick?: (e: MouseEvent<HTMLElement>) => void;
  children: React.ReactNode;
}) {
  return (
    <details className="chat-step" open={open || undefined}>
      <summary onClick={onSummaryClick}>{label}</summary>
      <div className="chat-step-body">{children}</div>
    </details>
  );
}
