import type { LinksFunction, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/cloudflare";
import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { FastLink, Link } from "~/components/Link";
import { SearchField } from "~/components/form/SearchField";
import { CourseCard } from "~/components/catalogue/CourseCard";
import { LazyMap } from "~/components/catalogue/LazyMap";
import { toCardView } from "~/components/catalogue/card-view";
import { catalogueClock, searchCourses } from "~/services/catalogue.server";
import { DISTANCE_BANDS, ELEVATION_BANDS, EVENT_TYPES, LIST_MAX_ROWS, PAGE_SIZES, SORTS } from "~/domain/catalogue";
import { formatNumber } from "~/domain/format";
// filters.ts (zod) is used by the loader only, so it stays out of the browser bundle.
import { filtersToSearch, hasActiveFilters, parseCourseFilters, type FilterField } from "~/domain/filters";
import { useRootData } from "~/components/root-data";
import catalogueCss from "~/styles/catalogue.css?url";
import * as paths from "~/domain/paths";
import { Pager } from "~/components/table/Pager";
import { FieldError } from "~/components/Field";
import type { StaticPageHandle } from "~/components/islands";
import { Options, PairOptions } from "~/components/form/Options";
import { FilterActions } from "~/components/form/FilterActions";

/** Served without React (docs/decisions/0222); the map view has the map island. */
export const handle: StaticPageHandle = {
  hydrate: false,
  islands: (data) => ((data as { filters?: { vue?: string } } | undefined)?.filters?.vue === "carte" ? ["map"] : []),
};

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueCss }];

export const meta: MetaFunction<typeof loader> = () => {
  return [
    { title: "Courses\u00a0: trail, randonnée et route — Balise" },
    {
      name: "description",
      content:
        "Trouvez une course près de chez vous\u00a0: filtres par date, département, type, distance, dénivelé et repas.",
    },
    { property: "og:title", content: "Courses\u00a0: trail, randonnée et route — Balise" },
    { property: "og:type", content: "website" },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const at = catalogueClock(context);
  const { now, today } = at;
  const { filters, values, errors } = parseCourseFilters(url.searchParams, today);
  const result = await searchCourses(context, filters, at);
  // How many of the filters behind 'Filtres et tri' are set (the summary says so while it is closed).
  const moreSet = [
    filters.du !== today,
    filters.au,
    filters.departement,
    filters.type,
    filters.distance,
    filters.denivele,
    filters.repas,
    filters.tri !== "date",
  ].filter(Boolean).length;
  return {
    today,
    filters,
    values,
    errors,
    moreSet,
    total: result.total,
    totalCapped: result.totalCapped,
    tooDeep: result.tooDeep,
    pages: Math.max(1, Math.ceil(result.total / filters.taille)),
    markers:
      result.markers?.map((m) => ({
        lat: m.lat,
        lng: m.lng,
        title: m.nom,
        subtitle: `${m.lieu} (${m.departement})`,
        href: paths.eventPage(m.slug),
      })) ?? null,
    hasNext: result.hasNext,
    departements: result.departements,
    cards: result.rows.map((r) => toCardView(r, now, today)),
    active: hasActiveFilters(filters, today),
    prev: filters.page > 1 ? filtersToSearch(filters, today, { page: filters.page - 1 }) : null,
    next: result.hasNext ? filtersToSearch(filters, today, { page: filters.page + 1 }) : null,
    listHref: filtersToSearch(filters, today, { vue: "liste", page: filters.page }),
    mapHref: filtersToSearch(filters, today, { vue: "carte", page: filters.page }),
    firstPage: filtersToSearch(filters, today, { page: 1 }),
  };
}

type FilterErrors = Partial<Record<FilterField, string>>;

/** The id of a filter's error message, which its control points at. */
const errorId = (f: FilterField) => `err-${f}`;

const invalidAria = (f: FilterField, errors: FilterErrors) =>
  errors[f] ? { "aria-invalid": true as const, "aria-describedby": errorId(f) } : {};

const bandChoices = (bands: Record<string, { label: string }>) =>
  Object.entries(bands).map(([k, b]) => [k, b.label] as const);

/** The filters picked from a list, in the form's order. */
const LIST_FILTERS = [
  { name: "type", label: "Type d'épreuve", all: "Tous", choices: Object.entries(EVENT_TYPES) },
  { name: "distance", label: "Distance", all: "Toutes", choices: bandChoices(DISTANCE_BANDS) },
  { name: "denivele", label: "Dénivelé positif", all: "Tous", choices: bandChoices(ELEVATION_BANDS) },
] as const;

/** A filter picked from a list, 'Tous' first; a value the page refused shows its error and the list back at 'Tous'. */
function ListFilter({
  name,
  label,
  all,
  choices,
  value,
  errors,
}: {
  name: "type" | "distance" | "denivele";
  label: string;
  all: string;
  choices: readonly (readonly [string, string])[];
  value: string;
  errors: FilterErrors;
}) {
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <select id={`f-${name}`} name={name} defaultValue={errors[name] ? "" : value} {...invalidAria(name, errors)}>
        <option value="">{all}</option>
        <PairOptions pairs={choices} />
      </select>
      <FieldError id={errorId(name)} error={errors[name]} />
    </div>
  );
}

