import { env } from "cloudflare:test";
import type { RegistrationValues } from "../../app/domain/registration";
import { camille } from "../../app/domain/runner.fixtures";

/** Loads the demo data into the test D1 and R2, the same statements `npm run dev` loads. */
export async function loadDemoData(): Promise<void> {
  const { DEMO_STATEMENTS, DEMO_FILES } = env as Cloudflare.Env & TestBindings;
  const stmts = DEMO_STATEMENTS.map((s) => env.DB.prepare(s));
  for (let i = 0; i < stmts.length; i += 50) await env.DB.batch(stmts.slice(i, i + 50));
  for (const f of DEMO_FILES) await env.FILES.put(f.key, f.body, { httpMetadata: { contentType: f.contentType } });
}

/** The registration form as a runner fills it (licence, no meals), for `formatId`; `over` changes any field. */
export function registrationValues(formatId: string, over: Partial<RegistrationValues> = {}): RegistrationValues {
  return {
    format_id: formatId,
    nom: "Bernard",
    prenom: "Camille",
    genre: "Femme",
    date_naissance: "1991-04-12",
    nationalite: "Française",
    email: "coureur@balise.test",
    telephone: "",
    adresse: "",
    adresse_complement: "",
    code_postal: "",
    ville: "",
    pays: "France",
    club: "",
    justificatif_type: "licence",
    numero_licence: "1234567",
    pps_identifier: "",
    pps_expiration: "",
    contact_urgence_nom: "",
    contact_urgence_telephone: "",
    nombre_repas: "0",
    apparaitre_resultats: true,
    ...over,
  };
}

const people = new Map<string, number>();

/**
 * A person of their own for `seed` (an account's id or e-mail): a birth date (an adult's) and a licence number no other
 * seed gets (the n-th seed of the test file is born n days after 1 January 1960), so that runners of one format are
 * different people (one place per person and format, decision 0183).
 */
export function distinctPerson(seed: string): { date_naissance: string; numero_licence: string } {
  let k = people.get(seed);
  if (k === undefined) {
    k = people.size + 1;
    people.set(seed, k);
  }
  const born = new Date(Date.UTC(1960, 0, 1) + k * 86_400_000).toISOString().slice(0, 10);
  return { date_naissance: born, numero_licence: String(3_000_000 + k) };
}

/** The same form, sent as the person of `seed` (distinctPerson). */
export function asPerson<T extends object>(data: T, seed: string): T {
  return { ...data, ...distinctPerson(seed) };
}

/** The calendar day `n` days after `day` (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/**
 * The self-edit form of the demo runner's registration (coureur@balise.test) as a PPS valid 10 days after
 * `raceDate`, with a file when given; `patch` changes any field.
 */
export function demoSelfEditForm(
  raceDate: string,
  patch: Record<string, string> = {},
  file?: { bytes: Uint8Array; name: string; type: string },
): FormData {
  const fd = new FormData();
  const fields: Record<string, string> = {
    ...camille,
    email: "coureur@balise.test",
    club: "Lyon Trail Club",
    justificatif_type: "pps",
    numero_licence: "",
    pps_identifier: "P9F28C586EB",
    pps_expiration: addDays(raceDate, 10),
    contact_urgence_nom: "Julien Bernard",
    contact_urgence_telephone: "06 98 76 54 32",
    apparaitre_resultats: "on",
    ...patch,
  };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file)
    fd.append(
      "justificatif_document",
      new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }),
    );
  return fd;
}
