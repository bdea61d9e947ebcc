// The benches' dataset (catalogue, admin): `events` events of 3 formats, 10 registrations per format (a tenth
// cancelled, a fifth pending, the rest validated and paid), spread over the last months, in plain SQL run by
// `wrangler d1 execute --file` on a fresh local D1 with the real migrations (their triggers keep the summaries).
// With `schema` (the database's own trigger and index definitions, read from sqlite_master after the migrations),
// the seed drops the triggers and indexes of the tables it fills, inserts the rows, creates the same indexes
// (one sort each instead of one B-tree insert per row and index), fills what the triggers keep in one pass per table
// (the statements the migrations back-fill with), then creates the same triggers again (issue 26).
const FORMATS_PER_EVENT = 3;
const REGS_PER_FORMAT = 10;
const PLACES = [
  ["Chamonix-Mont-Blanc", "Haute-Savoie"],
  ["Annecy", "Haute-Savoie"],
  ["Grenoble", "Isère"],
  ["Villard-de-Lans", "Isère"],
  ["Lyon", "Rhône"],
  ["Marseille", "Bouches-du-Rhône"],
  ["Bordeaux", "Gironde"],
  ["Pauillac", "Gironde"],
  ["Millau", "Aveyron"],
  ["Paris", "Paris"],
  ["Rennes", "Ille-et-Vilaine"],
  ["Gérardmer", "Vosges"],
  ["Beaune", "Côte-d'Or"],
  ["Le Mont-Dore", "Puy-de-Dôme"],
  ["Boulogne-sur-Mer", "Pas-de-Calais"],
  ["Vernet-les-Bains", "Pyrénées-Orientales"],
  ["Montpellier", "Hérault"],
  ["Nantes", "Loire-Atlantique"],
  ["Toulouse", "Haute-Garonne"],
  ["Strasbourg", "Bas-Rhin"],
  ["Lille", "Nord"],
  ["Nice", "Alpes-Maritimes"],
  ["Brest", "Finistère"],
  ["Ajaccio", "Corse-du-Sud"],
  ["Limoges", "Haute-Vienne"],
];
const SURNAMES = [
  "Martin",
  "Bernard",
  "Thomas",
  "Petit",
  "Robert",
  "Richard",
  "Durand",
  "Dubois",
  "Moreau",
  "Laurent",
  "Simon",
  "Michel",
  "Lefèvre",
  "Leroy",
  "Roux",
  "David",
  "Bertrand",
  "Morel",
  "Fournier",
  "Girard",
];
const FIRST_NAMES = [
  "Camille",
  "Léa",
  "Hugo",
  "Louise",
  "Jules",
  "Chloé",
  "Lucas",
  "Emma",
  "Nathan",
  "Inès",
  "Théo",
  "Manon",
];

const q = (s) => `'${s.replace(/'/g, "''")}'`;
/** The `list` entry at the SQL position `expr` (a CASE: no join, hence no scan of the list per row). */
const pick = (list, expr) => `CASE ${expr} ${list.map((v, k) => `WHEN ${k} THEN ${q(v)}`).join(" ")} END`;

/** Zero-padding wide enough for `n` ids (at least 5 digits, as the first benches had). */
function width(n) {
  return Math.max(5, String(Math.max(0, n - 1)).length);
}

/**
 * Back-fill statements of the migrations, for the tables the triggers of courses/formats/inscriptions/paiements keep.
 * The admin counters are counted once per (event, status) and per event, from the registrations' (format, status)
 * index and the formats' events, then summed (every registration's event is its format's), instead of one pass over
 * the registrations per counter (issue 26: 3.2–4.4 s at 100,000 events before, 2.9 s after).
 */
