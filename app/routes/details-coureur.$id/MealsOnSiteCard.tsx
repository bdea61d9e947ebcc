// 'Repas payés sur place' (issue 40, decision 0185): meals added to a paid registration, paid to the organiser on
// site, said explicitly. A plain form.
import { Form } from "@remix-run/react";
import { CheckboxField, Field } from "~/components/Field";
import { formatEuros } from "~/domain/format";
import { Notice } from "~/components/form/Notice";

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
    <section className="card tool-card" id="repas-sur-place" aria-labelledby="repas-sur-place-titre">
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
      <Notice kind="success">{notice}</Notice>
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value="repas_sur_place" />
        <Field
          id="repas-nombre"
          name="nombre"
          label={`Repas à ajouter (${formatEuros(mealPriceCents)} l'un)`}
          type="number"
          inputMode="numeric"
          min="1"
          max="50"
          required
          defaultValue={values?.nombre ?? "1"}
          error={errors?.nombre}
        />
        <CheckboxField
          name="paye"
          id="repas-paye"
          label="Le coureur m'a réglé ces repas sur place."
          error={errors?.paye}
          defaultChecked={values?.paye === "on"}
        />
        <button type="submit" className="btn btn-secondary">
          Ajouter les repas
        </button>
      </Form>
    </section>
  );
}
