// Demo data: ~15 events across France, 2–4 formats each, GPX tracks for some, one draft, one full format,
// and the three demo accounts. Pure: returns SQL statements (INSERT OR IGNORE, so loading twice is harmless)
// and the files to put in R2. Dates are relative to `now`.
import { synthGpx } from "../domain/gpx-synth.ts";
import * as paths from "../domain/paths.ts";
import { DEMO_RESULTS, demoResultRows } from "./demo-results.ts";

export const DEMO_PASSWORD = "balise-demo";
/** The demo organiser's account with the local payment provider (activated). */
export const DEMO_LOCAL_ACCOUNT = "acct_local_demo_organisateur";

export const DEMO_USERS = {
  admin: { id: "00000000-0000-4000-a000-000000000001", email: "admin@balise.test", prenom: "Alice", nom: "Martin" },
  organisateur: {
    id: "00000000-0000-4000-a000-000000000002",
    email: "organisateur@balise.test",
    prenom: "Olivier",
    nom: "Durand",
  },
  coureur: {
    id: "00000000-0000-4000-a000-000000000003",
    email: "coureur@balise.test",
    prenom: "Camille",
    nom: "Bernard",
  },
  organisateur2: {
    id: "00000000-0000-4000-a000-000000000004",
    email: "organisatrice@balise.test",
    prenom: "Sophie",
    nom: "Lefèvre",
  },
} as const;

/** The demo runner's profile, the same on their account and on each of their registrations. */
const DEMO_RUNNER_PROFILE = {
  genre: "Femme",
  date_naissance: "1991-04-12",
  nationalite: "Française",
  telephone: "06 12 34 56 78",
  adresse: "12 rue des Lilas",
  code_postal: "69004",
  ville: "Lyon",
  pays: "France",
  club: "Lyon Trail Club",
  justificatif_type: "licence",
  numero_licence: "1234567",
  apparaitre_resultats: true,
  contact_urgence_nom: "Julien Bernard",
  contact_urgence_telephone: "06 98 76 54 32",
};

type Type = "trail" | "rando" | "route";
interface F {
  nom: string;
  type: Type;
  km: number;
  dplus: number;
  prix: number;
  heure: string;
  dayOffset?: number;
  cap?: number | null;
  repas?: [number, number];
  gpx?: boolean;
  age?: number;
}
interface C {
  slug: string;
  nom: string;
  lieu: string;
  departement: string;
  cp: string;
  lat: number;
  lng: number;
  days: number;
  createdDaysAgo: number;
  owner?: keyof typeof DEMO_USERS;
  enLigne?: boolean;
  ele: number;
  presentation: string;
  formats: F[];
  ravito?: string;
  dossards?: string;
  dotation?: string;
  hebergements?: string;
}

