// 'Repas payés sur place' (issue 40, decision 0185): the organiser adds meals to a paid registration and says they
// collected them on site. The only way a paid registration gets more meals.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { addMealsPaidOnSite, mealsPaidOnSite } from "~/db/meals-on-site.server";
import { hasPayment, mealsLeftIn } from "~/db/registrants.server";
import { MEALS_CHANGE_MSG, type OnSiteMealsInput } from "~/domain/meals-change";
import { RegistrantError } from "~/domain/registrants";
import { recordAction, registrantTarget } from "./audit.server";
import { requireOwnedRegistrant } from "./registrants.server";

type Ctx = AppLoadContext;
type User = { id: string; isAdmin?: boolean };

export { mealsPaidOnSite };

/** Adds the meals, or throws a RegistrantError on the field 'nombre' with the French reason. */
export async function addRegistrantMealsPaidOnSite(
  context: Ctx,
  user: User,
  id: string,
  input: OnSiteMealsInput,
): Promise<void> {
  const row = await requireOwnedRegistrant(context, user, id);
  if (row.statut !== "validee" || !(await hasPayment(context.db, row.id)))
    throw new RegistrantError(
      "invalid",
      "Les repas payés sur place s'ajoutent à une inscription payée et validée.",
      "nombre",
    );
  const now = context.clock.now();
  const added = await addMealsPaidOnSite(context.db, {
    id: row.id,
    current: Number(row.nombre_repas ?? 0),
    count: input.nombre,
    byUserId: user.id,
    now,
  });
  if (added) {
    const current = Number(row.nombre_repas ?? 0);
    await recordAction(context, user, "organisateur", "repas.sur_place", registrantTarget(row), [
      { champ: "Repas payés sur place", avant: String(current), apres: String(current + input.nombre) },
    ]);
    return;
  }
  const left = await mealsLeftIn(context.db, row.format_id, now);
  if (left < input.nombre) throw new RegistrantError("invalid", MEALS_CHANGE_MSG.stock(left), "nombre");
  throw new RegistrantError(
    "invalid",
    "Les repas de cette inscription ont changé entre-temps : rechargez la page, puis recommencez.",
    "nombre",
  );
}
