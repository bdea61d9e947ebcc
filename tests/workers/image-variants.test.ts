// An event image's phone sizes (issue 46, decision 0223): made at upload with the Images binding (run here through
// Sharp), stored in R2 beside the original, used by the cards, the hero and the shared picture; older images get
// them from the cron's job, once.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { IMAGE_ROLES, MAX_BYTES, serializeVariants, VARIANTS, variantKey } from "../../app/domain/image-variants";
import { backfillImageVariants } from "../../app/services/image-variants.server";
import { photoPng } from "../support/photo-png";
import { loadDemoData } from "./helpers";
import { courseForm, get, ORG1, PNG_BYTES, post, row, sessionCookie } from "./organiser-helpers";
import { account, testContext } from "./payments-helpers";

const ALL = serializeVariants(VARIANTS.map((v) => v.name));
/** The hero sizes phones get, narrowest screen first: the 400 (upright phones) and the 640. */
const PHONE_HEROES = IMAGE_ROLES.hero.phones ?? [];
const NAME = "Trail des Vignettes Légères";
let org1: string;
let key: string;
let courseSlug: string;

/** The date of a format two months ahead (the catalogue lists events to come). */
function future(): string {
  return new Date(Date.now() + 60 * 86400_000).toISOString().slice(0, 10);
}

async function createWithImage(nom: string, image: File): Promise<{ id: string; slug: string; image_url: string }> {
  const fd = courseForm({ nom }, [{ nom: "Grand tour", date: future(), heure_depart: "08:00" }]);
  fd.append("image_file", image);
  const res = await post("/organisateur/nouvelle-course", fd, org1);
  expect(res.status).toBe(302);
  const c = await row<{ id: string; slug: string; image_url: string }>(
    "SELECT id, slug, image_url FROM courses WHERE nom = ?",
    nom,
  );
  const published = await post("/organisateur/mon-espace", { intent: "publish", courseId: c!.id }, org1);
  expect(published.status).toBe(302);
  return c!;
}

const startsWith = (bytes: Uint8Array, text: string, at = 0) =>
  new TextDecoder().decode(bytes.slice(at, at + text.length)) === text;

beforeAll(async () => {
  await loadDemoData();
  org1 = await sessionCookie(ORG1.id);
  await env.DB.prepare("UPDATE profils_utilisateurs SET stripe_charges_enabled = 1 WHERE user_id = ?")
    .bind(ORG1.id)
    .run();
  const c = await createWithImage(NAME, new File([await photoPng(1600, 900)], "affiche.png", { type: "image/png" }));
  key = c.image_url.replace("/fichiers/", "");
  courseSlug = c.slug;
});