function derivedTablesSql() {
  return `
INSERT INTO courses_fts (rowid, nom, lieu, departement)
SELECT m.id, c.nom, c.lieu, c.departement FROM course_search_ids m JOIN courses c ON c.id = m.course_id WHERE c.id LIKE 'bc-%';
INSERT INTO courses_trigram (rowid, nom, lieu, departement)
SELECT m.id, c.nom, c.lieu, c.departement FROM course_search_ids m JOIN courses c ON c.id = m.course_id WHERE c.id LIKE 'bc-%';
CREATE VIRTUAL TABLE course_terms_seed USING fts5vocab(courses_fts, instance);
INSERT OR IGNORE INTO course_terms (course_search_id, term) SELECT doc, term FROM course_terms_seed ORDER BY doc, term;
DROP TABLE course_terms_seed;
INSERT INTO course_stats (course_id, departement, course_search_id, nb_formats, min_distance, max_distance, min_dplus, max_dplus, min_price_cents, has_meals, first_date, last_date, types, next_date, course_created_at, en_ligne, terms)
SELECT c.id, c.departement, (SELECT m.id FROM course_search_ids m WHERE m.course_id = c.id), count(f.id), min(f.distance_km), max(f.distance_km), min(f.denivele_dplus), max(f.denivele_dplus), min(f.prix_cents),
       coalesce(max(f.stock_repas > 0), 0),
       min(CASE WHEN f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN f.date END),
       max(CASE WHEN f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN f.date END),
       (SELECT group_concat(t.type_epreuve) FROM (SELECT DISTINCT ft.type_epreuve FROM formats ft WHERE ft.course_id = c.id ORDER BY ft.type_epreuve) t),
       min(CASE WHEN f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND f.date >= coalesce((SELECT j.jour FROM catalogue_jour j WHERE j.id = 1), '') THEN f.date END),
       c.created_at, c.en_ligne,
       (SELECT group_concat(' ' || t.term, '') || ' ' FROM (SELECT ct.term FROM course_terms ct
         WHERE ct.course_search_id = (SELECT m.id FROM course_search_ids m WHERE m.course_id = c.id) ORDER BY ct.term) t)
FROM courses c LEFT JOIN formats f ON f.course_id = c.id
WHERE c.id LIKE 'bc-%'
GROUP BY c.id;
INSERT INTO inscriptions_historique (inscription_id, created_at, event, actor, actor_id, from_statut, to_statut, amount_cents)
SELECT id, created_at, last_event, last_actor, last_actor_id, NULL, statut, last_amount_cents FROM inscriptions WHERE id LIKE 'bi-%' ORDER BY rowid;
DELETE FROM admin_totaux;
DELETE FROM admin_jours;
INSERT INTO admin_totaux (portee, cle, n) SELECT '*', 'courses', count(*) FROM courses;
INSERT INTO admin_totaux (portee, cle, n) SELECT '*', 'formats', count(*) FROM formats;
INSERT INTO admin_totaux (portee, cle, n) SELECT '*', 'organisateurs', count(DISTINCT organisateur_id) FROM courses;
CREATE TEMP TABLE seed_inscriptions_n AS
SELECT f.course_id AS course_id, x.statut AS statut, sum(x.n) AS n
FROM (SELECT format_id, statut, count(*) AS n FROM inscriptions GROUP BY format_id, statut) x JOIN formats f ON f.id = x.format_id
GROUP BY f.course_id, x.statut;
INSERT INTO admin_totaux (portee, cle, n) SELECT '*', 'inscriptions', coalesce(sum(n), 0) FROM seed_inscriptions_n;
INSERT INTO admin_totaux (portee, cle, n) SELECT '*', 'inscriptions:' || statut, sum(n) FROM seed_inscriptions_n GROUP BY statut;
INSERT INTO admin_totaux (portee, cle, n) SELECT 'c:' || course_id, 'inscriptions', sum(n) FROM seed_inscriptions_n GROUP BY course_id;
INSERT INTO admin_totaux (portee, cle, n) SELECT 'c:' || course_id, 'inscriptions:' || statut, n FROM seed_inscriptions_n;
DROP TABLE seed_inscriptions_n;
CREATE TEMP TABLE seed_ca AS
SELECT course_id, sum(amount_total_cents) AS ca FROM paiements WHERE status IN ('succeeded', 'refunded') GROUP BY course_id;
INSERT INTO admin_totaux (portee, cle, n) SELECT '*', 'ca_brut_cents', coalesce(sum(ca), 0) FROM seed_ca;
INSERT INTO admin_totaux (portee, cle, n) SELECT 'c:' || course_id, 'ca_brut_cents', ca FROM seed_ca;
DROP TABLE seed_ca;
INSERT INTO admin_jours (portee, jour, inscriptions, ca_brut_cents)
SELECT 'c:' || course_id, jour, sum(inscriptions), sum(ca_brut_cents) FROM (
  SELECT course_id, substr(created_at, 1, 10) AS jour, count(*) AS inscriptions, 0 AS ca_brut_cents FROM inscriptions WHERE statut = 'validee' GROUP BY 1, 2
  UNION ALL
  SELECT course_id, substr(created_at, 1, 10), 0, sum(amount_total_cents) FROM paiements WHERE status IN ('succeeded', 'refunded') GROUP BY 1, 2
) GROUP BY course_id, jour;
INSERT INTO admin_jours (portee, jour, inscriptions, ca_brut_cents)
SELECT '*', jour, sum(inscriptions), sum(ca_brut_cents) FROM admin_jours WHERE portee LIKE 'c:%' GROUP BY jour;
`;
}

