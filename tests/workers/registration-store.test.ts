// The registration store against the rule table (issue 41): the SQL conditions of every transition the store runs are
// rendered from the same table decide() reads. Here both meet on a real D1: registrations in every status, with and
// without a payment, an open bib offer, a buyer's offer and each kind of cancel reason; for every event × actor × end
// status, the rows the store's conditions select are exactly the rows decide() allows. Creations likewise: the store
// builds an INSERT for exactly the actor and first status decide() allows. And the store never writes the status or
// its record outside a transition.
import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import {
  creationStatement,
  transitionConditions,
  updateStatement,
} from "../../app/db/registration-store/writes.server";
import {
  ACTORS,
  decide,
  LifecycleError,
  STATUTS,
  TRANSITIONS,
  type LifecycleEvent,
  type RegistrationFacts,
  type Statut,
} from "../../app/domain/registration-rules";
import { loadDemoData } from "./helpers";
import { ORGANISER_ID } from "./payments-helpers";

const REASONS = [null, "hold_expired", "offer_expired", "late_payment", "runner_cancelled"] as const;
const EVENTS = Object.keys(TRANSITIONS) as LifecycleEvent[];
const ENDS: (Statut | undefined)[] = [undefined, ...STATUTS];

interface Row {
  id: string;
  facts: Omit<RegistrationFacts, "actor" | "to">;
}

const formatId = crypto.randomUUID();
const courseId = crypto.randomUUID();
const rows: Row[] = [];

beforeAll(async () => {
  await loadDemoData();
  const buyerOffer = crypto.randomUUID();
  const seller = crypto.randomUUID();
  const stmts: D1PreparedStatement[] = [
    env.DB.prepare(
      "INSERT INTO courses (id, nom, lieu, departement, code_postal, organisateur_id, en_ligne, slug) VALUES (?, 'Store', 'Annecy', 'Haute-Savoie', '74000', ?, 1, ?)",
    ).bind(courseId, ORGANISER_ID, `store-${courseId.slice(0, 8)}`),
    env.DB.prepare(
      "INSERT INTO formats (id, course_id, nom, date, heure_depart, prix_cents) VALUES (?, ?, 'Store 10 km', '2027-09-12', '08:30', 2000)",
    ).bind(formatId, courseId),
    // The offer a buyer's registration comes from, of another registration (already paid: nobody's open offer).
    env.DB.prepare(
      "INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id, nom, prenom) VALUES (?, ?, ?, 'transferee', ?, 'Vendeur', 'Cas')",
    ).bind(seller, courseId, formatId, `trace-${seller}`),
    env.DB.prepare(
      "INSERT INTO cessions (id, inscription_id, course_id, format_id, vendeur_id, email, token_hash, statut, expires_at) VALUES (?, ?, ?, ?, ?, 'b@balise.test', 'h', 'payee', '2027-01-01T00:00:00.000Z')",
    ).bind(buyerOffer, seller, courseId, formatId, ORGANISER_ID),
  ];
  let k = 0;
  for (const statut of STATUTS)
    for (const cancelReason of REASONS)
      for (const paid of [false, true])
        for (const openTransfer of [false, true])
          for (const transferBuyer of [false, true]) {
            k += 1;
            const id = crypto.randomUUID();
            rows.push({ id, facts: { from: statut, cancelReason, paid, openTransfer, transferBuyer } });
            stmts.push(
              env.DB.prepare(
                "INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id, nom, prenom, cancel_reason, cession_id, hold_expires_at) VALUES (?, ?, ?, ?, ?, ?, 'Cas', ?, ?, ?)",
              ).bind(
                id,
                courseId,
                formatId,
                statut,
                `trace-${id}`,
                `Store${k}`,
                cancelReason,
                transferBuyer ? buyerOffer : null,
                statut === "en_attente" ? "2099-01-01T00:00:00.000Z" : null,
              ),
            );
            if (paid)
              stmts.push(
                env.DB.prepare(
                  "INSERT INTO paiements (id, inscription_id, course_id, format_id, status, amount_total_cents, net_remaining_cents) VALUES (?, ?, ?, ?, 'succeeded', 2000, 2000)",
                ).bind(crypto.randomUUID(), id, courseId, formatId),
              );
            if (openTransfer)
              stmts.push(
                env.DB.prepare(
                  "INSERT INTO cessions (id, inscription_id, course_id, format_id, vendeur_id, email, token_hash, statut, expires_at) VALUES (?, ?, ?, ?, ?, 'o@balise.test', 'h', 'ouverte', '2099-01-01T00:00:00.000Z')",
                ).bind(crypto.randomUUID(), id, courseId, formatId, ORGANISER_ID),
              );
          }
  await env.DB.batch(stmts);
});

