// Demo results (issue 44, decision 0217): every other demo event is still to come, so one past edition carries
// published results, to see the public results page and a runner's result on /mesinscriptions locally. Its
// registrations (some who chose not to appear, one DNF, one DNS) and its published lines, written as the publication
// writes them (app/db/results.server.ts: the folded search and sort keys, the anonymous flag, the category ranks).
// Pure: rows to insert, built by app/db/demo-data.ts. Runs under Node's type stripping (scripts/seed.ts).
import { foldName } from "./identity.ts";

/** The past edition, as app/db/demo-data.ts lists it (its index there gives its ids). */
export const DEMO_RESULTS = {
  courseSlug: "trail-de-la-sainte-victoire",
  formatNom: "Sainte-Victoire 24 km",
  /** Finishers (classés), then one DNF and one DNS. */
  finishers: 36,
  /** The bib of coureur@balise.test, a finisher. */
  runnerBib: 12,
} as const;

type Row = Record<string, string | number | boolean | null>;

const PRENOMS = ["Lucas", "Emma", "Hugo", "Chloé", "Louis", "Manon", "Jules", "Léa", "Arthur", "Inès", "Nathan", "Zoé"];
const NOMS = ["Girard", "Roux", "Faure", "Blanc", "Guerin", "Mercier", "Bonnet", "Lambert", "Fontaine", "Chevalier"];
const CLUBS = ["Provence Trail", "ASPTT Marseille", "Aix Athlé", null, "Team Ventoux"];
const CATEGORIES = ["SEH", "SEF", "M1H", "M1F", "M2H"];
/** Bibs whose runner chose not to appear in public results. */
const ANONYMOUS = new Set([5, 17, 29]);

export interface DemoResultsInput {
  courseId: string;
  formatId: string;
  /** The race day's start, ISO (the registrations were made before it, the results published after). */
  raceIso: string;
  ownerId: string;
  runner: { id: string; nom: string; prenom: string; email: string; club: string };
}

/** The registrations and published results of the past edition, as [table, row] pairs in insertion order. */
export function demoResultRows(d: DemoResultsInput): [string, Row][] {
  const registered = new Date(Date.parse(d.raceIso) - 30 * 86_400_000).toISOString();
  const published = new Date(Date.parse(d.raceIso) + 86_400_000).toISOString();
  const total = DEMO_RESULTS.finishers + 2;
  const out: [string, Row][] = [];
  const results: Row[] = [];
  for (let bib = 1; bib <= total; bib++) {
    const mine = bib === DEMO_RESULTS.runnerBib;
    const nom = mine ? d.runner.nom : NOMS[(bib * 7) % NOMS.length];
    const prenom = mine ? d.runner.prenom : PRENOMS[(bib * 5) % PRENOMS.length];
    const club = mine ? d.runner.club : CLUBS[bib % CLUBS.length];
    const id = `i0000000-0000-4000-8000-${String(300 + bib).padStart(12, "0")}`;
    out.push([
      "inscriptions",
      {
        id,
        course_id: d.courseId,
        format_id: d.formatId,
        coureur_id: mine ? d.runner.id : null,
        statut: "validee",
        paiement_trace_id: `demo-trace-resultats-${bib}`,
        nom,
        prenom,
        email: mine ? d.runner.email : null,
        club,
        pays: "France",
        apparaitre_resultats: !ANONYMOUS.has(bib),
        nombre_repas: 0,
        prix_total_repas_cents: 0,
        prix_total_coureur_cents: 0,
        dossard: bib,
        added_by_organiser: !mine,
        created_at: registered,
        updated_at: registered,
      },
    ]);
    // Finishers in bib order, 1 h 58 min 13 s for the first, then 1 to 5 min apart; the last two DNF and DNS.
    const classe = bib <= DEMO_RESULTS.finishers;
    const statut = classe ? "classe" : bib === total - 1 ? "dnf" : "dns";
    results.push({
      format_id: d.formatId,
      inscription_id: id,
      ligne: bib + 1,
      dossard: bib,
      temps_secondes: classe ? 7030 + bib * 60 + bib * bib * 3 : null,
      classement: classe ? bib : null,
      categorie: CATEGORIES[(bib * 3) % CATEGORIES.length],
      statut,
      nom: null,
      prenom: null,
      club: null,
      anonyme: ANONYMOUS.has(bib),
      recherche: foldName(`${nom} ${prenom} ${club ?? ""}`),
      nom_tri: foldName(`${nom} ${prenom}`),
      rang_categorie: null,
    });
  }
  // The rank within the category (the publication's rank() over the overall rank), for the ranked lines.
  for (const r of results)
    if (r.classement !== null)
      r.rang_categorie =
        results.filter(
          (x) =>
            x.categorie === r.categorie && x.classement !== null && (x.classement as number) < (r.classement as number),
        ).length + 1;
  for (const r of results) out.push(["resultats", r]);
  out.push([
    "resultats_formats",
    {
      format_id: d.formatId,
      brouillon_version: 1,
      publie_at: published,
      publie_par: d.ownerId,
      lignes_publiees: results.length,
      updated_at: published,
    },
  ]);
  return out;
}
