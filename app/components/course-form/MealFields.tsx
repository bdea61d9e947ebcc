// A format's meals: the stock and the price, behind a 'Repas proposé' toggle with JavaScript.
import { useEffect, useState } from "react";
import { type FieldErrors, type FormatField, type FormatValues, formatFieldName } from "~/domain/course-form";
import { FieldList, type FieldSpec } from "./fields";

const STOCK: FieldSpec<FormatField> = {
  field: "stock_repas",
  label: "Stock de repas",
  inputMode: "numeric",
  hint: "0\u00a0: pas de repas proposé.",
};
const PRICE: FieldSpec<FormatField> = {
  field: "prix_repas",
  label: "Prix du repas (€)",
  inputMode: "decimal",
  hint: "Compté seulement si le stock de repas est supérieur à 0.",
};

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
      <div className="field-columns" hidden={hidden} data-testid={`repas-${i}`}>
        <FieldList specs={hidden ? [PRICE] : [STOCK, PRICE]} values={f} errors={errors} name={n} />
      </div>
    </div>
  );
}