/** The rows the store's conditions select for this request, or null when it refuses the request outright. */
async function storeSelects(event: LifecycleEvent, actor: (typeof ACTORS)[number], to?: Statut) {
  let conditions: ReturnType<typeof transitionConditions>;
  try {
    conditions = transitionConditions({ event, actor: { type: actor }, to });
  } catch (e) {
    if (e instanceof LifecycleError) return [];
    throw e;
  }
  if (!conditions) return [];
  const found = await drizzle(env.DB).all<{ id: string }>(
    sql`SELECT i.id FROM inscriptions i WHERE i.format_id = ${formatId} AND ${conditions.where}`,
  );
  return found.map((r) => r.id).sort();
}

describe("the store's transitions select exactly what decide() allows", () => {
  it("covers every status, cancel reason and fact", () => {
    expect(rows).toHaveLength(STATUTS.length * REASONS.length * 8);
  });

  for (const event of EVENTS.filter((e) => TRANSITIONS[e].from.length > 0))
    it(event, async () => {
      let allowedSomewhere = 0;
      for (const actor of ACTORS)
        for (const to of ENDS) {
          const expected = rows
            .filter((r) => decide(event, { ...r.facts, actor, to }).ok)
            .map((r) => r.id)
            .sort();
          allowedSomewhere += expected.length;
          expect(await storeSelects(event, actor, to), `${event} by ${actor} to ${to ?? "its end"}`).toEqual(expected);
        }
      // Every event applies to some registration (the comparison is never between two empty lists only).
      expect(allowedSomewhere).toBeGreaterThan(0);
    });
});

describe("creations and other writes", () => {
  it("a creation is built for exactly the actors and first statuses decide() allows", () => {
    for (const event of EVENTS.filter((e) => TRANSITIONS[e].from.length === 0))
      for (const actor of ACTORS)
        for (const status of ENDS) {
          const ok = decide(event, { from: null, actor, to: status }).ok;
          const build = () =>
            creationStatement({
              event: event as Parameters<typeof creationStatement>[0]["event"],
              actor: { type: actor },
              status,
              values: { id: "x" },
              nowIso: "2026-11-27T00:00:00.000Z",
            });
          if (ok) expect(build, `${event} by ${actor} in ${status}`).not.toThrow();
          else expect(build, `${event} by ${actor} in ${status}`).toThrow(LifecycleError);
        }
  });

  it("an update never writes the status or its record", () => {
    for (const column of ["statut", "last_event", "transition_seq", "cancel_reason", "identite"])
      expect(() => updateStatement({ [column]: "x" }, sql`id = 'x'`)).toThrow(/cycle de vie/);
    expect(() => updateStatement({ dossard: 12 }, sql`id = 'x'`)).not.toThrow();
  });

  it("an organiser's runner added by hand starts in the status chosen, recorded as added by hand", async () => {
    const id = crypto.randomUUID();
    const statement = creationStatement({
      event: "added_by_hand",
      actor: { type: "organiser", id: ORGANISER_ID },
      status: "refusee",
      values: {
        id,
        course_id: courseId,
        format_id: formatId,
        paiement_trace_id: `t-${id}`,
        nom: "Main",
        prenom: "Ajout",
      },
      nowIso: new Date().toISOString(),
    });
    await drizzle(env.DB).all(statement);
    const row = await env.DB.prepare(
      "SELECT statut, last_event, last_actor, last_actor_id FROM inscriptions WHERE id = ?",
    )
      .bind(id)
      .first();
    expect(row).toEqual({
      statut: "refusee",
      last_event: "added_by_hand",
      last_actor: "organiser",
      last_actor_id: ORGANISER_ID,
    });
  });
});
