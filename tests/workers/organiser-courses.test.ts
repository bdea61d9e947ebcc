import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDemoData } from "./helpers";
import { courseForm, get, GPX_TEXT, ORG1, ORG2, PNG_BYTES, post, row, rows, sessionCookie } from "./organiser-helpers";

type Course = {
  id: string;
  nom: string;
  slug: string;
  en_ligne: number;
  lat: number | null;
  lng: number | null;
  organisateur_id: string;
  image_url: string | null;
};
type Format = {
  id: string;
  nom: string;
  prix_cents: number;
  stock_repas: number;
  prix_repas_cents: number;
  prix_total_inscription_cents: number;
  type_epreuve: string;
  distance_km: number | null;
  position: number;
  gpx_url: string | null;
};

let org1 = "";
let org2 = "";

beforeAll(async () => {
  await loadDemoData();
  org1 = await sessionCookie(ORG1.id);
  org2 = await sessionCookie(ORG2.id);
});

async function createCourse(
  nom: string,
  formats: Record<string, string>[] = [{ nom: "Court", prix: "12,50" }],
): Promise<Course> {
  const res = await post("/organisateur/nouvelle-course", courseForm({ nom }, formats), org1);
  expect(res.status).toBe(302);
  const c = await row<Course>("SELECT * FROM courses WHERE nom = ? ORDER BY created_at DESC LIMIT 1", nom);
  expect(c).not.toBeNull();
  return c!;
}

async function snapshot(courseId: string) {
  return {
    course: await row("SELECT * FROM courses WHERE id = ?", courseId),
    formats: await rows("SELECT * FROM formats WHERE course_id = ? ORDER BY position", courseId),
  };
}

