// Shared set-up of the waiting-list and checkout tests: full formats, runner accounts, registrations paid through the
// local provider, and entries of a format's waiting list.
import { env } from "cloudflare:test";
import { parseRegistration, type RegistrationValues } from "../../app/domain/registration";
import { fixedClock } from "../../app/providers/clock";
import { isLocalPaymentProvider } from "../../app/providers/payments-local.server";
import { startRegistration } from "../../app/services/register.server";
import { loadRegistrationPage } from "../../app/services/registration-page.server";
import { joinWaitlist } from "../../app/services/waitlist.server";
import { distinctPerson, registrationValues } from "./helpers";
import { ORGANISER_ID, testContext } from "./payments-helpers";

let n = 0;
export async function fullFormat(opts: { cap?: number; date?: string } = {}) {
  n += 1;
  const courseId = crypto.randomUUID();
  const formatId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, ?, 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, `Attente ${n}`, ORGANISER_ID, `attente-${n}-${courseId.slice(0, 8)}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents, stock_repas, prix_repas_cents, nb_max_coureurs) VALUES (?, ?, ?, ?, '08:30', 3000, 10, 1200, ?)",
    ).bind(formatId, courseId, `Format attente ${n}`, opts.date ?? "2027-09-12", opts.cap ?? 2),
  ]);
  return { courseId, formatId, nom: `Attente ${n}` };
}

export async function runners(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  if (count > 0)
    await env.DB.batch(
      ids.map((id) =>
        env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(
          id,
          `w-${id}@balise.test`,
        ),
      ),
    );
  return ids;
}

export function values(formatId: string, email: string, over: Partial<RegistrationValues> = {}): RegistrationValues {
  return registrationValues(formatId, {
    nom: "Martin",
    prenom: "Léa",
    email,
    ...distinctPerson(email),
    ...over,
  });
}

export const TODAY = "2026-11-23";
export async function input(
  courseId: string,
  formatId: string,
  runner: string,
  intent: "register" | "waitlist",
  over: Partial<RegistrationValues> = {},
  ctx = testContext(),
) {
  const page = await loadRegistrationPage(ctx, courseId);
  const parsed = parseRegistration(values(formatId, `w-${runner}@balise.test`, over), page!.formats, TODAY, intent);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

/** Registers and pays through the delivering local provider; returns the registration. */
export async function registerAndPay(courseId: string, formatId: string, runner: string) {
  const context = testContext();
  const started = await startRegistration(
    context,
    runner,
    courseId,
    await input(courseId, formatId, runner, "register"),
  );
  if (!isLocalPaymentProvider(context.payments)) throw new Error("local provider expected");
  await context.payments.paySession(started.url.split("/").pop()!);
  return started.inscriptionId;
}

export async function join(
  courseId: string,
  formatId: string,
  runner: string,
  over: Partial<RegistrationValues> = {},
  ctx = testContext(),
) {
  return joinWaitlist(ctx, runner, courseId, await input(courseId, formatId, runner, "waitlist", over, ctx));
}

export const entry = async (id: string) =>
  (await env.DB.prepare("SELECT * FROM liste_attente WHERE id = ?").bind(id).first<Record<string, unknown>>())!;
export const inscription = async (id: string) =>
  (await env.DB.prepare("SELECT * FROM inscriptions WHERE id = ?").bind(id).first<Record<string, unknown>>())!;
export const mails = async (runner: string, kind: string) =>
  (
    await env.DB.prepare("SELECT subject, text FROM mail_outbox WHERE to_email = ? AND kind = ? ORDER BY created_at")
      .bind(`w-${runner}@balise.test`, kind)
      .all<{ subject: string; text: string }>()
  ).results;
/** Places taken now, as the capacity rule counts them (validated + running holds and offers). */
export async function taken(formatId: string, at = new Date()) {
  const r = await env.DB.prepare(
    "SELECT count(*) AS n FROM inscriptions WHERE format_id = ? AND (statut = 'validee' OR (statut = 'en_attente' AND (hold_expires_at IS NULL OR hold_expires_at > ?)))",
  )
    .bind(formatId, at.toISOString())
    .first<{ n: number }>();
  return Number(r!.n);
}
export const hoursLater = (h: number) => testContext(fixedClock(new Date(Date.now() + h * 3_600_000).toISOString()));

/** A full format of `cap` paid places, and `waiting` runners on its list (in that order). */
export async function fullWithList(cap: number, waiting: number) {
  const f = await fullFormat({ cap });
  const holders = await runners(cap);
  const paid: string[] = [];
  for (const r of holders) paid.push(await registerAndPay(f.courseId, f.formatId, r));
  const waiters = await runners(waiting);
  const entries: string[] = [];
  for (const r of waiters) entries.push((await join(f.courseId, f.formatId, r)).entryId);
  return { ...f, holders, paid, waiters, entries };
}