describe("an uploaded 1600-px PNG", () => {
  it("gets every size, recorded on its file's row", async () => {
    expect((await env.FILES.head(key))?.size).toBeGreaterThan(1_000_000);
    expect(await row("SELECT variants FROM fichiers WHERE key = ?", key)).toEqual({ variants: ALL });
  });

  it("has card sizes of at most 15 KB and hero sizes of at most 60 KB (8 KB for upright phones, 16 KB up to 640 px), in WebP; the shared picture in JPEG", async () => {
    const sizes: Record<string, number> = {};
    for (const v of VARIANTS) {
      const object = await env.FILES.get(variantKey(key, v));
      expect(object, v.name).not.toBeNull();
      const bytes = new Uint8Array(await object!.arrayBuffer());
      sizes[v.name] = bytes.byteLength;
      expect(object!.httpMetadata?.contentType).toBe(v.format);
      if (v.format === "image/webp") expect(startsWith(bytes, "RIFF") && startsWith(bytes, "WEBP", 8)).toBe(true);
      else expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      if (v.role === "card") expect(bytes.byteLength, v.name).toBeLessThanOrEqual(MAX_BYTES.card);
      if (v.role === "hero") expect(bytes.byteLength, v.name).toBeLessThanOrEqual(MAX_BYTES.hero);
      if (v.role === "hero" && v.width === PHONE_HEROES[0].width)
        expect(bytes.byteLength, v.name).toBeLessThanOrEqual(MAX_BYTES.phoneHero);
      if (v.role === "hero" && v.width === PHONE_HEROES[1].width)
        expect(bytes.byteLength, v.name).toBeLessThanOrEqual(MAX_BYTES.smallScreenHero);
    }
    console.log("variant sizes (bytes)", JSON.stringify(sizes));
  });

  it("is served in its sizes from our origin", async () => {
    const card = await get(`/fichiers/${variantKey(key, { name: "card-144", format: "image/webp" })}`);
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/webp");
    expect(card.headers.get("cache-control")).toContain("immutable");
  });

  it("shows on the list's card by srcset, with its width and height, loaded lazily", async () => {
    const html = await (await get(`/courses?q=${encodeURIComponent("Vignettes Légères")}`)).text();
    const img = html.match(/<img class="card-thumb"[^>]*>/)?.[0] ?? "";
    const url = (name: string) => `/fichiers/${key.replace(/\.png$/, `.${name}.webp`)}`;
    expect(img).toContain(`src="${url("card-144")}"`);
    expect(img).toContain(`srcSet="${url("card-96")} 96w, ${url("card-144")} 144w, ${url("card-216")} 216w"`);
    expect(img).toContain('sizes="72px"');
    expect(img).toContain('width="72"');
    expect(img).toContain('height="72"');
    expect(img).toContain('loading="lazy"');
    expect(html).not.toContain(`src="/fichiers/${key}"`);
  });

  it("shows on the runner's /mesinscriptions card by its card sizes, not as uploaded", async () => {
    const runner = await account("vignette");
    const f = await row<{ id: string; course_id: string }>(
      "SELECT f.id, f.course_id FROM formats f JOIN courses c ON c.id = f.course_id WHERE c.slug = ?",
      courseSlug,
    );
    await env.DB.prepare(
      `INSERT INTO inscriptions (id, course_id, format_id, coureur_id, statut, paiement_trace_id, nom, prenom, email)
       VALUES (?, ?, ?, ?, 'validee', ?, 'Vignette', 'Léa', ?)`,
    )
      .bind(crypto.randomUUID(), f!.course_id, f!.id, runner.id, crypto.randomUUID(), runner.email)
      .run();
    const html = await (await get("/mesinscriptions", await sessionCookie(runner.id))).text();
    expect(html).toContain("Grand tour");
    const img = html.match(/<img class="reg-card-img"[^>]*>/)?.[0] ?? "";
    const url = (name: string) => `/fichiers/${key.replace(/\.png$/, `.${name}.webp`)}`;
    expect(img).toContain(`src="${url("card-144")}"`);
    expect(img).toContain(`srcSet="${url("card-96")} 96w, ${url("card-144")} 144w, ${url("card-216")} 216w"`);
    expect(img).toContain('sizes="72px"');
    expect(img).toContain('width="72"');
    expect(img).toContain('height="72"');
    expect(img).toContain('loading="lazy"');
    expect(html).not.toContain(`src="/fichiers/${key}"`);
  });

  it("is the event page's hero by srcset, first and eager, and its shared picture is the 1200 × 630", async () => {
    const html = await (await get(`/courses/${courseSlug}`)).text();
    const img = html.match(/<img class="course-hero-img"[^>]*>/)?.[0] ?? "";
    const url = (name: string) => `/fichiers/${key.replace(/\.png$/, `.${name}.webp`)}`;
    expect(img).toContain(`src="${url("hero-960")}"`);
    expect(img).toContain(
      `${url("hero-400")} 400w, ${url("hero-640")} 640w, ${url("hero-960")} 960w, ${url("hero-1280")} 1280w`,
    );
    expect(img).toContain('sizes="100vw"');
    expect(img).toContain('width="1600"');
    expect(img).toContain('height="900"');
    expect(img).toContain('loading="eager"');
    expect(img).toContain('fetchpriority="high"');
    // Upright phones get the 400, other screens up to 640 CSS pixels the 640 (decisions 0236 and 0238), by the
    // <picture>'s sources before the <img>.
    expect(html).toContain(
      `<picture><source media="(max-width: 440px)" srcSet="${url("hero-400")}"/><source media="(max-width: 640px)" srcSet="${url("hero-640")}"/><img class="course-hero-img"`,
    );
    const social = `http://localhost:8787/fichiers/${key.replace(/\.png$/, ".social-1200.jpg")}`;
    expect(html).toContain(`<meta property="og:image" content="${social}"/>`);
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="630"/>');
  });
});

