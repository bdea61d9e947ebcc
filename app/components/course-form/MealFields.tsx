// A format's meals: the stock and the price, behind a 'Repas proposé' toggle with JavaScript.
import { useEffect, useState } from "react";
import { type FieldErrors, type FormatValues, formatFieldName } from "~/domain/course-form";
import { Field } from "./fields";

/**
 * Meals: a 'Repas proposé' toggle (not stored: it follows the meal stock). Without JavaScript both fields always
 * show; with JavaScript, unticking hides both (stock and price) and sends the stock as 0, so the meal price no longer
 * counts; the price typed stays in the form and is stored as typed, so ticking again brings it back.
 */
export function MealFields({ f, i, errors }: { f: FormatValues; i: number; errors: FieldErrors }) {
  const n = (field: string) => formatFieldName(i, field);
  const initiallyOn = !/^\s*0?\s*$/.test(f.stock_repas) || !!errors[n("stock_repas")] || !!errors[n("prix_repas")];
  const [hydrated, setHydrated] = useState(false);
  const [on, setOn] = useState(initiallyOn);
  useEffect(() => setHydrated(true), []);
  const hidden = hydrated && !on;
  return (
    <div className="meal-fields">
      {hydrated ? (
        <label className="checkbox">
          <input type="checkbox" checked={on} onChange={(ev) => setOn(ev.target.checked)} /> Repas proposé
        </label>
      ) : null}
      {hidden ? <input type="hidden" name={n("stock_repas")} value="0" /> : null}
      <div className="grid-2" hidden={hidden} data-testid={`repas-${i}`}>
        {hidden ? null : (
          <Field
            name={n("stock_repas")}
            label="Stock de repas"
            inputMode="numeric"
            value={f.stock_repas}
            error={errors[n("stock_repas")]}
            hint={"0\u00a0: pas de repas proposé."}
          />
        )}
        <Field
          name={n("prix_repas")}
          label="Prix du repas (€)"
          inputMode="decimal"
          value={f.prix_repas}
          error={errors[n("prix_repas")]}
          hint="Compté seulement si le stock de repas est supérieur à 0."
        />
      </div>
    </div>
  );
}