const COURSES: C[] = [
  {
    slug: "trail-des-aiguilles-rouges",
    nom: "Trail des Aiguilles Rouges",
    lieu: "Chamonix-Mont-Blanc",
    departement: "Haute-Savoie",
    cp: "74400",
    lat: 45.9237,
    lng: 6.8694,
    days: 62,
    createdDaysAgo: 40,
    ele: 1050,
    presentation:
      "Face au massif du Mont-Blanc, trois parcours techniques entre balcons, lacs d'altitude et crêtes des Aiguilles Rouges.",
    ravito: "Lac Blanc (km 9) ; Flégère (km 17), La Tête aux Vents",
    dossards: "Vendredi 16h–20h, salle du Bicentenaire",
    dotation: "Tee-shirt technique, bière locale",
    hebergements: "Camping des Molliasses\nGîte du Lavancher",
    formats: [
      {
        nom: "Découverte 12 km",
        type: "trail",
        km: 12,
        dplus: 650,
        prix: 2200,
        heure: "09:30",
        gpx: true,
        cap: 300,
        age: 16,
      },
      {
        nom: "Balcons 28 km",
        type: "trail",
        km: 28,
        dplus: 1800,
        prix: 3800,
        heure: "07:30",
        gpx: true,
        cap: 400,
        repas: [150, 1200],
        age: 18,
      },
      {
        nom: "Ultra des Aiguilles 55 km",
        type: "trail",
        km: 55,
        dplus: 3600,
        prix: 6500,
        heure: "05:00",
        gpx: true,
        cap: 250,
        repas: [150, 1200],
        age: 20,
      },
    ],
  },
  {
    slug: "semi-marathon-bordeaux-rive-droite",
    nom: "Semi-marathon de Bordeaux Rive Droite",
    lieu: "Bordeaux",
    departement: "Gironde",
    cp: "33100",
    lat: 44.8446,
    lng: -0.5583,
    days: 34,
    createdDaysAgo: 90,
    ele: 5,
    presentation: "Un parcours roulant le long des quais et du parc des Berges, idéal pour battre son record.",
    ravito: "km 5, km 10, km 15, arrivée",
    dossards: "Samedi 10h–18h, Darwin",
    dotation: "Médaille finisher",
    formats: [
      { nom: "10 km", type: "route", km: 10, dplus: 30, prix: 1800, heure: "09:00", cap: 1500 },
      { nom: "Semi-marathon", type: "route", km: 21.1, dplus: 60, prix: 2900, heure: "10:00", cap: 2500 },
    ],
  },
  {
    slug: "rando-des-cretes-vosgiennes",
    nom: "Rando des Crêtes Vosgiennes",
    lieu: "Gérardmer",
    departement: "Vosges",
    cp: "88400",
    lat: 48.0727,
    lng: 6.8773,
    days: 48,
    createdDaysAgo: 25,
    ele: 670,
    presentation: "Randonnée non chronométrée sur les crêtes, entre lacs et chaumes. Repas marcaire à l'arrivée.",
    ravito: "Col de la Schlucht\nHohneck\nLac de Longemer",
    dossards: "Sur place, dès 7h",
    hebergements: "Auberge du Lac\nGîte des Crêtes",
    formats: [
      {
        nom: "Boucle des lacs 15 km",
        type: "rando",
        km: 15,
        dplus: 450,
        prix: 1200,
        heure: "08:30",
        repas: [200, 1800],
        gpx: true,
      },
      {
        nom: "Grande traversée 25 km",
        type: "rando",
        km: 25,
        dplus: 950,
        prix: 1600,
        heure: "07:45",
        repas: [200, 1800],
      },
    ],
  },
  {
    slug: "trail-nocturne-du-vercors",
    nom: "Trail nocturne du Vercors",
    lieu: "Villard-de-Lans",
    departement: "Isère",
    cp: "38250",
    lat: 45.0706,
    lng: 5.5531,
    days: 75,
    createdDaysAgo: 10,
    ele: 1020,
    presentation: "Frontale obligatoire : une course de nuit dans les forêts du plateau, arrivée au cœur du village.",
    ravito: "Côte 2000, Bois Barbu",
    dossards: "Samedi 14h–19h, Maison du Patrimoine",
    formats: [
      { nom: "Nocturne 14 km", type: "trail", km: 14, dplus: 700, prix: 2500, heure: "19:30", gpx: true, cap: 350 },
      { nom: "Nocturne 24 km", type: "trail", km: 24, dplus: 1300, prix: 3400, heure: "19:00", cap: 250 },
    ],
  },
  {
    slug: "foulees-de-la-croix-rousse",
    nom: "Les Foulées de la Croix-Rousse",
    lieu: "Lyon",
    departement: "Rhône",
    cp: "69004",
    lat: 45.7745,
    lng: 4.8309,
    days: 27,
    createdDaysAgo: 60,
    ele: 170,
    presentation: "Montées et traboules : la course urbaine la plus vallonnée de Lyon.",
    ravito: "Place de la Croix-Rousse",
    dossards: "Samedi 10h–18h, mairie du 4e",
    formats: [
      { nom: "5 km", type: "route", km: 5, dplus: 90, prix: 1200, heure: "09:00", cap: 800 },
      { nom: "10 km", type: "route", km: 10, dplus: 180, prix: 1800, heure: "10:00", cap: 1200 },
      { nom: "Course enfants 1 km", type: "route", km: 1, dplus: 10, prix: 0, heure: "11:30", cap: 200, age: 6 },
    ],
  },
  {
    slug: "trail-des-calanques",
    nom: "Trail des Calanques",
    lieu: "Marseille",
    departement: "Bouches-du-Rhône",
    cp: "13009",
    lat: 43.2139,
    lng: 5.4476,
    days: 96,
    createdDaysAgo: 120,
    ele: 20,
    presentation: "Sentiers calcaires, vues sur la Méditerranée et passages techniques entre Sormiou et Morgiou.",
    ravito: "Col de Sugiton ; Sormiou",
    dossards: "Vendredi 15h–19h, Luminy",
    dotation: "Buff",
    formats: [
      { nom: "Sormiou 18 km", type: "trail", km: 18, dplus: 900, prix: 3000, heure: "08:00", gpx: true, cap: 500 },
      { nom: "Grand tour 42 km", type: "trail", km: 42, dplus: 2200, prix: 5500, heure: "06:30", cap: 300 },
    ],
  },
  {
    slug: "ronde-des-vignobles-beaune",
    nom: "Ronde des Vignobles",
    lieu: "Beaune",
    departement: "Côte-d'Or",
    cp: "21200",
    lat: 47.026,
    lng: 4.84,
    days: 120,
    createdDaysAgo: 30,
    ele: 220,
    presentation: "À travers les climats de Bourgogne, avec dégustation (avec modération) et repas à l'arrivée.",
    ravito: "Pommard, Volnay, Meursault",
    dossards: "Samedi 14h–18h, Hospices de Beaune",
    formats: [
      {
        nom: "Ronde 12 km",
        type: "route",
        km: 12,
        dplus: 120,
        prix: 2400,
        heure: "10:00",
        repas: [400, 2200],
        cap: 600,
      },
      {
        nom: "Marathon des vignes",
        type: "route",
        km: 42.2,
        dplus: 380,
        prix: 6000,
        heure: "08:30",
        repas: [400, 2200],
        cap: 800,
      },
    ],
  },
  {
    slug: "trail-du-pic-saint-loup",
    nom: "Trail du Pic Saint-Loup",
    lieu: "Saint-Martin-de-Londres",
    departement: "Hérault",
    cp: "34380",
    lat: 43.7906,
    lng: 3.7306,
    days: 55,
    createdDaysAgo: 5,
    ele: 190,
    presentation: "Garrigue, falaises et l'ascension du Pic : un classique héraultais.",
    ravito: "Ermitage, Cazevieille",
    dossards: "Sur place dès 6h30",
    formats: [
      { nom: "Rando 10 km", type: "rando", km: 10, dplus: 400, prix: 800, heure: "09:00" },
      { nom: "Trail 21 km", type: "trail", km: 21, dplus: 1100, prix: 2600, heure: "08:00", gpx: true, cap: 400 },
    ],
  },
  {
    slug: "trail-de-la-cote-d-opale",
    nom: "Trail de la Côte d'Opale",
    lieu: "Boulogne-sur-Mer",
    departement: "Pas-de-Calais",
    cp: "62200",
    lat: 50.7264,
    lng: 1.6147,
    days: 140,
    createdDaysAgo: 70,
    ele: 10,
    owner: "organisateur2",
    presentation: "Falaises, dunes et plages entre le cap Gris-Nez et Boulogne.",
    ravito: "Wimereux, Ambleteuse",
    dossards: "Samedi, Nausicaá",
    formats: [
      { nom: "Côte 16 km", type: "trail", km: 16, dplus: 350, prix: 2000, heure: "09:30", cap: 700 },
      { nom: "Deux caps 34 km", type: "trail", km: 34, dplus: 800, prix: 3500, heure: "08:00", cap: 500 },
    ],
  },
  {
    slug: "trail-des-causses",
    nom: "Trail des Causses",
    lieu: "Millau",
    departement: "Aveyron",
    cp: "12100",
    lat: 44.098,
    lng: 3.0777,
    days: 160,
    createdDaysAgo: 200,
    ele: 370,
    presentation: "Entre le Larzac et les gorges du Tarn, les sentiers mythiques des Grands Causses.",
    ravito: "Puncho d'Agast ; Roquesaltes ; Massebiau",
    dossards: "Jeudi et vendredi, parc de la Victoire",
    dotation: "Veste finisher",
    formats: [
      { nom: "Causse 24 km", type: "trail", km: 24, dplus: 1050, prix: 3200, heure: "09:00", cap: 800 },
      {
        nom: "Gorges 48 km",
        type: "trail",
        km: 48,
        dplus: 2300,
        prix: 5200,
        heure: "06:00",
        gpx: true,
        cap: 600,
        repas: [300, 1500],
      },
      {
        nom: "Grand Causses 78 km",
        type: "trail",
        km: 78,
        dplus: 3500,
        prix: 8500,
        heure: "04:00",
        cap: 400,
        repas: [300, 1500],
      },
    ],
  },
  {
    slug: "10-km-de-paris-bercy",
    nom: "10 km de Paris Bercy",
    lieu: "Paris",
    departement: "Paris",
    cp: "75012",
    lat: 48.8384,
    lng: 2.3822,
    days: 41,
    createdDaysAgo: 15,
    ele: 35,
    presentation: "Départ au pied de l'Accor Arena, un 10 km plat et rapide le long de la Seine.",
    ravito: "km 5",
    dossards: "Samedi, village de la course",
    formats: [
      { nom: "10 km", type: "route", km: 10, dplus: 25, prix: 2500, heure: "09:30", cap: 5000 },
      { nom: "5 km", type: "route", km: 5, dplus: 10, prix: 1500, heure: "08:45", cap: 2000 },
    ],
  },
  {
    slug: "trail-du-canigou",
    nom: "Trail du Canigou",
    lieu: "Vernet-les-Bains",
    departement: "Pyrénées-Orientales",
    cp: "66820",
    lat: 42.5481,
    lng: 2.3878,
    days: 180,
    createdDaysAgo: 3,
    ele: 650,
    presentation: "L'ascension de la montagne sacrée des Catalans, 2 784 m.",
    ravito: "Refuge des Cortalets, Mariailles",
    dossards: "Vendredi, office de tourisme",
    hebergements: "Refuge des Cortalets",
    formats: [
      { nom: "Mariailles 20 km", type: "trail", km: 20, dplus: 1200, prix: 3000, heure: "08:00", cap: 300 },
      {
        nom: "Sommet 38 km",
        type: "trail",
        km: 38,
        dplus: 2600,
        prix: 5000,
        heure: "06:00",
        gpx: true,
        cap: 250,
        age: 20,
      },
    ],
  },
  {
    slug: "rando-gourmande-du-medoc",
    nom: "Rando gourmande du Médoc",
    lieu: "Pauillac",
    departement: "Gironde",
    cp: "33250",
    lat: 45.199,
    lng: -0.748,
    days: 70,
    createdDaysAgo: 45,
    ele: 10,
    presentation: "Une balade entre les châteaux, ponctuée d'étapes gourmandes. Non chronométrée.",
    ravito: "Château Lynch-Bages, Saint-Lambert",
    dossards: "Sur place",
    formats: [
      { nom: "Balade 8 km", type: "rando", km: 8, dplus: 40, prix: 3500, heure: "10:00", repas: [500, 0] },
      { nom: "Grande boucle 16 km", type: "rando", km: 16, dplus: 80, prix: 4500, heure: "09:00", repas: [500, 1500] },
    ],
  },
  {
    slug: "trail-des-volcans",
    nom: "Trail des Volcans",
    lieu: "Le Mont-Dore",
    departement: "Puy-de-Dôme",
    cp: "63240",
    lat: 45.5754,
    lng: 2.81,
    days: 110,
    createdDaysAgo: 80,
    ele: 1050,
    owner: "organisateur2",
    presentation: "Du puy de Sancy aux lacs volcaniques : le Massif central grandeur nature.",
    ravito: "Puy de Sancy, Lac de Guéry",
    dossards: "Samedi, salle des fêtes",
    formats: [
      { nom: "Sancy 22 km", type: "trail", km: 22, dplus: 1300, prix: 2800, heure: "08:30", gpx: true, cap: 450 },
      { nom: "Volcans 45 km", type: "trail", km: 45, dplus: 2700, prix: 4800, heure: "06:30", cap: 350 },
    ],
  },
  {
    slug: "corrida-de-noel-rennes",
    nom: "Corrida de Noël de Rennes",
    lieu: "Rennes",
    departement: "Ille-et-Vilaine",
    cp: "35000",
    lat: 48.1113,
    lng: -1.68,
    days: 10,
    createdDaysAgo: 50,
    ele: 40,
    presentation: "Déguisements de rigueur pour la course de fin d'année dans le centre historique.",
    ravito: "Arrivée : chocolat chaud",
    dossards: "Sur place dès 17h",
    formats: [
      { nom: "Corrida 6 km", type: "route", km: 6, dplus: 30, prix: 1000, heure: "19:00", cap: 1500 },
      { nom: "Course enfants 1 km", type: "route", km: 1, dplus: 5, prix: 300, heure: "18:00", cap: 3 },
    ],
  },
  {
    slug: "trail-des-lacs-d-annecy",
    nom: "Trail des Lacs d'Annecy",
    lieu: "Annecy",
    departement: "Haute-Savoie",
    cp: "74000",
    lat: 45.8992,
    lng: 6.1294,
    days: 200,
    createdDaysAgo: 2,
    ele: 450,
    enLigne: false,
    presentation: "Édition 2027 en préparation : parcours en cours de validation.",
    formats: [
      { nom: "Semnoz 25 km", type: "trail", km: 25, dplus: 1500, prix: 3500, heure: "08:00", cap: 400 },
      { nom: "Tour du lac 42 km", type: "trail", km: 42, dplus: 800, prix: 4500, heure: "07:00", cap: 600 },
    ],
  },
  {
    // The past edition with published results (app/db/demo-results.ts): every other event is still to come.
    slug: DEMO_RESULTS.courseSlug,
    nom: "Trail de la Sainte-Victoire",
    lieu: "Aix-en-Provence",
    departement: "Bouches-du-Rhône",
    cp: "13100",
    lat: 43.5297,
    lng: 5.4474,
    days: -40,
    createdDaysAgo: 400,
    ele: 300,
    presentation:
      "Au pied de la montagne chère à Cézanne, un parcours de crêtes calcaires et de pinèdes. Édition passée.",
    ravito: "Refuge Cézanne (km 11)",
    dossards: "Sur place dès 7 h",
    formats: [
      { nom: DEMO_RESULTS.formatNom, type: "trail", km: 24, dplus: 1400, prix: 0, heure: "08:00", cap: 300, age: 18 },
    ],
  },
];