describe("an image without sizes", () => {
  it("shows as uploaded (no srcset) until the cron's job makes them, which makes them once", async () => {
    // An image of before: stored, recorded, no sizes yet.
    const c = await createWithImage("Trail des Anciennes Affiches", new File([PNG_BYTES], "vieille.png"));
    const oldKey = c.image_url.replace("/fichiers/", "");
    await env.FILES.put(oldKey, await photoPng(1200, 800, 7), { httpMetadata: { contentType: "image/png" } });
    await env.DB.prepare("UPDATE fichiers SET variants = NULL WHERE key = ?").bind(oldKey).run();
    const before = await (await get(`/courses?q=${encodeURIComponent("Anciennes Affiches")}`)).text();
    const img = before.match(/<img class="card-thumb"[^>]*>/)?.[0] ?? "";
    expect(img).toContain(`src="${c.image_url}"`);
    expect(img).not.toContain("srcSet");
    expect(img).toContain('width="72"');

    // A broken image (its bytes are no picture) is tried once, then left as it is.
    const broken = await createWithImage("Trail de l'Affiche Cassée", new File([PNG_BYTES], "cassee.png"));
    const brokenKey = broken.image_url.replace("/fichiers/", "");
    await env.DB.prepare("UPDATE fichiers SET variants = NULL WHERE key = ?").bind(brokenKey).run();

    const first = await backfillImageVariants(testContext(), 50);
    expect(first).toEqual({ made: 1, failed: 1 });
    const made = "card-96,card-144,card-216,hero-400,hero-640,hero-960,social-1200";
    expect(await row("SELECT variants FROM fichiers WHERE key = ?", oldKey)).toEqual({ variants: made });
    expect(await row("SELECT variants FROM fichiers WHERE key = ?", brokenKey)).toEqual({ variants: "" });
    const etags = await Promise.all(VARIANTS.map(async (v) => (await env.FILES.head(variantKey(oldKey, v)))?.etag));
    // 1200 × 800 is not enough for the 1280-wide hero: that size is not made (an enlargement).
    expect(etags.filter(Boolean)).toHaveLength(7);

    // Run again, in parallel: nothing is left to do, nothing is made again.
    const again = await Promise.all([backfillImageVariants(testContext(), 50), backfillImageVariants(testContext())]);
    expect(again).toEqual([
      { made: 0, failed: 0 },
      { made: 0, failed: 0 },
    ]);
    expect(await Promise.all(VARIANTS.map(async (v) => (await env.FILES.head(variantKey(oldKey, v)))?.etag))).toEqual(
      etags,
    );

    const after = await (await get(`/courses?q=${encodeURIComponent("Anciennes Affiches")}`)).text();
    expect(after.match(/<img class="card-thumb"[^>]*>/)?.[0]).toContain(
      `srcSet="/fichiers/${oldKey.replace(/\.png$/, ".card-96.webp")} 96w`,
    );
  });

  it("sizes made before the phones' 400 existed are made again by the cron's job, then left alone", async () => {
    const c = await createWithImage(
      "Trail des Affiches d'Avant",
      new File([await photoPng(1600, 900, 3)], "avant.png"),
    );
    const oldKey = c.image_url.replace("/fichiers/", "");
    const before400 = "card-96,card-144,card-216,hero-640,hero-960,hero-1280,social-1200";
    await env.DB.prepare("UPDATE fichiers SET variants = ? WHERE key = ?").bind(before400, oldKey).run();
    await env.FILES.delete(variantKey(oldKey, { name: "hero-400", format: "image/webp" }));
    const page = await (await get(`/courses/${c.slug}`)).text();
    expect(page).toContain(
      `<source media="(max-width: 440px)" srcSet="/fichiers/${oldKey.replace(/\.png$/, ".hero-640.webp")}"/>`,
    );

    const runs = await Promise.all([
      backfillImageVariants(testContext(), 50),
      backfillImageVariants(testContext(), 50),
    ]);
    expect(runs.reduce((n, r) => n + r.made, 0)).toBeGreaterThanOrEqual(1);
    expect(await row("SELECT variants FROM fichiers WHERE key = ?", oldKey)).toEqual({ variants: ALL });
    expect(await env.FILES.head(variantKey(oldKey, { name: "hero-400", format: "image/webp" }))).not.toBeNull();
    expect(await backfillImageVariants(testContext(), 50)).toEqual({ made: 0, failed: 0 });
    const after = await (await get(`/courses/${c.slug}`)).text();
    expect(after).toContain(
      `<source media="(max-width: 440px)" srcSet="/fichiers/${oldKey.replace(/\.png$/, ".hero-400.webp")}"/>`,
    );
  });

  it("sizes made before the 400 keep their list when making them again fails, and are tried again", async () => {
    const c = await createWithImage("Trail des Affiches Fragiles", new File([await photoPng(1600, 900, 5)], "f.png"));
    const key = c.image_url.replace("/fichiers/", "");
    const before400 = "card-96,card-144,card-216,hero-640,hero-960,hero-1280,social-1200";
    await env.DB.prepare("UPDATE fichiers SET variants = ? WHERE key = ?").bind(before400, key).run();
    const original = await (await env.FILES.get(key))!.arrayBuffer();
    await env.FILES.put(key, PNG_BYTES, { httpMetadata: { contentType: "image/png" } });

    expect(await backfillImageVariants(testContext(), 50)).toEqual({ made: 0, failed: 1 });
    expect(await row("SELECT variants FROM fichiers WHERE key = ?", key)).toEqual({ variants: before400 });
    const page = await (await get(`/courses/${c.slug}`)).text();
    expect(page).toContain(`srcSet="/fichiers/${key.replace(/\.png$/, ".hero-640.webp")}"`);

    await env.FILES.put(key, original, { httpMetadata: { contentType: "image/png" } });
    expect(await backfillImageVariants(testContext(), 50)).toEqual({ made: 1, failed: 0 });
    expect(await row("SELECT variants FROM fichiers WHERE key = ?", key)).toEqual({ variants: ALL });
  });

  it("its sizes go with it when nothing uses it any more", async () => {
    const c = await row<{ id: string }>("SELECT id FROM courses WHERE nom = ?", NAME);
    const f = await row<{ id: string }>("SELECT id FROM formats WHERE course_id = ?", c!.id);
    const fd = courseForm({ nom: NAME, image_url: "" }, [{ id: f!.id, nom: "Grand tour", date: future() }]);
    fd.append("image_remove", "on");
    expect((await post(`/modifier-course/${c!.id}`, fd, org1)).status).toBe(302);
    expect(await env.FILES.head(key)).toBeNull();
    for (const v of VARIANTS) expect(await env.FILES.head(variantKey(key, v)), v.name).toBeNull();
    expect(await row("SELECT key FROM fichiers WHERE key = ?", key)).toBeNull();
  });
});
