// One message of the discussion: its header, its text, and its steps (Répondre, Modifier, Supprimer, Signaler),
// each a plain form that works without JavaScript.
import type { MouseEvent, ReactNode } from "react";
import {
  AI_USER_ID,
  CHAT_TEXTS,
  DEFAULT_FLAG_REASON,
  displayName,
  MAX_FLAG_REASON_LENGTH,
  MAX_MESSAGE_LENGTH,
} from "~/domain/chat";
import type { ChatMessageDto } from "~/domain/chat-protocol";
import { formatDateTime } from "~/domain/format";
import type { DiscussionData } from "~/services/chat-discussion.server";
import type { ChatIntent } from "./chat-form";
import type { ChatActions } from "./useChatActions";

/** What every form of the discussion needs: where it posts, its error, what was typed, how it is sent. */
export interface ChatForms extends Pick<ChatActions, "pending" | "onConfirmSummary"> {
  action: string;
  /** With JavaScript, the in-place submission; undefined before hydration (a plain POST). */
  onSubmit: ChatActions["onSubmit"] | undefined;
  hydrated: boolean;
  errorFor(target: string): string | null;
  draftFor(target: string): string | undefined;
}

export function FieldError({ message }: { message: string | null | undefined }) {
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
  children: ReactNode;
}) {
  return (
    <details className="chat-step" open={open || undefined}>
      <summary onClick={onSummaryClick}>{label}</summary>
      <div className="chat-step-body">{children}</div>
    </details>
  );
}

/** A message's step and its form: the hidden intent and message id, the fields, the error, the submit button. */
function MessageStep({
  forms,
  intent,
  messageId,
  label,
  submit,
  buttonClass,
  confirm,
  formKey,
  children,
}: {
  forms: ChatForms;
  intent: Exclude<ChatIntent, "post">;
  messageId: string;
  label: string;
  submit: string;
  buttonClass: string;
  /** 'Supprimer' and 'Signaler' ask in a dialog with JavaScript. */
  confirm?: "delete" | "flag";
  formKey?: string;
  children: ReactNode;
}) {
  const target = `${intent}:${messageId}`;
  return (
    <ActionStep
      label={label}
      open={!!forms.errorFor(target)}
      onSummaryClick={confirm && forms.hydrated ? (e) => forms.onConfirmSummary(e, confirm) : undefined}
    >
      <form method="post" action={forms.action} onSubmit={forms.onSubmit} className="chat-form" key={formKey}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name={intent === "reply" ? "parent_id" : "id"} value={messageId} />
        {children}
        <FieldError message={forms.errorFor(target)} />
        <button type="submit" className={`btn ${buttonClass} btn-sm`} disabled={forms.pending === target}>
          {submit}
        </button>
      </form>
    </ActionStep>
  );
}

function MessageHeader({ m, data }: { m: ChatMessageDto; data: DiscussionData }) {
  const edited = m.updated_at && m.updated_at !== m.created_at;
  const flagReason = data.flagReasons[m.id];
  return (
    <header className="chat-msg-head">
      <span className="chat-author">{displayName(m)}</span>
      {m.user_id === data.organiserId ? <span className="chat-badge">Organisateur</span> : null}
      <time className="chat-time" dateTime={m.created_at}>
        {formatDateTime(m.created_at)}
      </time>
      {edited ? <span className="chat-edited">(modifié)</span> : null}
      {data.viewer?.isOrganiser && m.flagged ? (
        <span className="chat-badge chat-badge-flag">Signalé{flagReason ? ` : ${flagReason}` : ""}</span>
      ) : null}
    </header>
  );
}

/** The steps a viewer may take on a message: reply (on a thread's first message), edit, delete, flag. */
function MessageSteps({ m, isRoot, data, forms }: ChatMessageProps & { data: DiscussionData }) {
  const { viewer, organiserId } = data;
  const mine = viewer?.id === m.user_id;
  const canModify = viewer != null && (mine || viewer.id === organiserId);
  const common = { forms, messageId: m.id };
  return (
    <div className="chat-actions">
      {isRoot ? (
        <MessageStep {...common} intent="reply" label="Répondre" submit="Envoyer la réponse" buttonClass="btn-primary">
          <MessageText
            id={`reply-${m.id}`}
            label="Ta réponse"
            defaultValue={forms.draftFor(`reply:${m.id}`)}
            placeholder="Ta réponse…"
          />
        </MessageStep>
      ) : null}
      {canModify && !m.is_hidden ? (
        <MessageStep
          {...common}
          intent="edit"
          label="Modifier"
          submit="Enregistrer"
          buttonClass="btn-primary"
          formKey={m.updated_at ?? m.created_at}
        >
          <MessageText
            id={`edit-${m.id}`}
            label="Nouveau texte"
            defaultValue={forms.draftFor(`edit:${m.id}`) ?? m.message}
          />
        </MessageStep>
      ) : null}
      {canModify ? (
        <MessageStep
          {...common}
          intent="delete"
          label="Supprimer"
          submit="Oui, supprimer"
          buttonClass="btn-danger"
          confirm="delete"
        >
          <p className="chat-confirm">{CHAT_TEXTS.confirmDelete}</p>
        </MessageStep>
      ) : null}
      {!mine && m.user_id !== AI_USER_ID ? (
        <MessageStep
          {...common}
          intent="flag"
          label="Signaler"
          submit="Signaler"
          buttonClass="btn-ghost"
          confirm="flag"
        >
          <label htmlFor={`flag-${m.id}`}>{CHAT_TEXTS.askFlagReason}</label>
          <input
            id={`flag-${m.id}`}
            name="reason"
            type="text"
            maxLength={MAX_FLAG_REASON_LENGTH}
            defaultValue={forms.draftFor(`flag:${m.id}`) || DEFAULT_FLAG_REASON}
          />
        </MessageStep>
      ) : null}
    </div>
  );
}

interface ChatMessageProps {
  m: ChatMessageDto;
  /** A thread's first message (the one replies answer). */
  isRoot: boolean;
  forms: ChatForms;
}

export function ChatMessage({ m, isRoot, data, forms }: ChatMessageProps & { data: DiscussionData }) {
  const mine = data.viewer?.id === m.user_id;
  return (
    <article
      className={`chat-msg${m.user_id === AI_USER_ID ? " chat-msg-ai" : ""}${mine ? " chat-msg-mine" : ""}`}
      aria-label={`Message de ${displayName(m)}`}
    >
      <MessageHeader m={m} data={data} />
      {m.is_hidden ? (
        <p className="chat-text chat-hidden">{CHAT_TEXTS.hidden}</p>
      ) : (
        <p className="chat-text">{m.message}</p>
      )}
      {data.viewer ? <MessageSteps m={m} isRoot={isRoot} data={data} forms={forms} /> : null}
    </article>
  );
}

/** A reply's or an edit's text box, under a label only screen readers read. */
function MessageText({
  id,
  label,
  ...text
}: {
  id: string;
  label: string;
  defaultValue: string | undefined;
  placeholder?: string;
}) {
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} name="message" rows={2} maxLength={MAX_MESSAGE_LENGTH} {...text} />
    </>
  );
}
