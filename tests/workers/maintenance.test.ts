import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "~/providers/clock";
import { parseRegistration } from "~/domain/registration";
import { runMaintenance } from "~/services/maintenance.server";
import { startRegistration } from "~/services/register.server";
import { loadRegistrationPage } from "~/services/registration-page.server";
import { loadDemoData, registrationValues } from "./helpers";
import { enableOrganiserAccount, ORGANISER_ID, testContext } from "./payments-helpers";

const T0 = "2026-11-21T10:00:00.000Z";
const LATER = "2026-11-21T10:45:00.000Z"; // past the hold (the checkout session lasts 31 minutes)

async function oneFormatEvent(cap: number) {
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  const runnerId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Course maintenance', 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, ORGANISER_ID, `maintenance-${courseId.slice(0, 8)}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, nb_max_coureurs) VALUES (?, ?, 'Format maintenance', '2027-06-12', '08:30', 2500, ?)",
    ).bind(formatId, courseId, cap),
    env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(
      runnerId,
      `m-${runnerId}@balise.test`,
    ),
  ]);
  return { courseId, formatId, runnerId };
}

describe("scheduled maintenance", () => {
  beforeAll(async () => {
    await loadDemoData();
    await enableOrganiserAccount(testContext());
  });

  it("closes unpaid holds once they have expired, and only those", async () => {
    const { courseId, formatId, runnerId } = await oneFormatEvent(1);
    const at0 = testContext(fixedClock(T0));
    const page = await loadRegistrationPage(at0, courseId);
    const parsed = parseRegistration(
      registrationValues(formatId, {
        nom: "Martin",
        prenom: "Léa",
        date_naissance: "1990-01-01",
        email: "lea@balise.test",
        justificatif_type: "pps",
        numero_licence: "",
        pps_identifier: "P9F28C586EB",
        pps_expiration: "2027-06-30",
      }),
      page!.formats,
      "2026-11-21",
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const { inscriptionId } = await startRegistration(at0, runnerId, courseId, parsed.data);

    // Before expiry: nothing to do.
    expect((await runMaintenance(testContext(fixedClock("2026-11-21T10:10:00.000Z")))).expiredHolds).toBe(0);
    const before = await env.DB.prepare("SELECT statut FROM inscriptions WHERE id = ?")
      .bind(inscriptionId)
      .first<{ statut: string }>();
    expect(before!.statut).toBe("en_attente");

    const report = await runMaintenance(testContext(fixedClock(LATER)));
    expect(report.expiredHolds).toBe(1);
    expect(report.errors).toBe(0);
    const after = await env.DB.prepare("SELECT statut, hold_expires_at FROM inscriptions WHERE id = ?")
      .bind(inscriptionId)
      .first<{ statut: string; hold_expires_at: string | null }>();
    expect(after!.statut).toBe("annulee");
    expect(after!.hold_expires_at).toBeNull();
    // A second run finds nothing left.
    expect((await runMaintenance(testContext(fixedClock(LATER)))).expiredHolds).toBe(0);
  });

  it("renews the catalogue's next dates that went by, and moves the catalogue's day to today (decision 0172)", async () => {
    // Far enough ahead of any real day the migration started the catalogue's day at.
    const courseId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Course renouvelée', 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
      ).bind(courseId, ORGANISER_ID, `renouvelee-${courseId.slice(0, 8)}`),
      env.DB.prepare(
        "INSERT INTO formats (id, course_id, nom, date, prix_cents) VALUES (?1 || '-a', ?1, 'A', '2031-01-05', 1000), (?1 || '-b', ?1, 'B', '2031-02-01', 1000)",
      ).bind(courseId),
    ]);
    const nextDate = () =>
      env.DB.prepare("SELECT next_date FROM course_stats WHERE course_id = ?")
        .bind(courseId)
        .first<string>("next_date");
    expect(await nextDate()).toBe("2031-01-05");
    const report = await runMaintenance(testContext(fixedClock("2031-01-10T09:00:00.000Z")));
    expect(report.renewedNextDates).toBeGreaterThanOrEqual(1);
    expect(report.errors).toBe(0);
    expect(await nextDate()).toBe("2031-02-01");
    expect(await env.DB.prepare("SELECT jour FROM catalogue_jour").first<string>("jour")).toBe("2031-01-10");
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM course_stats WHERE next_date < '2031-01-10'").first<number>("n"),
    ).toBe(0);
  });

  it("deletes old uploads no event references, keeps referenced and recent ones", async () => {
    const old = "2026-11-01T00:00:00.000Z";
    const orphan = `courses/orphan-${crypto.randomUUID()}.png`;
    const used = `gpx/used-${crypto.randomUUID()}.gpx`;
    const recent = `courses/recent-${crypto.randomUUID()}.png`;
    for (const key of [orphan, used, recent]) await env.FILES.put(key, "x");
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO fichiers (key, owner_id, kind, content_type, size, created_at) VALUES (?, ?, 'course_image', 'image/png', 1, ?)",
      ).bind(orphan, ORGANISER_ID, old),
      env.DB.prepare(
        "INSERT INTO fichiers (key, owner_id, kind, content_type, size, created_at) VALUES (?, ?, 'gpx', 'application/gpx+xml', 1, ?)",
      ).bind(used, ORGANISER_ID, old),
      env.DB.prepare(
        "INSERT INTO fichiers (key, owner_id, kind, content_type, size, created_at) VALUES (?, ?, 'course_image', 'image/png', 1, ?)",
      ).bind(recent, ORGANISER_ID, "2026-11-21T09:00:00.000Z"),
      env.DB.prepare("UPDATE formats SET gpx_url = ? WHERE id = (SELECT id FROM formats ORDER BY id LIMIT 1)").bind(
        `/fichiers/${used}`,
      ),
    ]);
    const report = await runMaintenance(testContext(fixedClock(LATER)));
    expect(report.deletedFiles).toBe(1);
    expect(await env.FILES.get(orphan)).toBeNull();
    expect(await env.FILES.get(used)).not.toBeNull();
    expect(await env.FILES.get(recent)).not.toBeNull();
  });

  it("purges login attempts older than a day, keeps the recent ones the limits count", async () => {
    const email = `purge-${crypto.randomUUID()}@balise.test`;
    const at = (iso: string, success: number) =>
      env.DB.prepare(
        "INSERT INTO login_attempts (email, ip, success, created_at) VALUES (?, '203.0.113.9', ?, ?)",
      ).bind(email, success, iso);
    await env.DB.batch([
      at("2026-11-19T10:00:00.000Z", 0),
      at("2026-11-20T10:44:59.000Z", 1),
      at("2026-11-20T10:45:01.000Z", 0),
      at("2026-11-21T10:40:00.000Z", 0),
    ]);
    const report = await runMaintenance(testContext(fixedClock(LATER)));
    expect(report.purgedLoginAttempts).toBeGreaterThanOrEqual(2);
    const left = await env.DB.prepare("SELECT created_at FROM login_attempts WHERE email = ? ORDER BY created_at")
      .bind(email)
      .all<{ created_at: string }>();
    expect(left.results.map((r) => r.created_at)).toEqual(["2026-11-20T10:45:01.000Z", "2026-11-21T10:40:00.000Z"]);
    expect((await runMaintenance(testContext(fixedClock(LATER)))).purgedLoginAttempts).toBe(0);
  });
});
