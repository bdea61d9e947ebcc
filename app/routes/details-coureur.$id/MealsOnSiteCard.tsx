// 'Repas payés sur place' (issue 40, decision 0185): meals added to a paid registration, paid to the organiser on
// site, said explicitly. A plain form.
import { Form } from "@remix-run/react";
import { formatEuros } from "~/utils/format";

export type MealsOnSiteErrors = Partial<Record<"nombre" | "paye", string>>;

export function MealsOnSiteCard({
  onlineMeals,
  onSite,
  mealPriceCents,
  errors,
  values,
  notice,
}: {
  onlineMeals: number;
  onSite: { count: number; cents: number };
  mealPriceCents: number;
  errors: MealsOnSiteErrors | null;
  values: { nombre: string; paye: string } | null;
  notice: string | null;
}) {
  return (
    <section className="card" id="repas-sur-place" aria-labelledby="repas-sur-place-titre">
      <h2 id="repas-sur-place-titre">Repas payés sur place</h2>
      <p>
        Repas payés en ligne : <strong>{onlineMeals}</strong>
        {onSite.count > 0 ? (
          <>
            {" "}
            — payés sur place : <strong>{onSite.count}</strong> ({formatEuros(onSite.cents)})
          </>
        ) : null}
        .
      </p>
      {notice ? (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      ) : null}
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value="repas_sur_place" />
        <div className="field">
          <label htmlFor="repas-nombre">Repas à ajouter ({formatEuros(mealPriceCents)} l'un)</label>
          <input
            id="repas-nombre"
            name="nombre"
            type="number"
            inputMode="numeric"
            min={1}
            max={50}
            required
            defaultValue={values?.nombre ?? "1"}
            aria-invalid={errors?.nombre ? true : undefined}
            aria-describedby={errors?.nombre ? "repas-nombre-err" : undefined}
          />
          {errors?.nombre ? (
            <p className="field-error" id="repas-nombre-err">
              {errors.nombre}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label className="checkbox">
            <input
              type="checkbox"
              name="paye"
              defaultChecked={values?.paye === "on"}
              aria-invalid={errors?.paye ? true : undefined}
              aria-describedby={errors?.paye ? "repas-paye-err" : undefined}
            />
            <span>Le coureur m'a réglé ces repas sur place.</span>
          </label>
          {errors?.paye ? (
            <p className="field-error" id="repas-paye-err">
              {errors.paye}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-secondary">
          Ajouter les repas
        </button>
      </Form>
    </section>
  );
}