/** A seed statement's name in the timings: the table it writes. */
function stepLabel(sql) {
  const m = /\b(INSERT(?: OR IGNORE)? INTO|DELETE FROM|CREATE TEMP TABLE) (\w+)/.exec(sql);
  if (!m) return sql.slice(0, 40);
  return `${m[1].startsWith("DELETE") ? "effacement" : m[1].startsWith("CREATE") ? "comptes" : "insertion"} ${m[2]}`;
}

/** Tables whose triggers and indexes the fast seed suspends (everything else it writes has no trigger). */
const SEEDED_TABLES = ["courses", "formats", "inscriptions", "paiements", "course_stats"];
/**
 * Tables whose triggers only are suspended: course_search_ids keeps its unique index on course_id, which the
 * summaries' fill looks every event's key up by (without it, one scan per event).
 */
const TRIGGERS_ONLY_TABLES = ["course_search_ids"];

/**
 * Partial indexes the dataset leaves empty (no registration waits, transfers, sends a document, checks out or has
 * a bib; every payment balances). They stay in place during the load: each row only tests their condition, where
 * building them afterwards would read the 3,000,000 registrations once each (about 0.4 s apiece at 100,000 events).
 */
export const EMPTY_INDEXES = [
  "inscriptions_liste_attente_idx",
  "inscriptions_cession_idx",
  "inscriptions_justificatif_document_idx",
  "inscriptions_checkout_idx",
  "inscriptions_format_dossard_uq",
  "paiements_unbalanced_idx",
];

/**
 * The catalogue bench's dataset: `events` events, their formats, registrations and payments, as SQL steps. With
 * `schema` (the database's trigger and index definitions, from sqlite_master), the fast load described above;
 * without it, plain inserts that the triggers keep.
 * @param {{ events?: number, schema?: { type: string, name: string, tbl_name: string, sql: string | null }[] | null }} [options]
 */