export const DEMO_FULL_FORMAT = { courseSlug: "corrida-de-noel-rennes", formatNom: "Course enfants 1 km" };
export const DEMO_DRAFT_SLUG = "trail-des-lacs-d-annecy";
/**
 * Registrations coureur@balise.test has paid (local provider), 62 and 41 days ahead: the ones to edit or cancel
 * (one per end-to-end project, since a cancellation cannot be undone).
 */
export const DEMO_PAID_REGISTRATIONS = [
  {
    id: "i0000000-0000-4000-8000-000000000100",
    courseSlug: "trail-des-aiguilles-rouges",
    formatNom: "Balcons 28 km",
    dossard: 101,
  },
  { id: "i0000000-0000-4000-8000-000000000101", courseSlug: "10-km-de-paris-bercy", formatNom: "10 km", dossard: 101 },
] as const;

function q(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "NULL";
  return `'${v.replace(/'/g, "''")}'`;
}

function insert(table: string, row: Record<string, string | number | boolean | null | undefined>): string {
  const cols = Object.keys(row);
  return `INSERT OR IGNORE INTO ${table} (${cols.join(", ")}) VALUES (${cols.map((c) => q(row[c])).join(", ")});`;
}

function addDays(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 86_400_000);
}

function ymd(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Stable ids derived from the course and format positions, so reloading never duplicates. */
export const courseId = (i: number) => `c0000000-0000-4000-8000-${String(i + 1).padStart(12, "0")}`;
export const formatId = (i: number, j: number) =>
  `f0000000-0000-4000-8000-${String((i + 1) * 100 + j + 1).padStart(12, "0")}`;

export interface DemoFile {
  key: string;
  contentType: string;
  body: string;
}

export function buildDemoData(now: Date, passwordHash: string): { statements: string[]; files: DemoFile[] } {
  const statements: string[] = [];
  const files: DemoFile[] = [];
  const iso = now.toISOString();
  for (const u of Object.values(DEMO_USERS)) {
    statements.push(
      insert("users", {
        id: u.id,
        email: u.email,
        password_hash: passwordHash,
        email_confirmed_at: iso,
        created_at: iso,
        updated_at: iso,
      }),
    );
    statements.push(
      insert("profils_utilisateurs", {
        user_id: u.id,
        nom: u.nom,
        prenom: u.prenom,
        email: u.email,
        pays: "France",
        apparaitre_resultats: true,
        organisation_nom:
          u.id === DEMO_USERS.organisateur.id
            ? "Association Balise Outdoor"
            : u.id === DEMO_USERS.organisateur2.id
              ? "Opale Running Club"
              : null,
        conditions_acceptees: u.id === DEMO_USERS.organisateur.id || u.id === DEMO_USERS.organisateur2.id,
        conditions_acceptees_at:
          u.id === DEMO_USERS.organisateur.id || u.id === DEMO_USERS.organisateur2.id ? iso : null,
        conditions_version:
          u.id === DEMO_USERS.organisateur.id || u.id === DEMO_USERS.organisateur2.id ? "2025-08-17" : null,
        created_at: iso,
        updated_at: iso,
      }),
    );
  }
  statements.push(insert("admins", { user_id: DEMO_USERS.admin.id, created_at: iso }));
  // organisateur@ has an activated account with the local payment provider, so that the demo takes registrations
  // right away (`npm run dev`); organisatrice@ has none, to show the onboarding. Same shape as the provider stores.
  const o = DEMO_USERS.organisateur;
  statements.push(
    insert("local_payment_objects", {
      id: DEMO_LOCAL_ACCOUNT,
      kind: "account",
      created_at: iso,
      updated_at: iso,
      data: JSON.stringify({
        id: DEMO_LOCAL_ACCOUNT,
        object: "account",
        email: o.email,
        metadata: { user_id: o.id },
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        requirements: { currently_due: [], past_due: [] },
      }),
    }),
  );
  statements.push(
    `UPDATE profils_utilisateurs SET stripe_account_id = ${q(DEMO_LOCAL_ACCOUNT)}, stripe_charges_enabled = 1, stripe_payouts_enabled = 1, ` +
      `stripe_details_submitted = 1, stripe_requirements_due = '[]' WHERE user_id = ${q(o.id)} AND stripe_account_id IS NULL;`,
  );
  const c = DEMO_USERS.coureur;
  statements.push(
    insert("profils_coureurs", {
      id: c.id,
      nom: c.nom,
      prenom: c.prenom,
      email: c.email,
      ...DEMO_RUNNER_PROFILE,
      updated_at: iso,
    }),
  );

  COURSES.forEach((course, i) => {
    const id = courseId(i);
    const owner = DEMO_USERS[course.owner ?? "organisateur"].id;
    const created = addDays(now, -course.createdDaysAgo).toISOString();
    statements.push(
      insert("courses", {
        id,
        nom: course.nom,
        presentation: course.presentation,
        lieu: course.lieu,
        departement: course.departement,
        code_postal: course.cp,
        lat: course.lat,
        lng: course.lng,
        image_url: null,
        organisateur_id: owner,
        en_ligne: course.enLigne ?? true,
        slug: course.slug,
        created_at: created,
        updated_at: created,
      }),
    );
    course.formats.forEach((f, j) => {
      const fid = formatId(i, j);
      const [stock, prixRepas] = f.repas ?? [0, 0];
      const gpxKey = f.gpx ? `gpx/${fid}.gpx` : null;
      if (gpxKey) {
        files.push({
          key: gpxKey,
          contentType: "application/gpx+xml",
          body: synthGpx({
            name: `${course.nom} — ${f.nom}`,
            lat: course.lat,
            lng: course.lng,
            distanceKm: f.km,
            baseElevation: course.ele,
            dplus: f.dplus,
            seed: (i + 1) * 31 + j,
          }),
        });
      }
      statements.push(
        insert("formats", {
          id: fid,
          course_id: id,
          nom: f.nom,
          image_url: null,
          date: ymd(addDays(now, course.days + (f.dayOffset ?? 0))),
          heure_depart: f.heure,
          presentation_parcours: `${f.nom}\u00a0: ${String(f.km).replace(".", ",")}\u00a0km et ${f.dplus}\u00a0m de dénivelé positif au départ de ${course.lieu}.`,
          gpx_url: gpxKey ? paths.storedFile(gpxKey) : null,
          type_epreuve: f.type,
          distance_km: f.km,
          denivele_dplus: f.dplus,
          denivele_dmoins: f.dplus,
          adresse_depart: `Place centrale, ${course.cp} ${course.lieu}`,
          adresse_arrivee: `Place centrale, ${course.cp} ${course.lieu}`,
          prix_cents: f.prix,
          stock_repas: stock,
          prix_repas_cents: stock > 0 ? prixRepas : 0,
          prix_total_inscription_cents: f.prix + (stock > 0 ? prixRepas : 0),
          ravitaillements: course.ravito ?? null,
          remise_dossards: course.dossards ?? null,
          dotation: course.dotation ?? null,
          reglement_pdf_url: null,
          nb_max_coureurs: f.cap ?? null,
          age_minimum: f.age ?? null,
          hebergements: course.hebergements ?? null,
          position: j,
          created_at: created,
          updated_at: created,
        }),
      );
    });
  });

  // The full format: its 3 places are taken by runners the organiser added by hand.
  const fullCourse = COURSES.findIndex((x) => x.slug === DEMO_FULL_FORMAT.courseSlug);
  const fullFormat = COURSES[fullCourse].formats.findIndex((f) => f.nom === DEMO_FULL_FORMAT.formatNom);
  const kids = [
    ["Petit", "Léo"],
    ["Moreau", "Jade"],
    ["Garnier", "Hugo"],
  ];
  kids.forEach(([nom, prenom], k) => {
    statements.push(
      insert("inscriptions", {
        id: `i0000000-0000-4000-8000-${String(k + 1).padStart(12, "0")}`,
        course_id: courseId(fullCourse),
        format_id: formatId(fullCourse, fullFormat),
        coureur_id: null,
        statut: "validee",
        paiement_trace_id: `demo-trace-${k + 1}`,
        nom,
        prenom,
        email: null,
        pays: "France",
        apparaitre_resultats: true,
        nombre_repas: 0,
        prix_total_repas_cents: 0,
        prix_total_coureur_cents: 300,
        dossard: k + 1,
        added_by_organiser: true,
        created_at: iso,
        updated_at: iso,
      }),
    );
  });

  // coureur@balise.test's paid registrations, each with its payment (ledger balanced) and the local provider's charge.
  DEMO_PAID_REGISTRATIONS.forEach((reg, k) => {
    const ci = COURSES.findIndex((x) => x.slug === reg.courseSlug);
    const fj = COURSES[ci].formats.findIndex((f) => f.nom === reg.formatNom);
    const amount = COURSES[ci].formats[fj].prix;
    // The ledger of app/domain/money.ts (openLedger with the local provider's fee, 5 % commission), written out here
    // because scripts/seed.ts runs under Node's type stripping, which money.ts's syntax does not pass;
    // tests/workers/my-registration.test.ts checks these rows against openLedger.
    const fee = Math.round((amount * 150) / 10_000) + 25;
    const platform = Math.round((amount * 5) / 100);
    const ledger = {
      amount_total_cents: amount,
      fee_total_cents: fee,
      platform_fee_cents: platform,
      transferred_total_cents: 0,
      refunded_cents: 0,
      net_remaining_cents: amount - fee - platform,
    };
    const n = String(100 + k);
    const [chargeId, sessionId, intentId] = [
      `ch_local_demo${n.padStart(19, "0")}`,
      `cs_local_demo${n.padStart(19, "0")}`,
      `pi_local_demo${n.padStart(19, "0")}`,
    ];
    const paidAt = addDays(now, -3 - k).toISOString();
    statements.push(
      insert("inscriptions", {
        id: reg.id,
        course_id: courseId(ci),
        format_id: formatId(ci, fj),
        coureur_id: c.id,
        statut: "validee",
        paiement_trace_id: `demo-trace-coureur-${k + 1}`,
        nom: c.nom,
        prenom: c.prenom,
        email: c.email,
        ...DEMO_RUNNER_PROFILE,
        nombre_repas: 0,
        prix_total_repas_cents: 0,
        prix_total_coureur_cents: amount,
        dossard: reg.dossard,
        checkout_session_id: sessionId,
        created_at: paidAt,
        updated_at: paidAt,
      }),
    );
    statements.push(
      insert("paiements", {
        id: `p0000000-0000-4000-8000-000000000${n}`,
        inscription_id: reg.id,
        course_id: courseId(ci),
        format_id: formatId(ci, fj),
        organisateur_id: DEMO_USERS[COURSES[ci].owner ?? "organisateur"].id,
        destination_account_id: (COURSES[ci].owner ?? "organisateur") === "organisateur" ? DEMO_LOCAL_ACCOUNT : null,
        checkout_session_id: sessionId,
        payment_intent_id: intentId,
        charge_id: chargeId,
        status: "succeeded",
        currency: "eur",
        ...ledger,
        platform_fee_at_payment_cents: platform,
        receipt_url: paths.devReceipt(chargeId),
        created_at: paidAt,
        updated_at: paidAt,
      }),
    );
    const charge = {
      id: chargeId,
      object: "charge",
      amount,
      amount_refunded: 0,
      refunded: false,
      fee: ledger.fee_total_cents,
      currency: "eur",
      created: Math.floor(new Date(paidAt).getTime() / 1000),
      checkout_session: sessionId,
      payment_intent: intentId,
      description: `${COURSES[ci].nom} — ${reg.formatNom}`,
      billing_email: c.email,
      receipt_url: paths.devReceipt(chargeId),
      transfer_group: `inscription_${reg.id}`,
      metadata: { inscription_id: reg.id, course_id: courseId(ci), format_id: formatId(ci, fj) },
    };
    statements.push(
      insert("local_payment_objects", {
        id: chargeId,
        kind: "charge",
        data: JSON.stringify(charge),
        created_at: paidAt,
        updated_at: paidAt,
      }),
    );
  });
  // The past edition's registrations and published results (coureur@ finished it).
  const ri = COURSES.findIndex((x) => x.slug === DEMO_RESULTS.courseSlug);
  const race = COURSES[ri];
  const raceIso = new Date(`${ymd(addDays(now, race.days))}T${race.formats[0].heure}:00+02:00`).toISOString();
  for (const [table, r] of demoResultRows({
    courseId: courseId(ri),
    formatId: formatId(ri, 0),
    raceIso,
    ownerId: DEMO_USERS[race.owner ?? "organisateur"].id,
    runner: { id: c.id, nom: c.nom, prenom: c.prenom, email: c.email, club: DEMO_RUNNER_PROFILE.club },
  }))
    statements.push(insert(table, r));
  return { statements, files };
}
