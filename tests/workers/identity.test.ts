// Issue 40, items 2 and 3: one runner holds at most one place per format, whatever the account. The same account
// cannot register and pay twice for one format (the second try links to the first); several accounts of one person
// (same name and birth date, or the same licence or PPS number) take one place, even all at once.
// docs/decisions/0183-one-runner-one-place.md
import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { foldedNameSql, identityKey } from "../../app/db/identity";
import { RegistrationError } from "../../app/domain/registration";
import { isLocalPaymentProvider } from "../../app/providers/payments-local.server";
import { startRegistration } from "../../app/services/register.server";
import { holdPlace } from "../../app/services/place-hold.server";
import { loadDemoData } from "./helpers";
import { post, sessionCookie } from "./organiser-helpers";
import { enableOrganiserAccount, testContext } from "./payments-helpers";
import { fullFormat, input, join, runners } from "./waitlist-helpers";

const ELODIE = { nom: "Le-Gall", prenom: "Élodie", date_naissance: "1988-03-14", numero_licence: "7654321" };

async function pay(url: string) {
  const context = testContext();
  if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
  await context.payments.paySession(url.split("/").pop()!);
}

const held = async (formatId: string) =>
  Number(
    (
      await env.DB.prepare(
        "SELECT count(*) AS n FROM inscriptions WHERE format_id = ? AND (statut = 'validee' OR (statut = 'en_attente' AND hold_expires_at > ?))",
      )
        .bind(formatId, new Date().toISOString())
        .first<{ n: number }>()
    )?.n,
  );

beforeAll(async () => {
  await loadDemoData();
  await enableOrganiserAccount(testContext());
});

describe("the same account", () => {
  it("cannot register and pay twice for one format: the second try is refused and links to the first", async () => {
    const f = await fullFormat({ cap: 10 });
    const [a] = await runners(1);
    const first = await startRegistration(
      testContext(),
      a,
      f.courseId,
      await input(f.courseId, f.formatId, a, "register"),
    );
    await pay(first.url);
    const again = startRegistration(testContext(), a, f.courseId, await input(f.courseId, f.formatId, a, "register"));
    await expect(again).rejects.toMatchObject({ code: "deja_inscrit", inscriptionId: first.inscriptionId });
    expect(await held(f.formatId)).toBe(1);

    // The registration form says so in French, with a link to the first registration.
    const form = new FormData();
    for (const [k, v] of Object.entries(await formOf(f.formatId, a))) form.append(k, String(v));
    const res = await post(`/inscription/${f.courseId}`, form, await sessionCookie(a));
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain(`Vous avez déjà une inscription au format ${f.nom.replace("Attente", "Format attente")}`);
    expect(html).toContain(`href="/mon-inscription/${first.inscriptionId}"`);
  });
});

/** The form's fields as the runner `runner` sends them (the values the waiting-list helpers use). */
async function formOf(formatId: string, runner: string) {
  const { values } = await import("./waitlist-helpers");
  const v = values(formatId, `w-${runner}@balise.test`);
  return { ...v, apparaitre_resultats: v.apparaitre_resultats ? "on" : "" };
}

