// Resource route of the event chat: one action, intent post | reply | edit | delete | flag.
// The forms post to /courses/{id or slug}/chat, the address of the page they are on. Without JavaScript it redirects
// back to that page's #discussion; fetch calls (mode=json) get JSON.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  ERROR_PARAMS,
  FAILURE_CODE,
  formTarget,
  INFO_PARAM,
  type ChatActionResult,
  type ChatIntent,
} from "~/components/chat/chat-form";
import { ChatFormSchema, type ChatForm } from "~/components/chat/chat-form-schema";
import {
  CHAT_ERROR_MESSAGES,
  CHAT_ERROR_STATUS,
  ChatError,
  MAX_MESSAGE_LENGTH,
  type ChatErrorCode,
} from "~/domain/chat";
import { chatDepsFromContext, deleteMessage, editMessage, flagMessage, postMessage } from "~/services/chat.server";
import { eventIdAt } from "~/services/event-page.server";
import { getSessionUser } from "~/utils/session.server";
import type { RoomEvent } from "~/domain/chat-protocol";
import * as paths from "~/domain/paths";

/** No page here: a GET goes back to the event's discussion. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(paths.eventPage(params.id ?? "", undefined, "discussion"));
}

/** Runs the intent; returns the room events it caused (also broadcast), so a fetch caller can apply them at once. */
async function run(args: ActionFunctionArgs, form: ChatForm, courseId: string): Promise<RoomEvent[]> {
  const user = await getSessionUser(args.request, args.context);
  const actor = user ? { id: user.id } : null;
  const deps = chatDepsFromContext(args.context);
  switch (form.intent) {
    case "post":
    case "reply": {
      const r = await postMessage(deps, actor, {
        courseId,
        parentId: form.intent === "reply" ? form.parent_id : null,
        text: form.message,
      });
      return r.status === "posted" ? [{ type: "insert", message: r.message }] : [];
    }
    case "edit": {
      const r = await editMessage(deps, actor, { courseId, id: form.id, text: form.message });
      return r.status === "updated" ? [{ type: "update", message: r.message }] : [];
    }
    case "delete": {
      const r = await deleteMessage(deps, actor, { courseId, id: form.id });
      return r.ids.map((id) => ({ type: "delete", id }));
    }
    case "flag": {
      const r = await flagMessage(deps, actor, { courseId, id: form.id, reason: form.reason });
      return [{ type: "update", message: r.message }];
    }
  }
}

export async function action(args: ActionFunctionArgs) {
  // The page's address (the event's id or slug): the answer goes back there. An unknown one reaches the use cases
  // as it is, which refuse it (COURSE_NOT_FOUND).
  const address = args.params.id ?? "";
  const courseId = (await eventIdAt(args.context, address)) ?? address;
  const back = paths.eventPage(address);
  const data = await args.request.formData();
  const json = data.get("mode") === "json";
  const parsed = ChatFormSchema.safeParse(Object.fromEntries([...data.entries()].filter(([k]) => k !== "mode")));

  const fail = (intent: ChatIntent | null, target: string, code: ChatErrorCode, error: string, text?: string) => {
    if (json) {
      const body: ChatActionResult = { ok: false, intent, target, code, error };
      return Response.json(body, { status: CHAT_ERROR_STATUS[code] });
    }
    const q = new URLSearchParams({ [ERROR_PARAMS.code]: code, [ERROR_PARAMS.target]: target });
    // The form keeps what was typed: the text comes back with the error (bounded, messages are short).
    if (text) q.set(ERROR_PARAMS.text, text.slice(0, MAX_MESSAGE_LENGTH));
    return redirect(`${back}?${q}#discussion`);
  };

  if (!parsed.success) {
    const intent =
      ChatFormSchema.options.map((o) => o.shape.intent.value).find((v) => v === data.get("intent")) ?? null;
    const issue = parsed.error.issues[0];
    const code: ChatErrorCode =
      issue.path[0] === "message"
        ? "TOO_LONG"
        : issue.path[0] === "reason"
          ? "REASON_TOO_LONG"
          : intent
            ? FAILURE_CODE[intent]
            : "SEND_FAILED";
    const raw = Object.fromEntries(data) as Record<string, string>;
    return fail(
      intent,
      intent ? formTarget({ intent, id: raw.id, parent_id: raw.parent_id }) : "post",
      code,
      CHAT_ERROR_MESSAGES[code],
      raw.message,
    );
  }

  const form = parsed.data;
  const target = formTarget(form);
  let events: RoomEvent[];
  try {
    events = await run(args, form, courseId);
  } catch (e) {
    const code: ChatErrorCode = e instanceof ChatError ? e.code : FAILURE_CODE[form.intent];
    if (!(e instanceof ChatError)) console.error("chat action failed", e);
    return fail(
      form.intent,
      target,
      code,
      CHAT_ERROR_MESSAGES[code],
      "message" in form ? form.message : form.intent === "flag" ? form.reason : undefined,
    );
  }
  if (json) {
    const body: ChatActionResult = { ok: true, intent: form.intent, target, events };
    return Response.json(body);
  }
  return redirect(form.intent === "flag" ? `${back}?${INFO_PARAM}=signale#discussion` : `${back}#discussion`);
}
