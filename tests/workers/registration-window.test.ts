// Issue 21 (first part): the organiser's opening and closing times of registrations, enforced on the server. Before
// the opening the event page states it and nothing can be taken, even by a form loaded earlier; from the opening
// instant on, the path is today's.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { parseRegistration, RegistrationError, type RegistrationValues } from "../../app/domain/registration";
import { fixedClock } from "../../app/providers/clock";
import { startRegistration } from "../../app/services/register.server";
import { loadRegistrationPage } from "../../app/services/registration-page.server";
import { loadDemoData, registrationValues } from "./helpers";
import { courseForm, get, ORG1, post, sessionCookie } from "./organiser-helpers";
import { enableOrganiserAccount, ORGANISER_ID, testContext } from "./payments-helpers";

const OPENING = "2027-01-12T09:00:00.000Z"; // 10h00, Paris
const at = (iso: string) => testContext(fixedClock(iso));

async function format(opts: { ouverture?: string | null; cloture?: string | null } = {}) {
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Ouverture', 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, ORGANISER_ID, `ouverture-${courseId.slice(0, 8)}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, nb_max_coureurs, ouverture_inscriptions, cloture_inscriptions) VALUES (?, ?, 'Ultra 80 km', '2027-09-12', '05:00', 9000, 100, ?, ?)",
    ).bind(formatId, courseId, opts.ouverture ?? null, opts.cloture ?? null),
  ]);
  return { courseId, formatId };
}

async function runner(): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')")
    .bind(id, `o-${id}@balise.test`)
    .run();
  return id;
}

function values(formatId: string): RegistrationValues {
  return registrationValues(formatId, {
    nom: "Roux",
    prenom: "Inès",
    genre: "",
    date_naissance: "1990-03-04",
    nationalite: "",
    email: "ines@balise.test",
  });
}

beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
});

describe("opening time", () => {
  it("before it: the form refuses the format with the opening stated, and the server refuses a form loaded earlier", async () => {
    const f = await format({ ouverture: OPENING });
    const before = at("2027-01-12T08:59:59.000Z");
    const page = await loadRegistrationPage(before, f.courseId);
    expect(page!.formats[0].fenetre).toBe("Ouverture des inscriptions le 12 janvier 2027 à 10h00");
    const parsed = parseRegistration(values(f.formatId), page!.formats, "2027-01-12");
    expect(!parsed.ok && parsed.errors.format_id).toBe(
      "Ultra 80 km : Ouverture des inscriptions le 12 janvier 2027 à 10h00.",
    );
    // A page loaded once open (the runner's clock, a tampered form): the atomic hold still checks the opening.
    const openPage = await loadRegistrationPage(at(OPENING), f.courseId);
    const ok = parseRegistration(values(f.formatId), openPage!.formats, "2027-01-12");
    if (!ok.ok) throw new Error(JSON.stringify(ok.errors));
    const r = await runner();
    await expect(startRegistration(before, r, f.courseId, ok.data)).rejects.toMatchObject({ code: "hors_periode" });
    expect(
      Number(
        (await env.DB.prepare("SELECT count(*) AS n FROM inscriptions WHERE format_id = ?")
          .bind(f.formatId)
          .first<{ n: number }>())!.n,
      ),
    ).toBe(0);
    // From the opening instant on: today's path.
    const started = await startRegistration(at(OPENING), r, f.courseId, ok.data);
    expect(started.url).toContain("/dev/checkout/");
  });

  it("after the organiser's close: refused", async () => {
    const f = await format({ cloture: "2027-03-01T19:00:00.000Z" });
    const page = await loadRegistrationPage(at("2027-02-01T00:00:00.000Z"), f.courseId);
    const ok = parseRegistration(values(f.formatId), page!.formats, "2027-02-01");
    if (!ok.ok) throw new Error(JSON.stringify(ok.errors));
    await expect(
      startRegistration(at("2027-03-01T19:00:00.000Z"), await runner(), f.courseId, ok.data),
    ).rejects.toBeInstanceOf(RegistrationError);
    expect((await loadRegistrationPage(at("2027-03-02T00:00:00.000Z"), f.courseId))!.formats[0].fenetre).toBe(
      "Inscriptions closes",
    );
  });

  it("the event page states the opening instead of 'S'inscrire'", async () => {
    const future = new Date(Date.now() + 30 * 86_400_000);
    future.setUTCHours(9, 0, 0, 0);
    const f = await format({ ouverture: future.toISOString() });
    const html = await (await get(`/courses/${f.courseId}?onglet=formats`)).text();
    expect(html).toContain("Ouverture des inscriptions le ");
    expect(html).not.toContain(`href="/inscription/${f.courseId}`);
  });

  it("the organiser sets it in the event form, in Paris time, and finds it as typed", async () => {
    const f = await format();
    const org = await sessionCookie(ORG1.id);
    const res = await post(
      `/modifier-course/${f.courseId}`,
      courseForm(
        {
          nom: "Ouverture",
          lieu: "Annecy",
          code_postal: "74000",
          departement: "Haute-Savoie",
          lat: "45,9",
          lng: "6,1",
        },
        [
          {
            id: f.formatId,
            nom: "Ultra 80 km",
            prix: "90",
            date: "2027-09-12",
            heure_depart: "05:00",
            nb_max_coureurs: "100",
            ouverture_date: "12/01/2027",
            ouverture_heure: "10:00",
          },
        ],
      ),
      org,
    );
    expect(res.status).toBe(302);
    const row = await env.DB.prepare("SELECT ouverture_inscriptions, cloture_inscriptions FROM formats WHERE id = ?")
      .bind(f.formatId)
      .first();
    expect(row).toEqual({ ouverture_inscriptions: OPENING, cloture_inscriptions: null });
    const form = await (await get(`/modifier-course/${f.courseId}`, org)).text();
    expect(form).toContain('value="2027-01-12"');
    expect(form).toContain('value="10:00"');
  });
});
