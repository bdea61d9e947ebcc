// What the Premium workerd tests share: a new account with an active subscription, and a typed training plan form.
import { env } from "cloudflare:test";
import { type PlanForm, PlanFormSchema } from "~/domain/training-plan-form";

/** Makes account `userId` a subscriber whose paid period ends at `periodEnd`. */
export async function makePremium(userId: string, periodEnd = "2099-01-01T00:00:00.000Z"): Promise<void> {
  await env.DB.prepare(
    "INSERT INTO abonnements (id, user_id, provider_customer_id, provider_subscription_id, statut, montant_cents, current_period_end) VALUES (?, ?, 'cus_x', ?, 'active', 4900, ?)",
  )
    .bind(crypto.randomUUID(), userId, `sub_${crypto.randomUUID()}`, periodEnd)
    .run();
}

/** A new confirmed account (e-mail `<label>-<id>@exemple.fr`), Premium until `periodEnd`. */
export async function newPremiumRunner(label: string, periodEnd?: string): Promise<{ id: string; email: string }> {
  const id = crypto.randomUUID();
  const email = `${label}-${id.slice(0, 8)}@exemple.fr`;
  await env.DB.prepare(
    "INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, 'x', '2026-01-01T00:00:00.000Z')",
  )
    .bind(id, email)
    .run();
  await makePremium(id, periodEnd);
  return { id, email };
}

/** /premium/plan's form as a runner types it (a marathon on 11 April 2027), and as the schema reads it. */
export function typedPlanForm(over: Record<string, unknown> = {}): { data: PlanForm; typed: Record<string, unknown> } {
  const typed = {
    nomCourse: "Marathon de test",
    dateCourse: "2027-04-11",
    distanceKm: "42,2",
    dplus: "0",
    volumeKm: "35",
    sortieLongue: "16",
    objectif: "temps",
    tempsObjectif: "3 h 45",
    jours: ["2", "4", "7"],
    jourSortieLongue: "7",
    allureSeuil: "5:00",
    ...over,
  };
  return { data: PlanFormSchema.parse(typed), typed };
}
