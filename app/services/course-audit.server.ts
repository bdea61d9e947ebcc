// The journal's record of an edit of an event and its formats (decision 0212): the saved state read again and
// compared with the state before the save.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { courseChanges } from "~/domain/course-audit";
import { recordAction } from "./audit.server";
import { type Actor, getCourseForOwner } from "./courses.server";

type Snapshot = Awaited<ReturnType<typeof getCourseForOwner>>;

/** Records what the save changed in the event `before` (nothing when nothing did). */
export async function auditCourseEdit(context: AppLoadContext, actor: Actor, before: Snapshot): Promise<void> {
  const after = await getCourseForOwner(context.db, actor, before.course.id, { needs: "epreuve" });
  const changes = courseChanges(before, after);
  if (changes.length === 0) return;
  const target = { courseId: after.course.id, courseNom: after.course.nom, objet: after.course.nom };
  await recordAction(context, actor, "organisateur", "course.modifiee", target, changes);
}
