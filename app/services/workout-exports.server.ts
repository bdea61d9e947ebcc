// A plan session as a file (issue 47, decision 0229): Zwift's running workout (.zwo) or a FIT workout for watches,
// for its owner only (another runner's session reads as missing). The encoders are pure (app/domain/workout-zwo.ts,
// workout-fit.ts); this use case loads the session and the runner's threshold speed and names the file.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sessionToFit } from "~/domain/workout-fit";
import { sessionToZwo, workoutFileName } from "~/domain/workout-zwo";
import { planSessionOfUser } from "./training-plan.server";

export type WorkoutFileKind = "zwo" | "fit";

export interface WorkoutFile {
  body: string | Uint8Array;
  fileName: string;
  contentType: string;
}

/** The session `sessionId` of runner `userId` as a `kind` file; null when it is not theirs or does not exist. */
export async function workoutFile(
  context: AppLoadContext,
  userId: string,
  sessionId: string,
  kind: WorkoutFileKind,
): Promise<WorkoutFile | null> {
  const found = await planSessionOfUser(context, userId, sessionId);
  if (!found) return null;
  const fileName = workoutFileName(found.session, kind);
  return kind === "zwo"
    ? { body: sessionToZwo(found.session), fileName, contentType: "application/xml; charset=utf-8" }
    : {
        body: sessionToFit(found.session, { thresholdSpeedMps: found.thresholdSpeedMps }),
        fileName,
        contentType: "application/vnd.ant.fit",
      };
}

/** The download's answer: the file as an attachment, never cached by a shared cache. */
export function workoutFileResponse(file: WorkoutFile): Response {
  // A Uint8Array is a valid body; its type names ArrayBufferLike where the DOM types want ArrayBuffer.
  return new Response(file.body as BodyInit, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