export function catalogueDataset({ events = 10_000, schema = null } = {}) {
  const w = width(events);
  const fw = w + 1;
  const rw = w + 2;
  const formats = events * FORMATS_PER_EVENT;
  const registrations = formats * REGS_PER_FORMAT;
  const placesCte = `places(k, lieu, dep) AS (VALUES ${PLACES.map(([l, d], k) => `(${k}, ${q(l)}, ${q(d)})`).join(", ")})`;
  const seedSql = `
INSERT OR IGNORE INTO users (id, email, password_hash) VALUES ('bench-org', 'bench-org@balise.test', 'bench-no-login');
INSERT OR IGNORE INTO profils_utilisateurs (user_id, email, organisation_nom, stripe_account_id, stripe_charges_enabled, stripe_payouts_enabled, stripe_details_submitted)
  VALUES ('bench-org', 'bench-org@balise.test', 'Banc de mesure', 'acct_bench', 1, 1, 1);
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${events - 1}), ${placesCte}
INSERT INTO courses (id, nom, presentation, lieu, departement, code_postal, lat, lng, organisateur_id, en_ligne, slug, created_at, updated_at)
SELECT printf('bc-%0${w}d', i),
  CASE i % 4 WHEN 0 THEN 'Trail' WHEN 1 THEN 'Course' WHEN 2 THEN 'Rando' ELSE 'Foulées' END || ' de ' || p.lieu || ' n° ' || i,
  'Une épreuve de test pour le banc de mesure du catalogue.', p.lieu, p.dep, printf('%05d', 1000 + (i * 37) % 95000),
  42.5 + ((i * 7919) % 6000) / 1000.0, -1.5 + ((i * 104729) % 9000) / 1000.0,
  'bench-org', CASE WHEN i % 50 = 0 THEN 0 ELSE 1 END, printf('bench-course-%0${w}d', i),
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d days', i % 400)), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d days', i % 400))
FROM n CROSS JOIN places p ON p.k = i % ${PLACES.length};
INSERT OR IGNORE INTO course_search_ids (course_id) SELECT id FROM courses WHERE id LIKE 'bc-%' ORDER BY created_at, id;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${formats - 1})
INSERT INTO formats (id, course_id, nom, date, heure_depart, type_epreuve, distance_km, denivele_dplus, denivele_dmoins, prix_cents,
  stock_repas, prix_repas_cents, prix_total_inscription_cents, nb_max_coureurs, position, ravitaillements, adresse_depart)
SELECT printf('bf-%0${fw}d', i), printf('bc-%0${w}d', i / ${FORMATS_PER_EVENT}), 'Format ' || (i % ${FORMATS_PER_EVENT} + 1),
  CASE WHEN i % 97 = 0 THEN NULL ELSE date('now', printf('%+d days', (i * 13) % 420 - 30)) END,
  printf('%02d:%02d', 6 + i % 4, (i % 2) * 30),
  CASE (i / ${FORMATS_PER_EVENT}) % 3 WHEN 0 THEN 'trail' WHEN 1 THEN 'route' ELSE 'rando' END,
  5 + (i * 7) % 70, (i * 37) % 3500, (i * 37) % 3500, 1000 + (i * 11) % 7000,
  CASE WHEN i % 5 = 0 THEN 100 ELSE 0 END, CASE WHEN i % 5 = 0 THEN 1500 ELSE 0 END,
  1000 + (i * 11) % 7000 + CASE WHEN i % 5 = 0 THEN 1500 ELSE 0 END,
  CASE WHEN i % 7 = 0 THEN NULL ELSE 10 + i % 40 END, i % ${FORMATS_PER_EVENT}, 'km 5 ; km 10, arrivée', 'Place de la mairie'
FROM n;
WITH RECURSIVE t0(plus1, minus1, e0) AS (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day'), unixepoch('now') - ${registrations - 1} * 53),
  jours(d, p) AS MATERIALIZED (SELECT e0 / 86400, strftime('%Y-%m-%dT', e0 / 86400 * 86400, 'unixepoch') FROM t0 UNION ALL SELECT d + 1, strftime('%Y-%m-%dT', (d + 1) * 86400, 'unixepoch') FROM jours WHERE d < unixepoch('now') / 86400),
  n(i, e) AS (SELECT 0, e0 FROM t0 UNION ALL SELECT i + 1, e + 53 FROM n WHERE i < ${registrations - 1}),
  r(i, ts) AS (SELECT n.i, printf('%s%02d:%02d:%02d.000Z', j.p, n.e % 86400 / 3600, n.e % 3600 / 60, n.e % 60) FROM n JOIN jours j ON j.d = n.e / 86400)
INSERT INTO inscriptions (id, course_id, format_id, statut, paiement_trace_id, nom, prenom, email, hold_expires_at, prix_total_coureur_cents, created_at, updated_at)
SELECT printf('bi-%0${rw}d', i), printf('bc-%0${w}d', i / ${REGS_PER_FORMAT} / ${FORMATS_PER_EVENT}), printf('bf-%0${fw}d', i / ${REGS_PER_FORMAT}),
  CASE i % 10 WHEN 0 THEN 'annulee' WHEN 1 THEN 'en_attente' WHEN 2 THEN 'en_attente' ELSE 'validee' END,
  printf('bt-%0${rw}d', i), ${pick(SURNAMES, `i % ${SURNAMES.length}`)}, ${pick(FIRST_NAMES, `(i / 7) % ${FIRST_NAMES.length}`)}, printf('c%0${rw}d@bench.test', i),
  CASE i % 10 WHEN 1 THEN (SELECT plus1 FROM t0) WHEN 2 THEN (SELECT minus1 FROM t0) END, 2000,
  ts, ts
FROM r;
WITH echeances(format_id, jour) AS MATERIALIZED (
  SELECT id, date(date, '+1 day') FROM formats WHERE id LIKE 'bf-%' AND date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
INSERT INTO paiements (id, inscription_id, course_id, format_id, organisateur_id, destination_account_id, checkout_session_id, charge_id, status,
  amount_total_cents, fee_total_cents, platform_fee_cents, platform_fee_at_payment_cents, transferred_total_cents, refunded_cents, net_remaining_cents, created_at, updated_at, payout_due_on)
SELECT 'bp-' || substr(i.id, 4), i.id, i.course_id, i.format_id, 'bench-org', 'acct_bench', 'cs_bench_' || substr(i.id, 4), 'ch_bench_' || substr(i.id, 4),
  'succeeded', 2000, 55, 100, 100, 0, 0, 1845, i.created_at, i.created_at, e.jour
FROM inscriptions i LEFT JOIN echeances e ON e.format_id = i.format_id WHERE i.id LIKE 'bi-%' AND i.statut = 'validee';
`;
  const suspended = (schema ?? []).filter((t) => SEEDED_TABLES.includes(t.tbl_name) && t.sql);
  const triggers = (schema ?? []).filter(
    (t) => t.type === "trigger" && [...SEEDED_TABLES, ...TRIGGERS_ONLY_TABLES].includes(t.tbl_name),
  );
  const indexes = suspended.filter((t) => t.type === "index" && !EMPTY_INDEXES.includes(t.name));
  // The seed as named steps (loadLocalD1 times each one); a step is one statement, or one group of DROP/CREATE.
  const statements = (sql) =>
    sql
      .split(/;\n/)
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => ({ label: stepLabel(x), sql: `${x};` }));
  const steps =
    schema === null
      ? statements(seedSql)
      : [
          { label: "déclencheurs suspendus", sql: triggers.map((t) => `DROP TRIGGER ${t.name};`).join("\n") },
          { label: "index suspendus", sql: indexes.map((t) => `DROP INDEX ${t.name};`).join("\n") },
          ...statements(seedSql),
          // The summaries' indexes after the summaries (one sort each), the others before (the fill reads them).
          ...indexes
            .filter((t) => t.tbl_name !== "course_stats")
            .map((t) => ({ label: `index ${t.name}`, sql: `${t.sql};` })),
          ...statements(derivedTablesSql()),
          ...indexes
            .filter((t) => t.tbl_name === "course_stats")
            .map((t) => ({ label: `index ${t.name}`, sql: `${t.sql};` })),
          { label: "déclencheurs recréés", sql: triggers.map((t) => `${t.sql};`).join("\n") },
        ];
  const fastSql = steps.map((step) => step.sql).join("\n");
  return {
    seedSql: fastSql,
    steps,
    counts: { events, formats, registrations },
    courseSlug: (i) => `bench-course-${String(i).padStart(w, "0")}`,
    courseId: (i) => `bc-${String(i).padStart(w, "0")}`,
  };
}

