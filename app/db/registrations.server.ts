// A registration read with its event and format: the one join the runner-facing reads of a registration make
// (its page, its e-mails, its cancellation, its checkout).
import { eq } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { courses, formats, inscriptions } from "./schema";

/** Adds `JOIN courses JOIN formats` of the registration to `SELECT … FROM inscriptions` (built with `.$dynamic()`). */
export function withEvent<T extends SQLiteSelect>(query: T) {
  return query
    .innerJoin(courses, eq(courses.id, inscriptions.course_id))
    .innerJoin(formats, eq(formats.id, inscriptions.format_id));
}
