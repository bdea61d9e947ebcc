// Issues 26 and 42: /formats reads at most LIST_MAX_ROWS formats deep. A page beyond says the list is cut there only
// when more formats than that really come; past the last page of a shorter list it is simply empty.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { listUpcomingFormats } from "~/db/catalogue/formats.server";
import { LIST_MAX_ROWS } from "~/domain/catalogue";
import { loadDemoData } from "./helpers";
import { ORGANISER_ID } from "./payments-helpers";

beforeAll(loadDemoData);

describe("/formats beyond LIST_MAX_ROWS", () => {
  it("is 'too deep' only when more than LIST_MAX_ROWS formats come", async () => {
    const db = createDb(env.DB);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listUpcomingFormats(db, today, 99, 20)).tooDeep).toBe(false);
    const courseId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Mille formats', 'Annecy', 'Haute-Savoie', '74000', ?, 1, 'mille-formats')",
    )
      .bind(courseId, ORGANISER_ID)
      .run();
    await env.DB.batch(
      Array.from({ length: LIST_MAX_ROWS + 1 }, (_, k) =>
        env.DB.prepare(
          "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents) VALUES (?, ?, ?, '2027-09-12', '09:00', 1000)",
        ).bind(crypto.randomUUID(), courseId, `Boucle ${k}`),
      ),
    );
    const deep = await listUpcomingFormats(db, today, 99, 20);
    expect(deep).toMatchObject({ rows: [], tooDeep: true, hasNext: false });
  });
});