/**
 * The load's process: a bulk load spends much of its time in the kernel, handing fresh memory to SQLite's page
 * cache and sorter, and glibc gives each large block back to the kernel as soon as it is freed. The loader runs in
 * a Node process of its own with the allocator keeping what it frees and asking for huge pages (issue 26: about
 * 4 s less system time at 100,000 events).
 */
export const LOADER_MALLOC =
  "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4000000000";

/**
 * Puts the loaded file `loaded` in the place of the local D1's own SQLite file under `persistTo` (the one
 * `wrangler d1 execute --local` creates), keeping what workerd wrote in it (its `_cf_*` tables): the tables of the
 * local file that the loaded one lacks are copied into it, the local file's write-ahead log and index are deleted
 * (they describe the file being replaced), and the loaded file takes its name.
 */
async function adoptLocalD1(loaded, persistTo) {
  const { DatabaseSync } = await import("node:sqlite");
  const { readdirSync, renameSync, rmSync } = await import("node:fs");
  const dir = `${persistTo}/v3/d1/miniflare-D1DatabaseObject`;
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`Une seule base D1 locale attendue dans ${dir} : ${files.join(", ")}`);
  const target = `${dir}/${files[0]}`;
  const db = new DatabaseSync(loaded);
  try {
    db.exec(`ATTACH ${q(target)} AS locale`);
    const theirs = db.prepare("SELECT name, sql FROM locale.sqlite_master WHERE type = 'table'").all();
    const ours = new Set(
      db
        .prepare("SELECT name FROM main.sqlite_master WHERE type = 'table'")
        .all()
        .map((t) => t.name),
    );
    for (const t of theirs.filter((t) => !ours.has(t.name))) {
      db.exec(t.sql);
      db.exec(`INSERT INTO main."${t.name}" SELECT * FROM locale."${t.name}"`);
    }
    db.exec("DETACH locale");
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
  for (const suffix of ["-wal", "-shm"]) {
    rmSync(`${target}${suffix}`, { force: true });
    rmSync(`${loaded}${suffix}`, { force: true });
  }
  renameSync(loaded, target);
}

