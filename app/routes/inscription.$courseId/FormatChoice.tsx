// The format choice: one radio per format, with its date, distance, price and what is left (a full format whose
// waiting list is on stays selectable; before the opening or after the close a format says when it opens).
import { formatAvailability, type RegistrationValues } from "~/domain/registration";
import { fullness, heldLabel, placesLeft } from "~/domain/registration-rules";
import { formatDate, formatEuros, formatKm, formatMeters, formatTime } from "~/domain/format";
import type { Errors } from "./ErrorSummary";
import { RadioFieldset } from "./RadioFieldset";
import type { FormatView } from "./page-data.server";

export function FormatChoice({
  formats,
  values,
  errors,
}: {
  formats: readonly FormatView[];
  values: RegistrationValues;
  errors: Errors;
}) {
  return (
    <RadioFieldset
      legend="Format"
      groupId="format-choices"
      groupClassName="format-choices"
      describedBy={errors.format_id ? "f-format_id-error" : undefined}
      radios={formats.map((f) => {
        const avail = formatAvailability(f);
        // A full format whose waiting list is on stays selectable: its submit joins the list. Before the
        // opening (or after the close) a format is not selectable, and says when it opens.
        const full = avail === "full" || Boolean(f.fenetre);
        const left = placesLeft(f.nb_max_coureurs, f.taken);
        return (
          <label key={f.id} className={`format-choice${avail !== "open" ? " is-full" : ""}`}>
            <input
              type="radio"
              name="format_id"
              value={f.id}
              defaultChecked={values.format_id === f.id}
              disabled={full}
            />
            <span className="format-choice-body">
              <span className="format-choice-name">
                {f.nom}
                {f.fenetre
                  ? ` (${f.fenetre.charAt(0).toLowerCase()}${f.fenetre.slice(1)})`
                  : full || avail === "waitlist"
                    ? fullnessSuffix(f, avail === "waitlist")
                    : ""}
              </span>
              <span className="format-choice-meta">
                {formatDate(f.date)}
                {f.heure_depart ? ` · ${formatTime(f.heure_depart)}` : ""} · {formatKm(f.distance_km)} ·{" "}
                {formatMeters(f.denivele_dplus)} D+
              </span>
              <span className="format-choice-price">
                {formatEuros(f.prix_cents)}
                {avail === "open" && left != null && left <= 10 ? (
                  <span className="places-left">
                    {" "}
                    · {left} place{left > 1 ? "s" : ""} restante{left > 1 ? "s" : ""}
                  </span>
                ) : null}
              </span>
            </span>
          </label>
        );
      })}
    >
      {errors.format_id ? (
        <p id="f-format_id-error" className="field-error" role="alert">
          {errors.format_id}
        </p>
      ) : null}
    </RadioFieldset>
  );
}

/**
 * Why a format cannot be taken now, after its name: '(complet)' only when every place is held for good; places held
 * by checkouts in progress say so (issue 42); a waiting list on says it takes names.
 */
function fullnessSuffix(f: FormatView, list: boolean): string {
  const state = fullness(f.nb_max_coureurs, f.taken, f.held);
  const why = state === "en_paiement" ? heldLabel(f.held) : state === "complet" ? "complet" : "";
  if (!list) return ` (${why || "complet"})`;
  return why ? ` (${why}\u00a0: liste d'attente)` : " (liste d'attente)";
}
