// Meals of a paid registration (issue 40, decision 0185): the runner paid for their meals online, so the organiser
// cannot change them by editing the number. Meals added afterwards are recorded, explicitly, as paid on site to the
// organiser (a row of `repas_sur_place`); meals are never taken away without a refund (a cancellation). Pure.
import { z } from "zod";

export const MEALS_CHANGE_MSG = {
  paidLocked:
    "Cette inscription est payée : ses repas ne se modifient pas ici. Ajoutez des repas réglés sur place depuis la fiche du coureur ; pour en retirer, annulez et remboursez l'inscription.",
  count: "Indiquez un nombre de repas entre 1 et 50.",
  confirm: "Cochez la case pour confirmer que le coureur vous a réglé ces repas sur place.",
  stock: (left: number) =>
    left > 0
      ? `Il ne reste que ${left} repas pour ce format : ajoutez-en ${left} au plus.`
      : "Il n'y a plus de repas disponibles pour ce format.",
  done: (n: number) => `${n} repas ajouté${n > 1 ? "s" : ""}, payé${n > 1 ? "s" : ""} sur place.`,
} as const;

/** Why an edit of a paid registration's meal count is refused, or null when it changes nothing. */
export function paidMealsEditRefusal(current: number, next: number): string | null {
  return next === current ? null : MEALS_CHANGE_MSG.paidLocked;
}

/** The organiser's 'Repas payés sur place' form: how many meals, and the confirmation that they were paid. */
export const onSiteMealsSchema = z.object({
  nombre: z.coerce
    .number({ invalid_type_error: MEALS_CHANGE_MSG.count })
    .int(MEALS_CHANGE_MSG.count)
    .min(1, MEALS_CHANGE_MSG.count)
    .max(50, MEALS_CHANGE_MSG.count),
  paye: z
    .string({ required_error: MEALS_CHANGE_MSG.confirm, invalid_type_error: MEALS_CHANGE_MSG.confirm })
    .refine((v) => v === "on", MEALS_CHANGE_MSG.confirm),
});
export type OnSiteMealsInput = z.output<typeof onSiteMealsSchema>;
