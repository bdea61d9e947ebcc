// The discussion's last part: the form for a new message, or the invitation to log in.
import { CHAT_TEXTS, MAX_MESSAGE_LENGTH } from "~/domain/chat";
import * as paths from "~/domain/paths";
import { type ChatForms, FieldError } from "./ChatMessage";

export function ChatComposer({ forms, courseId }: { forms: ChatForms; courseId: string }) {
  const pending = forms.pending === "post";
  return (
    <form method="post" action={forms.action} onSubmit={forms.onSubmit} className="chat-form chat-compose">
      <input type="hidden" name="intent" value="post" />
      <label htmlFor={`chat-new-${courseId}`}>Ton message</label>
      <textarea
        id={`chat-new-${courseId}`}
        name="message"
        rows={3}
        maxLength={MAX_MESSAGE_LENGTH}
        defaultValue={forms.draftFor("post")}
        placeholder="Pose ta question… mentionne @IA pour interroger l'assistant."
        aria-describedby={`chat-new-help-${courseId}`}
      />
      <p id={`chat-new-help-${courseId}`} className="small muted">
        Écris @IA suivi de ta question (horaires, distances, ravitos…) pour obtenir une réponse de l'assistant.
      </p>
      <FieldError message={forms.errorFor("post")} />
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? "Envoi…" : "Envoyer"}
      </button>
    </form>
  );
}

/** Logged out: the error the last action came back with (unless it was only that), and the way to log in. */
export function ChatLogin({ address, error }: { address: string; error: string | null }) {
  return (
    <div className="chat-login">
      {error ? <FieldError message={error} /> : null}
      <p>
        {CHAT_TEXTS.loginToWrite} <a href={paths.login(paths.eventPage(address))}>Se connecter</a>
      </p>
    </div>
  );
}