/**
 * Migrates and loads the dataset into a new SQLite file (bench/load-d1.mjs, in a Node process of its own: see
 * LOADER_MALLOC) while `createDatabase` has wrangler create the local D1 (`wrangler d1 execute --local
 * --persist-to <persistTo>`; no wrangler dev may run on it), then puts the loaded file in its place
 * (adoptLocalD1). Without `createDatabase`, the local D1 must exist already. Returns the dataset (counts, ids)
 * and `timings`, each step's milliseconds, slowest first.
 */
export async function loadLocalD1(
  persistTo,
  { events = 10_000, migrationsDir = "migrations", createDatabase = async () => {} } = {},
) {
  const { execFile } = await import("node:child_process");
  const { mkdirSync, rmSync } = await import("node:fs");
  const { fileURLToPath } = await import("node:url");
  const script = fileURLToPath(new URL("./load-d1.mjs", import.meta.url));
  mkdirSync(persistTo, { recursive: true });
  const loaded = `${persistTo}/chargement-d1.sqlite`;
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${loaded}${suffix}`, { force: true });
  const [stdout] = await Promise.all([
    new Promise((resolve, reject) => {
      const child = execFile(
        process.execPath,
        [script, loaded, String(events), migrationsDir],
        { env: { ...process.env, GLIBC_TUNABLES: LOADER_MALLOC }, maxBuffer: 1 << 20 },
        (error, out) => (error ? reject(error) : resolve(out)),
      );
      child.stderr?.pipe(process.stderr);
    }),
    createDatabase(),
  ]);
  await adoptLocalD1(loaded, persistTo);
  return { ...catalogueDataset({ events }), timings: JSON.parse(stdout).timings };
}
