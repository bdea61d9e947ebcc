// '+ Ajouter un coureur': a child route of the registrants list, shown as a modal over it. Without JS it is
// an ordinary page (the list underneath, the dialog on top); on failure the dialog stays with what was typed.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { Link } from "~/components/Link";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ADD_FORM_STATUTS, AddRunnerSchema, type AddRunnerInput } from "~/domain/add-runner";
import { parisDate } from "~/domain/refund";
import { GENRES_SIMPLE, NATIONALITES, PAYS } from "~/domain/runner-fields";
import { addRunner, registrantsPage } from "~/services/registrants.server";
import { requireOrganiser } from "~/utils/auth.server";
import { notFoundOrRethrow, notFoundResponse } from "~/utils/domain-errors";
import { formatEuros } from "~/domain/format";
import { FieldShell, fieldAria } from "~/components/Field";
import * as paths from "~/domain/paths";
import { Notice } from "~/components/form/Notice";
import { Options, PairOptions } from "~/components/form/Options";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Ajouter un coureur – ${data.format.nom} — Balise` : "Ajouter un coureur — Balise" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireOrganiser(request, context);
  try {
    const r = await registrantsPage(context, user, params.formatId ?? "", { q: "", statut: null, page: 1 });
    return {
      format: {
        id: r.format.id,
        nom: r.format.nom,
        stock_repas: r.format.stock_repas,
        prix_cents: r.format.prix_cents,
        prix_repas_cents: r.format.prix_repas_cents,
        nb_max_coureurs: r.format.nb_max_coureurs,
      },
      taken: r.taken,
      today: parisDate(context.clock.now()),
    };
  } catch (e) {
    notFoundOrRethrow(e);
  }
}

type Errors = Partial<Record<keyof AddRunnerInput, string>>;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireOrganiser(request, context);
  const formatId = params.formatId ?? "";
  const raw = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const parsed = AddRunnerSchema.safeParse(raw);
  if (!parsed.success) {
    return data(
      { errors: {} as Errors, formError: "Erreur lors de l'enregistrement.", values: {} as Partial<AddRunnerInput> },
      { status: 400 },
    );
  }
  try {
    const r = await addRunner(context, user, formatId, parsed.data);
    if (!r.ok)
      return data(
        { errors: r.errors as Errors, formError: r.formError ?? null, values: parsed.data },
        { status: r.formError ? 500 : 400 },
      );
  } catch (e) {
    const notFound = notFoundResponse(e);
    if (notFound) throw notFound;
    console.error("add runner", e);
    return data(
      { errors: {} as Errors, formError: "Erreur lors de l'enregistrement.", values: parsed.data },
      { status: 500 },
    );
  }
  const back = new URL(request.url).searchParams;
  const keep = new URLSearchParams();
  for (const k of ["q", "statut", "page"]) if (back.get(k)) keep.set(k, back.get(k)!);
  keep.set("ok", "ajoute");
  return redirect(paths.formatRegistrants(formatId, keep));
}

/** With JS, Escape closes the dialog like 'Annuler'. */
function useEscapeTo(href: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (ev: globalThis.KeyboardEvent) => {
      if (ev.key === "Escape") navigate(href, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, href]);
}

/** The organiser's explicit choice to go past a limit (places, meals), with what it is about and its error. */
function OverrideCheck({
  name,
  label,
  error,
  checked,
  aria,
  children,
}: {
  name: "depasser_capacite" | "depasser_repas";
  label: ReactNode;
  error: string | undefined;
  checked: boolean;
  aria: ReturnType<typeof fieldAria>;
  children?: ReactNode;
}) {
  return (
    <div className={`field capacity-override${error ? " has-error" : ""}`}>
      {children}
      <label className="checkbox">
        <input type="checkbox" name={name} id={`add-${name}`} defaultChecked={checked} {...aria} />
        {label}
      </label>
      {error ? (
        <p className="field-error" id={`add-${name}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function AddRunner() {
  const { format, taken, today } = useLoaderData<typeof loader>();
  const { result, busy } = useFormResult<typeof action>();
  const location = useLocation();
  const v: Partial<AddRunnerInput> = result?.values ?? {};
  const e: Errors = result?.errors ?? {};
  const [meals, setMeals] = useState(v.nombre_repas ?? "0");
  const [just, setJust] = useState(v.justificatif_type ?? "");
  const [hydrated, setHydrated] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setHydrated(true);
    first.current?.focus();
  }, []);
  useEscapeTo(paths.formatRegistrants(format.id, location.search));
  useEffect(() => {
    if (result?.values?.nombre_repas !== undefined) setMeals(result.values.nombre_repas);
  }, [result]);
  const mealCount = /^\d+$/.test(meals.trim()) ? Number(meals.trim()) : 0;
  const mealPrice = format.stock_repas > 0 ? format.prix_repas_cents : 0;
  const back = paths.formatRegistrants(format.id, location.search);
  // The shared field frame (label, hint, error ids) around this dialog's own controls; ids `add-{name}`.
  const invalid = (name: keyof AddRunnerInput, hint?: ReactNode) => fieldAria(`add-${name}`, { hint, error: e[name] });
  const text = (name: keyof AddRunnerInput, label: ReactNode, props: Record<string, unknown> = {}) => (
    <FieldShell id={`add-${name}`} label={label} error={e[name]}>
      <input
        id={`add-${name}`}
        name={name}
        type="text"
        defaultValue={v[name] ?? ""}
        maxLength={200}
        {...invalid(name)}
        {...props}
      />
    </FieldShell>
  );
  const choice = (name: keyof AddRunnerInput, label: ReactNode, options: readonly string[]) => (
    <FieldShell id={`add-${name}`} label={label} error={e[name]}>
      <select id={`add-${name}`} name={name} defaultValue={v[name] ?? ""} {...invalid(name)}>
        <option value="">—</option>
        <Options values={options} />
      </select>
    </FieldShell>
  );
  const full = format.nb_max_coureurs != null && taken >= format.nb_max_coureurs;

  return (
    <div className="modal-backdrop">
      <div className="modal card" role="dialog" aria-modal="true" aria-labelledby="add-title">
        <h2 id="add-title">Ajouter un coureur – {format.nom}</h2>
        <Notice kind="error">{result?.formError}</Notice>
        <Form method="post" noValidate className="add-form">
          <div className="field-columns form-grid">
            <FieldShell id="add-nom" label="Nom *" error={e.nom}>
              <input
                ref={first}
                id="add-nom"
                name="nom"
                type="text"
                required
                autoComplete="off"
                defaultValue={v.nom ?? ""}
                maxLength={200}
                {...invalid("nom")}
              />
            </FieldShell>
            {text("prenom", "Prénom *", { required: true, autoComplete: "off" })}
            {text("email", "Email", { type: "email", inputMode: "email", autoComplete: "off" })}
            {choice("genre", "Genre", GENRES_SIMPLE)}
            {text("date_naissance", "Date de naissance", { type: "date", max: today })}
            {choice("nationalite", "Nationalité", NATIONALITES)}
            {text("telephone", "Téléphone", { type: "tel", inputMode: "tel" })}
            {text("adresse", "Adresse")}
            {text("adresse_complement", "Complément")}
            {text("code_postal", "Code postal", { inputMode: "numeric" })}
            {text("ville", "Ville")}
            {choice("pays", "Pays", PAYS)}
            {text("club", "Club")}
            <FieldShell id="add-justificatif_type" label="Justificatif" error={e.justificatif_type}>
              <select
                id="add-justificatif_type"
                name="justificatif_type"
                value={just}
                onChange={(ev) => setJust(ev.target.value)}
                {...invalid("justificatif_type")}
              >
                <option value="">—</option>
                <option value="licence">Licence</option>
                <option value="pps">PPS</option>
              </select>
            </FieldShell>
            {!hydrated || just === "licence"
              ? text("numero_licence", hydrated ? "Numéro de licence" : "Numéro de licence (si licence)")
              : null}
            {!hydrated || just === "pps"
              ? text("pps_identifier", hydrated ? "Identifiant PPS" : "Identifiant PPS (si PPS)")
              : null}
            {text("contact_urgence_nom", "Contact urgence – nom")}
            {text("contact_urgence_telephone", "Contact urgence – téléphone", { type: "tel", inputMode: "tel" })}
            <FieldShell id="add-statut" label="Statut" error={e.statut}>
              <select id="add-statut" name="statut" defaultValue={v.statut || "validee"} {...invalid("statut")}>
                <PairOptions pairs={ADD_FORM_STATUTS} />
              </select>
            </FieldShell>
            {text("dossard", "Dossard", { inputMode: "numeric" })}
            <FieldShell
              id="add-nombre_repas"
              label="Nombre de repas"
              error={e.nombre_repas}
              hint={
                format.stock_repas > 0
                  ? `${formatEuros(format.prix_repas_cents)} le repas, ${format.stock_repas} au plus.`
                  : "Ce format ne propose pas de repas."
              }
            >
              <input
                id="add-nombre_repas"
                name="nombre_repas"
                type="number"
                min={0}
                max={format.stock_repas}
                inputMode="numeric"
                value={meals}
                onChange={(ev) => setMeals(ev.target.value)}
                {...invalid("nombre_repas", true)}
              />
            </FieldShell>
            <div className="field">
              <span className="label">Prix total repas</span>
              <output htmlFor="add-nombre_repas" className="readonly-value" aria-live="polite">
                {formatEuros(mealCount * mealPrice)}
              </output>
            </div>
          </div>
          <label className="checkbox">
            <input
              type="checkbox"
              name="apparaitre_resultats"
              defaultChecked={result?.values ? v.apparaitre_resultats === "on" : true}
            />
            Apparaître dans les résultats publics.
          </label>
          {format.nb_max_coureurs != null ? (
            <OverrideCheck
              name="depasser_capacite"
              error={e.depasser_capacite}
              checked={v.depasser_capacite === "on"}
              aria={invalid("depasser_capacite")}
              label={<>Dépasser la capacité&nbsp;: inscrire ce coureur même si le format est complet.</>}
            >
              <p className={full ? "alert alert-info" : "hint"}>
                Places prises&nbsp;: {taken} / {format.nb_max_coureurs}
                {full ? " — le format est complet." : "."}
              </p>
            </OverrideCheck>
          ) : null}
          {format.stock_repas > 0 ? (
            <OverrideCheck
              name="depasser_repas"
              error={e.depasser_repas}
              checked={v.depasser_repas === "on"}
              aria={invalid("depasser_repas")}
              label="Dépasser le stock de repas : réserver ces repas même s'il n'en reste plus assez."
            />
          ) : null}
          <div className="actions modal-actions">
            <Link to={back} className="btn btn-ghost" preventScrollReset>
              Annuler
            </Link>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? "Enregistrement…" : "Enregistrer"}
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}