export default function CoursesPage() {
  const d = useLoaderData<typeof loader>();
  const root = useRootData();
  const navigation = useNavigation();
  // The form's fields are uncontrolled: a new query string (Réinitialiser, Back, a pager link) remounts the form,
  // so its fields show the values of the page on screen, never what was typed on an earlier one.
  const location = useLocation();
  const { values, errors, filters } = d;
  const invalid = (f: FilterField) => invalidAria(f, errors);
  const isMap = filters.vue === "carte";
  const resetHref = paths.eventsPage(isMap ? { vue: "carte" } : undefined);

  return (
    <section className="container page catalogue">
      <h1>Courses</h1>
      {/* autoComplete="off": without JavaScript, Back must not refill the fields with what was typed on a later page. */}
      <Form
        key={location.search}
        method="get"
        action={paths.eventsPage()}
        className="filters card"
        role="search"
        aria-label="Rechercher et filtrer les épreuves"
        autoComplete="off"
      >
        {isMap ? <input type="hidden" name="vue" value="carte" /> : null}
        <SearchField
          id="f-q"
          label="Rechercher"
          value={values.q}
          placeholder="Nom, ville ou département…"
          className="field filters-q"
          invalid={invalid("q")}
        >
          <FieldError id={errorId("q")} error={errors.q} />
        </SearchField>
        <details
          className="filters-more"
          open={d.active || Object.keys(errors).length > 0 || filters.tri !== "date" || undefined}
        >
          <summary>
            Filtres et tri
            {d.moreSet > 0 ? (
              <span className="filters-set">{` (${d.moreSet} actif${d.moreSet > 1 ? "s" : ""})`}</span>
            ) : null}
          </summary>
          <div className="filters-grid">
            <div className="field">
              <label htmlFor="f-du">Du</label>
              <input id="f-du" name="du" type="date" defaultValue={values.du} {...invalid("du")} />
              <FieldError id={errorId("du")} error={errors.du} />
            </div>
            <div className="field">
              <label htmlFor="f-au">Au</label>
              <input id="f-au" name="au" type="date" defaultValue={values.au} {...invalid("au")} />
              <FieldError id={errorId("au")} error={errors.au} />
            </div>
            <div className="field">
              <label htmlFor="f-dep">Département</label>
              <select id="f-dep" name="departement" defaultValue={values.departement}>
                <option value="">Tous</option>
                <Options values={d.departements} />
                {values.departement && !d.departements.includes(values.departement) ? (
                  <option value={values.departement}>{values.departement}</option>
                ) : null}
              </select>
            </div>
            {LIST_FILTERS.map((f) => (
              <ListFilter key={f.name} {...f} value={values[f.name]} errors={errors} />
            ))}
            <div className="field">
              <label htmlFor="f-tri">Trier par</label>
              <select id="f-tri" name="tri" defaultValue={values.tri} {...invalid("tri")}>
                <option value="date">{SORTS.date} (la plus proche)</option>
                <option value="prix">{SORTS.prix} (le moins cher)</option>
                <option value="dplus">{SORTS.dplus} (le plus élevé)</option>
              </select>
              <FieldError id={errorId("tri")} error={errors.tri} />
            </div>
            <div className="field">
              <label htmlFor="f-taille">Par page</label>
              <select id="f-taille" name="taille" defaultValue={values.taille} {...invalid("taille")}>
                <Options values={PAGE_SIZES} />
              </select>
              <FieldError id={errorId("taille")} error={errors.taille} />
            </div>
            <div className="field field-check">
              <label className="checkbox">
                <input type="checkbox" name="repas" value="1" defaultChecked={filters.repas} /> Repas disponible
              </label>
            </div>
          </div>
        </details>
        {errors.page ? <p className="field-error">{errors.page}</p> : null}
        <FilterActions className="filters-actions" submit="Filtrer" resetTo={resetHref} />
      </Form>

      <ResultsBar d={d} busy={navigation.state === "loading" && navigation.location?.pathname === paths.eventsPage()} />

      {d.cards.length === 0 ? (
        <EmptyResults d={d} resetHref={resetHref} />
      ) : isMap ? (
        <div className="map-view">
          <LazyMap
            tileUrl={root?.tileUrl ?? "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"}
            label="Carte des épreuves"
            markers={d.markers ?? []}
            fallback={
              <p className="hint">La carte s'affiche avec JavaScript. Voici les épreuves et leur lieu&nbsp;:</p>
            }
          />
          <ul className="place-list">
            {d.cards.map((c) => (
              <li key={c.id}>
                <FastLink to={paths.eventPage(c.slug)}>{c.nom}</FastLink> —{" "}
                <span className="muted">{`${c.lieu} (${c.departement})`}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <ul className="card-grid">
          {d.cards.map((c) => (
            <CourseCard key={c.id} c={c} headingLevel={2} />
          ))}
        </ul>
      )}

      <Pager
        prev={d.prev !== null ? paths.eventsPage(d.prev) : null}
        next={d.next !== null ? paths.eventsPage(d.next) : null}
      />
    </section>
  );
}

type Data = SerializeFrom<typeof loader>;

/** How many épreuves match (and which page, or how many are on the map), and the list/map switch. */
function ResultsBar({ d, busy }: { d: Data; busy: boolean }) {
  const isMap = d.filters.vue === "carte";
  const { total, filters } = d;
  // Beyond LIST_MAX_ROWS matches the count stops (docs/decisions/0160): "Plus de 500 épreuves".
  const countText = d.totalCapped
    ? `Plus de ${formatNumber(total)} épreuves`
    : `${formatNumber(total)} épreuve${total > 1 ? "s" : ""}`;
  const onMap = d.markers?.length ?? 0;
  return (
    <div className="results-bar">
      <p className="results-count" aria-live="polite" data-testid="results-count">
        {busy
          ? "Recherche en cours…"
          : isMap && d.markers
            ? `${countText}${onMap < total ? ` · ${onMap} sur la carte` : ""}`
            : d.totalCapped
              ? `${countText} · page ${filters.page}`
              : d.pages > 1 && filters.page <= d.pages
                ? `${countText} · page ${filters.page} sur ${d.pages}`
                : countText}
      </p>
      <nav className="view-toggle" aria-label="Affichage">
        <Link
          to={paths.eventsPage(d.listHref)}
          className={`btn btn-small ${isMap ? "btn-ghost" : "btn-primary"}`}
          aria-current={isMap ? undefined : "page"}
        >
          Liste
        </Link>
        <Link
          to={paths.eventsPage(d.mapHref)}
          className={`btn btn-small ${isMap ? "btn-primary" : "btn-ghost"}`}
          aria-current={isMap ? "page" : undefined}
        >
          Carte
        </Link>
      </nav>
    </div>
  );
}

/** No card to show: past the list's depth, or nothing found (past the last page, say), and the ways back. */
function EmptyResults({ d, resetHref }: { d: Data; resetHref: string }) {
  const { total, filters } = d;
  return (
    <div className="empty">
      {d.tooDeep ? (
        <p data-testid="too-deep">
          <strong>
            La liste s'arrête aux {formatNumber(LIST_MAX_ROWS)} premières épreuves. Précisez la recherche (dates,
            département, type, distance…) pour voir les suivantes.
          </strong>
        </p>
      ) : (
        <p>
          <strong>Aucune épreuve trouvée</strong>
          {total > 0 && filters.page > d.pages ? (
            <>
              <br />
              {`Cette page est au-delà de la dernière (page ${d.pages}).`}
            </>
          ) : null}
        </p>
      )}
      {filters.page > 1 ? (
        <p>
          <Link to={paths.eventsPage(d.firstPage)} className="btn btn-ghost">
            Revenir à la première page
          </Link>
        </p>
      ) : null}
      <p>
        <Link to={resetHref} className="btn btn-primary">
          Réinitialiser les filtres
        </Link>
      </p>
    </div>
  );
}
