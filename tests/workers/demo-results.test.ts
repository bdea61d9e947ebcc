// Demo results (issue 44): the demo's past edition has published results that the public page shows (anonymous
// runners as 'Coureur anonyme', a DNF, a DNS) and coureur@balise.test sees their result on /mesinscriptions; its rows
// are what the publication itself would write (search and sort keys folded by the database, category ranks as the
// organiser's correction recomputes them). Needs `npx remix vite:build`.
import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { correctPublishedResult, type PublishedResult } from "~/db/results.server";
import { foldedNameSql } from "~/db/identity";
import { courseId, DEMO_USERS, formatId } from "~/db/demo-data";
import { DEMO_RESULTS } from "~/db/demo-results";
import { ANONYMOUS_RUNNER } from "~/domain/results";
import * as paths from "~/domain/paths";
import { loadDemoData } from "./helpers";
import { get, rows, sessionCookie } from "./organiser-helpers";
import { testContext } from "./payments-helpers";

let format: string;

beforeAll(async () => {
  await loadDemoData();
  const row = await env.DB.prepare("SELECT f.id FROM formats f JOIN courses c ON c.id = f.course_id WHERE c.slug = ?")
    .bind(DEMO_RESULTS.courseSlug)
    .first<{ id: string }>();
  format = row?.id ?? "";
});

describe("the demo's past edition with published results", () => {
  it("is in the past, published, with every finisher, the anonymous runners, a DNF and a DNS", async () => {
    const f = await env.DB.prepare("SELECT date, course_id FROM formats WHERE id = ?").bind(format).first<{
      date: string;
      course_id: string;
    }>();
    expect((f?.date ?? "9999") < new Date().toISOString().slice(0, 10)).toBe(true);
    const counts = await rows<{ statut: string; n: number; anonymes: number }>(
      "SELECT statut, count(*) AS n, sum(anonyme) AS anonymes FROM resultats WHERE format_id = ? GROUP BY statut ORDER BY statut",
      format,
    );
    expect(counts).toEqual([
      { statut: "classe", n: DEMO_RESULTS.finishers, anonymes: 3 },
      { statut: "dnf", n: 1, anonymes: 0 },
      { statut: "dns", n: 1, anonymes: 0 },
    ]);
    const state = await env.DB.prepare("SELECT publie_at, lignes_publiees FROM resultats_formats WHERE format_id = ?")
      .bind(format)
      .first<{ publie_at: string | null; lignes_publiees: number }>();
    expect(state?.publie_at).not.toBeNull();
    expect(state?.lignes_publiees).toBe(DEMO_RESULTS.finishers + 2);
    // Ranked lines are in time order.
    const ranked = await rows<{ temps_secondes: number }>(
      "SELECT temps_secondes FROM resultats WHERE format_id = ? AND classement IS NOT NULL ORDER BY classement",
      format,
    );
    const times = ranked.map((r) => r.temps_secondes);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("holds what the publication writes: folded keys, the anonymous flag, the category ranks", async () => {
    const db = testContext().db;
    const folded = (expr: string) => foldedNameSql(sql.raw(expr));
    const [wrong] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM resultats r
      JOIN inscriptions i ON i.id = r.inscription_id AND i.format_id = r.format_id AND i.dossard = r.dossard
      WHERE r.format_id = ${format} AND (r.nom_tri != ${folded("coalesce(i.nom, '') || ' ' || coalesce(i.prenom, '')")}
        OR r.recherche != ${folded("coalesce(i.nom, '') || ' ' || coalesce(i.prenom, '') || ' ' || coalesce(i.club, '')")}
        OR r.anonyme != (i.apparaitre_resultats = 0))`);
    expect(wrong.n).toBe(0);
    const linked = await rows<{ n: number }>(
      "SELECT count(*) AS n FROM resultats r JOIN inscriptions i ON i.id = r.inscription_id WHERE r.format_id = ?",
      format,
    );
    expect(linked[0].n).toBe(DEMO_RESULTS.finishers + 2);

    const before = await rows<{ dossard: number; rang_categorie: number | null }>(
      "SELECT dossard, rang_categorie FROM resultats WHERE format_id = ? ORDER BY dossard",
      format,
    );
    expect(before.filter((r) => r.rang_categorie === 1).length).toBeGreaterThan(1);
    // The organiser's correction of one line, with its own values, recomputes every category rank the database's way.
    const line = await env.DB.prepare(
      "SELECT dossard, temps_secondes, classement, categorie, statut FROM resultats WHERE format_id = ? AND dossard = 1",
    )
      .bind(format)
      .first<PublishedResult>();
    expect(await correctPublishedResult(db, format, line as PublishedResult)).toBe(true);
    const after = await rows<{ dossard: number; rang_categorie: number | null }>(
      "SELECT dossard, rang_categorie FROM resultats WHERE format_id = ? ORDER BY dossard",
      format,
    );
    expect(after).toEqual(before);
  });

  it("the public page shows the finishers, anonymous runners as such, and the DNF", async () => {
    const html = await (await get(paths.results(format))).text();
    expect(html).toContain(`Résultats ${DEMO_RESULTS.formatNom}`);
    expect(html.match(new RegExp(ANONYMOUS_RUNNER, "g"))?.length).toBe(3);
    expect(html).toMatch(/>DNF</);
    expect(html).toMatch(/>DNS</);
    expect(html).toContain(`${DEMO_USERS.coureur.prenom} ${DEMO_USERS.coureur.nom}`);
    // Its ids follow the demo numbering: the last event.
    const course = await env.DB.prepare("SELECT course_id FROM formats WHERE id = ?")
      .bind(format)
      .first<string>("course_id");
    expect(course).toBe(courseId(16));
    expect(format).toBe(formatId(16, 0));
  });

  it("coureur@balise.test sees their result on /mesinscriptions", async () => {
    const cookie = await sessionCookie(DEMO_USERS.coureur.id);
    const html = await (await get("/mesinscriptions", cookie)).text();
    const own = html.slice(html.indexOf('data-testid="own-result"'));
    expect(own.slice(0, 200)).toMatch(new RegExp(`Résultat\u00a0:</strong>(<!-- -->| )*${DEMO_RESULTS.runnerBib}e`));
    expect(own).toContain(`sur ${DEMO_RESULTS.finishers} classés`);
    expect(own).toContain(`href="${paths.results(format)}"`);
  });
});