describe("one person, several accounts", () => {
  it.each([
    [
      "the same name and birth date, written differently",
      { nom: "LE GALL", prenom: "elodie", numero_licence: "1111111" },
    ],
    ["the same licence number, another name", { nom: "Autre", prenom: "Nom", date_naissance: "1970-01-01" }],
  ])("%s: the second account is refused", async (_, other) => {
    const f = await fullFormat({ cap: 10 });
    const [a, b] = await runners(2);
    await holdPlace(testContext(), a, f.courseId, await input(f.courseId, f.formatId, a, "register", ELODIE));
    const second = holdPlace(
      testContext(),
      b,
      f.courseId,
      await input(f.courseId, f.formatId, b, "register", { ...ELODIE, ...other }),
    );
    await expect(second).rejects.toMatchObject({ code: "coureur_deja_inscrit" });
    await expect(second).rejects.toBeInstanceOf(RegistrationError);
    expect(await held(f.formatId)).toBe(1);
  });

  it("the same PPS number is the same person", async () => {
    const f = await fullFormat({ cap: 10 });
    const [a, b] = await runners(2);
    const pps = {
      justificatif_type: "pps",
      numero_licence: "",
      pps_identifier: "P1A2B3C4D5",
      pps_expiration: "2027-10-01",
    };
    await holdPlace(testContext(), a, f.courseId, await input(f.courseId, f.formatId, a, "register", pps));
    await expect(
      holdPlace(testContext(), b, f.courseId, await input(f.courseId, f.formatId, b, "register", { ...pps, nom: "X" })),
    ).rejects.toMatchObject({ code: "coureur_deja_inscrit" });
  });

  it("five accounts of one person sent at once on a format of two places take one place", async () => {
    const f = await fullFormat({ cap: 2 });
    const accounts = await runners(5);
    const forms = await Promise.all(
      accounts.map(async (r) => input(f.courseId, f.formatId, r, "register", { ...ELODIE, numero_licence: "" })),
    );
    const results = await Promise.allSettled(accounts.map((r, k) => holdPlace(testContext(), r, f.courseId, forms[k])));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await held(f.formatId)).toBe(1);
  });

  it("namesakes born on other days are different runners; a hold that ended frees the person too", async () => {
    const f = await fullFormat({ cap: 10 });
    const [a, b, c] = await runners(3);
    const first = await holdPlace(
      testContext(),
      a,
      f.courseId,
      await input(f.courseId, f.formatId, a, "register", ELODIE),
    );
    await holdPlace(
      testContext(),
      b,
      f.courseId,
      await input(f.courseId, f.formatId, b, "register", {
        ...ELODIE,
        date_naissance: "1990-07-01",
        numero_licence: "2222222",
      }),
    );
    await env.DB.prepare("UPDATE inscriptions SET hold_expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), first.inscriptionId)
      .run();
    await holdPlace(testContext(), c, f.courseId, await input(f.courseId, f.formatId, c, "register", ELODIE));
    expect(await held(f.formatId)).toBe(2);
  });

  it("a person with a place does not join the format's waiting list from another account", async () => {
    const f = await fullFormat({ cap: 1 });
    const [a, b] = await runners(2);
    await holdPlace(testContext(), a, f.courseId, await input(f.courseId, f.formatId, a, "register", ELODIE));
    await expect(join(f.courseId, f.formatId, b, ELODIE)).rejects.toMatchObject({ code: "deja_inscrit" });
  });
});

describe("the person's key", () => {
  it.each([
    ["Élodie", "elodie"],
    ["LE GALL", "legall"],
    ["Le-Gall", "legall"],
    ["D'Artagnan", "dartagnan"],
    ["Çağla Œuvray", "cağlaoeuvray"],
    ["Jean-François", "jeanfrancois"],
    ["ÉRIC L’HÔTE", "ericlhote"],
    ["Ÿves Ñoël", "yvesnoel"],
  ])("the database folds %s as the form's key does: %s", async (name, folded) => {
    const [row] = await testContext().db.all<{ k: string }>(sql`SELECT ${foldedNameSql(sql`${name}`)} AS k`);
    expect(identityKey(name, null, null)).toBe(`${folded}||`);
    expect(`${row.k}||`).toBe(identityKey(name, null, null));
  });

  it("the generated column holds the form's key", async () => {
    const f = await fullFormat({ cap: 10 });
    const [a] = await runners(1);
    const h = await holdPlace(testContext(), a, f.courseId, await input(f.courseId, f.formatId, a, "register", ELODIE));
    const r = await env.DB.prepare("SELECT identite FROM inscriptions WHERE id = ?")
      .bind(h.inscriptionId)
      .first<{ identite: string }>();
    expect(r?.identite).toBe(identityKey(ELODIE.nom, ELODIE.prenom, ELODIE.date_naissance));
    expect(r?.identite).toBe("legall|elodie|1988-03-14");
  });
});