describe("create an event", () => {
  it("sends anonymous visitors to /login, remembering the page", async () => {
    const res = await get("/organisateur/nouvelle-course");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Forganisateur%2Fnouvelle-course");
    const space = await get("/organisateur/mon-espace");
    expect(space.headers.get("location")).toContain("/login");
  });

  it("shows the form with a first format block", async () => {
    const res = await get("/organisateur/nouvelle-course", org1);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Créer l&#x27;épreuve");
    expect(html).toContain('name="formats[0].nom"');
    expect(html.toLowerCase()).toContain('enctype="multipart/form-data"');
  });

  it("creates the event and its two formats atomically, unpublished, with cents, defaults and a position", async () => {
    const res = await post(
      "/organisateur/nouvelle-course",
      courseForm({ nom: "Trail des Écrins" }, [
        {
          nom: "Découverte",
          type_epreuve: "trail",
          prix: "12,50",
          stock_repas: "100",
          prix_repas: "8,5",
          distance_km: "12,5",
          date: "2027-06-14",
          heure_depart: "9h30",
        },
        { nom: "", type_epreuve: "ultra", prix: "", stock_repas: "0", prix_repas: "10" },
      ]),
      org1,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/organisateur/mon-espace?message=creee");
    const c = (await row<Course>("SELECT * FROM courses WHERE nom = 'Trail des Écrins'"))!;
    expect(c).toMatchObject({ slug: "trail-des-ecrins", en_ligne: 0, organisateur_id: ORG1.id });
    expect(c.lat).toBeCloseTo(46.03, 1); // Haute-Savoie's centre (local geocoder)
    const fs = await rows<Format & { date: string; heure_depart: string }>(
      "SELECT * FROM formats WHERE course_id = ? ORDER BY position",
      c.id,
    );
    expect(fs).toHaveLength(2);
    expect(fs[0]).toMatchObject({
      nom: "Découverte",
      prix_cents: 1250,
      stock_repas: 100,
      prix_repas_cents: 850,
      prix_total_inscription_cents: 2100,
      distance_km: 12.5,
      date: "2027-06-14",
      heure_depart: "09:30",
    });
    // No meals on sale: the typed meal price is kept (the 'Repas proposé' toggle brings it back) but not counted.
    expect(fs[1]).toMatchObject({
      nom: "Format sans nom",
      type_epreuve: "trail",
      prix_cents: 0,
      stock_repas: 0,
      prix_repas_cents: 1000,
      prix_total_inscription_cents: 0,
    });
    const page = await get(res.headers.get("location")!, org1);
    const html = await page.text();
    expect(html).toContain("Épreuve et formats enregistrés !");
    expect(html).toContain("Trail des Écrins");
  });

  it("gives a second event with the same name another slug", async () => {
    const a = await createCourse("Ronde du Test");
    const b = await createCourse("Ronde du Test");
    expect(a.slug).toBe("ronde-du-test");
    expect(b.slug).toBe("ronde-du-test-2");
  });

  it("keeps what was typed and shows French messages next to the fields", async () => {
    const before = (await row<{ n: number }>("SELECT count(*) AS n FROM courses"))!.n;
    const res = await post(
      "/organisateur/nouvelle-course",
      courseForm({ nom: "", lieu: "Gérardmer", code_postal: "88" }, [
        { nom: "Boucle", prix: "douze euros", distance_km: "15,5" },
      ]),
      org1,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Le nom de l&#x27;épreuve est obligatoire.");
    expect(html).toContain("Code postal invalide");
    expect(html).toContain("Prix invalide");
    expect(html).toContain('value="Gérardmer"');
    expect(html).toContain('value="douze euros"');
    expect(html).toContain('value="15,5"');
    expect((await row<{ n: number }>("SELECT count(*) AS n FROM courses"))!.n).toBe(before);
  });

  it("adds a format without saving, keeping everything typed and the uploaded GPX", async () => {
    const fd = courseForm({ nom: "Brouillon" }, [{ nom: "Premier", prix: "20" }], "add-format");
    fd.append("formats[0].gpx_file", new File([GPX_TEXT], "trace.gpx", { type: "application/gpx+xml" }));
    const before = (await row<{ n: number }>("SELECT count(*) AS n FROM courses"))!.n;
    const res = await post("/organisateur/nouvelle-course", fd, org1);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('name="formats[1].nom"');
    expect(html).toContain('value="Premier"');
    expect(html).toContain('value="Brouillon"');
    const m = /name="formats\[0\]\.gpx_url" value="(\/fichiers\/gpx\/[a-z0-9-]+\.gpx)"/.exec(html);
    expect(m).not.toBeNull();
    expect((await row<{ n: number }>("SELECT count(*) AS n FROM courses"))!.n).toBe(before);
    // Saving afterwards with the hidden field keeps the file attached.
    const save = courseForm({ nom: "Avec trace" }, [{ nom: "Premier", gpx_url: m![1] }, { nom: "Second" }]);
    expect((await post("/organisateur/nouvelle-course", save, org1)).status).toBe(302);
    const c = (await row<Course>("SELECT * FROM courses WHERE nom = 'Avec trace'"))!;
    const f = (await row<Format>("SELECT * FROM formats WHERE course_id = ? AND position = 0", c.id))!;
    expect(f.gpx_url).toBe(m![1]);
  });

  it("does nothing on GET: no event is created by loading the page", async () => {
    const before = (await row<{ n: number }>("SELECT count(*) AS n FROM courses"))!.n;
    await get("/organisateur/nouvelle-course?nom=x&intent=save", org1);
    expect((await row<{ n: number }>("SELECT count(*) AS n FROM courses"))!.n).toBe(before);
  });
});

describe("edit an event", () => {
  it("updates the event, updates one format, deletes one and adds one, in one go", async () => {
    const c = await createCourse("Trail à modifier", [
      { nom: "A", prix: "10" },
      { nom: "B", prix: "20" },
    ]);
    const fs = await rows<Format>("SELECT * FROM formats WHERE course_id = ? ORDER BY position", c.id);
    const page = await get(`/modifier-course/${c.id}`, org1);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`value="${fs[1].id}"`);
    const res = await post(
      `/modifier-course/${c.id}`,
      courseForm({ nom: "Trail modifié", lat: "45,5", lng: "6,5" }, [
        { id: fs[0].id, nom: "A+", prix: "11,20" },
        { nom: "C", prix: "30", stock_repas: "50", prix_repas: "12" },
      ]),
      org1,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/modifier-course/${c.id}?message=modifiee`);
    const after = await rows<Format>("SELECT * FROM formats WHERE course_id = ? ORDER BY position", c.id);
    expect(after.map((f) => [f.nom, f.prix_cents, f.prix_total_inscription_cents])).toEqual([
      ["A+", 1120, 1120],
      ["C", 3000, 4200],
    ]);
    expect(after[0].id).toBe(fs[0].id);
    const course = (await row<Course>("SELECT * FROM courses WHERE id = ?", c.id))!;
    expect(course).toMatchObject({ nom: "Trail modifié", lat: 45.5, lng: 6.5, slug: "trail-a-modifier" }); // slug kept
    expect(await (await get(res.headers.get("location")!, org1)).text()).toContain("Épreuve modifiée avec succès !");
  });

  it("changes the slug only when asked", async () => {
    const c = await createCourse("Nom provisoire");
    const fs = await rows<Format>("SELECT * FROM formats WHERE course_id = ?", c.id);
    await post(
      `/modifier-course/${c.id}`,
      courseForm({ nom: "Nom définitif", update_slug: "on" }, [{ id: fs[0].id, nom: "X" }]),
      org1,
    );
    expect((await row<Course>("SELECT slug FROM courses WHERE id = ?", c.id))!.slug).toBe("nom-definitif");
  });

  it("refuses someone else's event (403) and changes nothing", async () => {
    const c = await createCourse("Trail protégé");
    const before = await snapshot(c.id);
    expect((await get(`/modifier-course/${c.id}`, org2)).status).toBe(403);
    const res = await post(`/modifier-course/${c.id}`, courseForm({ nom: "Piraté" }, [{ nom: "Pirate" }]), org2);
    expect(res.status).toBe(403);
    expect(await snapshot(c.id)).toEqual(before);
    expect((await get("/modifier-course/inconnu-0000", org1)).status).toBe(404);
  });

  it("refuses a hidden format id from another event (404) and changes nothing", async () => {
    const mine = await createCourse("Mon trail");
    const theirs = (await row<{ id: string; course_id: string }>(
      "SELECT f.id, f.course_id FROM formats f JOIN courses c ON c.id = f.course_id WHERE c.organisateur_id = ? LIMIT 1",
      ORG2.id,
    ))!;
    const before = [await snapshot(mine.id), await snapshot(theirs.course_id)];
    const res = await post(
      `/modifier-course/${mine.id}`,
      courseForm({ nom: "Mon trail" }, [{ id: theirs.id, nom: "Volé", prix: "1" }]),
      org1,
    );
    expect(res.status).toBe(404);
    expect([await snapshot(mine.id), await snapshot(theirs.course_id)]).toEqual(before);
  });

  it("refuses to delete a format that has registrations", async () => {
    const corrida = (await row<Course>("SELECT * FROM courses WHERE slug = 'corrida-de-noel-rennes'"))!;
    const fs = await rows<Format>("SELECT * FROM formats WHERE course_id = ? ORDER BY position", corrida.id);
    const used = (await row<{ format_id: string }>(
      "SELECT format_id FROM inscriptions WHERE course_id = ? LIMIT 1",
      corrida.id,
    ))!;
    const kept = fs.filter((f) => f.id !== used.format_id);
    const before = await snapshot(corrida.id);
    const res = await post(
      `/modifier-course/${corrida.id}`,
      courseForm(
        { nom: corrida.nom, lieu: "Rennes", code_postal: "35000", departement: "Ille-et-Vilaine" },
        kept.map((f) => ({ id: f.id, nom: f.nom })),
      ),
      org1,
    );
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Ce format a des inscriptions");
    expect(await snapshot(corrida.id)).toEqual(before);
  });
});

describe("organiser space: duplicate, publish, delete", () => {
  it("lists only my events, newest first, with registrant and meal counts", async () => {
    const res = await get("/organisateur/mon-espace", org2);
    const html = await res.text();
    expect(html).toContain("Trail de la Côte d&#x27;Opale");
    expect(html).not.toContain("Trail des Aiguilles Rouges");
    // Newest first: Côte d'Opale was created 70 days ago, Volcans 80 days ago.
    expect(html.indexOf("Trail de la Côte d&#x27;Opale")).toBeLessThan(html.indexOf("Trail des Volcans"));
    // Meal totals per event: validated registrations only.
    const volcans = (await row<{ id: string; f: string }>(
      "SELECT c.id, f.id AS f FROM courses c JOIN formats f ON f.course_id = c.id WHERE c.slug = 'trail-des-volcans' LIMIT 1",
    ))!;
    for (const [n, statut, repas] of [
      [1, "validee", 2],
      [2, "validee", 3],
      [3, "annulee", 5],
    ] as const) {
      await env.DB.prepare(
        "INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id, nom, prenom, nombre_repas) VALUES (?, ?, ?, ?, ?, 'Test', 'Repas', ?)",
      )
        .bind(`repas-${n}`, volcans.id, volcans.f, statut, `trace-repas-${n}`, repas)
        .run();
    }
    const withMeals = await (await get("/organisateur/mon-espace", org2)).text();
    expect(withMeals).toContain("5 repas réservés");
    expect(withMeals).toContain("2 inscrits");
    const same = await get("/mon-espace-organisateur", org2);
    expect(same.status).toBe(200);
    expect(await same.text()).toContain("Trail de la Côte d&#x27;Opale");
    const mine = await (await get("/organisateur/mon-espace", org1)).text();
    expect(mine).toContain("Hors-ligne");
    expect(mine).toContain("Publiée");
    expect(mine).toContain("/organisateur/inscriptions/");
    const formats = await (await get("/organisateur/liste-epreuves", org1)).text();
    expect(formats).toContain("Course enfants 1 km");
    expect(formats).toContain("3 / 3");
    expect(formats).not.toContain("Trail des Volcans");
  });

  it("duplicates an event with all its formats, unpublished, and only for its owner", async () => {
    const src = (await row<Course>("SELECT * FROM courses WHERE slug = 'trail-des-aiguilles-rouges'"))!;
    const refused = await post("/organisateur/mon-espace", { intent: "duplicate", courseId: src.id }, org2);
    expect(refused.status).toBe(403);
    const res = await post("/organisateur/mon-espace", { intent: "duplicate", courseId: src.id }, org1);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/organisateur/mon-espace?message=copiee");
    const copy = (await row<Course>("SELECT * FROM courses WHERE nom = 'Trail des Aiguilles Rouges (copie)'"))!;
    expect(copy).toMatchObject({ en_ligne: 0, slug: "trail-des-aiguilles-rouges-copie", organisateur_id: ORG1.id });
    const a = await rows<Format>(
      "SELECT nom, prix_cents, gpx_url, position FROM formats WHERE course_id = ? ORDER BY position",
      src.id,
    );
    const b = await rows<Format>(
      "SELECT nom, prix_cents, gpx_url, position FROM formats WHERE course_id = ? ORDER BY position",
      copy.id,
    );
    expect(b).toEqual(a);
    expect(b.length).toBe(3);
  });

  it("refuses to publish without a charges-enabled payment account, then publishes", async () => {
    // The demo organiser has an activated local account: take it back to "cannot take payments" first.
    await env.DB.prepare("UPDATE profils_utilisateurs SET stripe_charges_enabled = 0 WHERE user_id = ?")
      .bind(ORG1.id)
      .run();
    const c = await createCourse("Trail à publier");
    const res = await post("/organisateur/mon-espace", { intent: "publish", courseId: c.id }, org1);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Impossible de publier");
    expect((await row<Course>("SELECT en_ligne FROM courses WHERE id = ?", c.id))!.en_ligne).toBe(0);
    const page = await (await get("/organisateur/mon-espace", org1)).text();
    expect(page).toContain("configurer un compte de paiement");
    expect(page).toContain('href="/monprofilorganisateur"');

    await env.DB.prepare("UPDATE profils_utilisateurs SET stripe_charges_enabled = 1 WHERE user_id = ?")
      .bind(ORG1.id)
      .run();
    expect((await post("/organisateur/mon-espace", { intent: "publish", courseId: c.id }, org2)).status).toBe(403);
    const ok = await post("/organisateur/mon-espace", { intent: "publish", courseId: c.id }, org1);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/organisateur/mon-espace?message=publiee");
    expect((await row<Course>("SELECT en_ligne FROM courses WHERE id = ?", c.id))!.en_ligne).toBe(1);
    const off = await post("/organisateur/mon-espace", { intent: "unpublish", courseId: c.id }, org1);
    expect(off.headers.get("location")).toBe("/organisateur/mon-espace?message=hors-ligne");
    expect((await row<Course>("SELECT en_ligne FROM courses WHERE id = ?", c.id))!.en_ligne).toBe(0);
  });

  it("refuses to publish when the conditions were accepted in another version", async () => {
    await env.DB.prepare(
      "UPDATE profils_utilisateurs SET stripe_charges_enabled = 1, conditions_version = '2024-01-01' WHERE user_id = ?",
    )
      .bind(ORG2.id)
      .run();
    const c = (await row<Course>("SELECT * FROM courses WHERE organisateur_id = ? LIMIT 1", ORG2.id))!;
    await env.DB.prepare("UPDATE courses SET en_ligne = 0 WHERE id = ?").bind(c.id).run();
    const res = await post("/organisateur/mon-espace", { intent: "publish", courseId: c.id }, org2);
    expect(res.status).toBe(409);
    expect((await row<Course>("SELECT en_ligne FROM courses WHERE id = ?", c.id))!.en_ligne).toBe(0);
  });

  it("deletes an event after a confirmation page, only for its owner", async () => {
    const c = await createCourse("Trail à supprimer", [{ nom: "A" }, { nom: "B" }]);
    const page = await get(`/organisateur/supprimer/${c.id}`, org1);
    expect(await page.text()).toContain("Supprimer définitivement cette épreuve ? Cette action est irréversible.");
    expect((await get(`/organisateur/supprimer/${c.id}`, org2)).status).toBe(403);
    expect((await post(`/organisateur/supprimer/${c.id}`, { intent: "delete" }, org2)).status).toBe(403);
    expect(await row("SELECT id FROM courses WHERE id = ?", c.id)).not.toBeNull();
    const res = await post(`/organisateur/supprimer/${c.id}`, { intent: "delete" }, org1);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/organisateur/mon-espace?message=supprimee");
    expect(await row("SELECT id FROM courses WHERE id = ?", c.id)).toBeNull();
    expect(await rows("SELECT id FROM formats WHERE course_id = ?", c.id)).toEqual([]);
  });

  it("refuses to delete an event with paid registrations and offers to take it offline", async () => {
    const corrida = (await row<Course>("SELECT * FROM courses WHERE slug = 'corrida-de-noel-rennes'"))!;
    const page = await (await get(`/organisateur/supprimer/${corrida.id}`, org1)).text();
    expect(page).toContain("inscriptions payées");
    expect(page).toContain("Mettre hors-ligne");
    const res = await post(`/organisateur/supprimer/${corrida.id}`, { intent: "delete" }, org1);
    expect(res.status).toBe(409);
    expect(await row("SELECT id FROM courses WHERE id = ?", corrida.id)).not.toBeNull();
    const off = await post(`/organisateur/supprimer/${corrida.id}`, { intent: "unpublish" }, org1);
    expect(off.status).toBe(302);
    expect((await row<Course>("SELECT en_ligne FROM courses WHERE id = ?", corrida.id))!.en_ligne).toBe(0);
  });
});

describe("uploads to R2", () => {
  function withFile(field: string, file: File, course: Record<string, string> = {}) {
    const fd = courseForm({ nom: "Trail des fichiers", ...course }, [{ nom: "Format" }]);
    fd.append(field, file);
    return fd;
  }

  it("refuses a PNG renamed .pdf as the regulation", async () => {
    const res = await post(
      "/organisateur/nouvelle-course",
      withFile("formats[0].reglement_file", new File([PNG_BYTES], "reglement.pdf", { type: "application/pdf" })),
      org1,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Le règlement doit être un fichier PDF.");
  });

  it("refuses a 6 MB image", async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(PNG_BYTES);
    const res = await post(
      "/organisateur/nouvelle-course",
      withFile("image_file", new File([big], "photo.png", { type: "image/png" })),
      org1,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Image trop lourde\u00a0: 5 Mo au plus.");
  });

  it("refuses a text file named .gpx", async () => {
    const res = await post(
      "/organisateur/nouvelle-course",
      withFile("formats[0].gpx_file", new File(["ceci n'est pas une trace"], "trace.gpx")),
      org1,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/GPX/);
    expect(await row("SELECT id FROM courses WHERE nom = 'Trail des fichiers'")).toBeNull();
  });

  it("stores a valid GPX, records its owner, and serves it with safe headers", async () => {
    const res = await post(
      "/organisateur/nouvelle-course",
      withFile("formats[0].gpx_file", new File([GPX_TEXT], "ma-trace.gpx"), { nom: "Trail GPX" }),
      org1,
    );
    expect(res.status).toBe(302);
    const c = (await row<Course>("SELECT * FROM courses WHERE nom = 'Trail GPX'"))!;
    const f = (await row<Format>("SELECT * FROM formats WHERE course_id = ?", c.id))!;
    expect(f.gpx_url).toMatch(/^\/fichiers\/gpx\/[0-9a-f-]+\.gpx$/);
    const key = f.gpx_url!.replace("/fichiers/", "");
    expect(await row("SELECT owner_id, kind, content_type FROM fichiers WHERE key = ?", key)).toEqual({
      owner_id: ORG1.id,
      kind: "gpx",
      content_type: "application/gpx+xml",
    });
    const file = await get(f.gpx_url!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/gpx+xml");
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("cache-control")).toContain("immutable");
    expect(await file.text()).toBe(GPX_TEXT);
  });

  it("replacing an image deletes the old object once saved; a duplicate's shared file is kept", async () => {
    const res = await post(
      "/organisateur/nouvelle-course",
      withFile("image_file", new File([PNG_BYTES], "a.png"), { nom: "Trail image" }),
      org1,
    );
    expect(res.status).toBe(302);
    const c = (await row<Course>("SELECT * FROM courses WHERE nom = 'Trail image'"))!;
    const oldKey = c.image_url!.replace("/fichiers/", "");
    expect(await env.FILES.head(oldKey)).not.toBeNull();
    const f = (await row<Format>("SELECT * FROM formats WHERE course_id = ?", c.id))!;

    // A duplicate shares the image: replacing it on the original must not delete the copy's file.
    await post("/organisateur/mon-espace", { intent: "duplicate", courseId: c.id }, org1);
    const fd = courseForm({ nom: "Trail image", image_url: c.image_url! }, [{ id: f.id, nom: "Format" }]);
    fd.append("image_file", new File([PNG_BYTES], "b.png"));
    expect((await post(`/modifier-course/${c.id}`, fd, org1)).status).toBe(302);
    const updated = (await row<Course>("SELECT * FROM courses WHERE id = ?", c.id))!;
    expect(updated.image_url).not.toBe(c.image_url);
    expect(await env.FILES.head(oldKey)).not.toBeNull();

    // Once the copy is deleted nothing points to the old image any more: it goes with it.
    const copy = (await row<Course>("SELECT * FROM courses WHERE nom = 'Trail image (copie)'"))!;
    expect((await post(`/organisateur/supprimer/${copy.id}`, { intent: "delete" }, org1)).status).toBe(302);
    expect(await env.FILES.head(oldKey)).toBeNull();
    expect(await row("SELECT key FROM fichiers WHERE key = ?", oldKey)).toBeNull();
    const newKey = updated.image_url!.replace("/fichiers/", "");
    expect(await env.FILES.head(newKey)).not.toBeNull();
  });
});
