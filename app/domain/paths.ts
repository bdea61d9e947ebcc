// The site's URLs, built in one place (issue 41, docs/decisions/0202-one-paths-module.md): every link, redirect,
// form action, e-mail link, payment provider return page and sitemap entry asks this module for its path, so a route
// is renamed in one file and every id is encoded the same way. Pure: no I/O, no environment. `absoluteUrl` joins the
// site's address (`context.env.APP_URL`) and a path for everything that leaves the site; never the request's Host.

/** Query parameters: a record (null, undefined and false values left out), URLSearchParams, or a ready "?…" string. */
export type Query = Record<string, string | number | boolean | null | undefined> | URLSearchParams | string;

/** One path segment, encoded (an id, a slug, a token). */
const seg = (value: string | number) => encodeURIComponent(String(value));

/** Stripe's placeholder, replaced by the checkout session's id in the success and cancel URLs: written as is. */
export const CHECKOUT_SESSION_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";

function searchOf(query: Query | undefined): string {
  if (query === undefined) return "";
  if (typeof query === "string")
    return query === "" || query === "?" ? "" : query.startsWith("?") ? query : `?${query}`;
  let params: URLSearchParams;
  if (query instanceof URLSearchParams) params = query;
  else {
    params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === null || value === undefined || value === false) continue;
      params.set(key, String(value));
    }
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** A path with its query (encoded by URLSearchParams) and its fragment. */
export function withQuery(path: string, query?: Query, hash?: string): string {
  return `${path}${searchOf(query)}${hash ? `#${hash.replace(/^#/, "")}` : ""}`;
}

/** A path segment read back (the reverse of `seg`'s encoding); null when it is not valid percent-encoding. */
export function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The absolute address of a path of the site: `appUrl` (APP_URL, with or without a trailing slash) joined to the
 * path with exactly one slash. An address that is already absolute (http or https: an image on another host) is
 * returned as it is.
 */
export function absoluteUrl(appUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${appUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

// --- Public pages -------------------------------------------------------------------------------------------------

export const home = () => "/";
export const features = () => "/fonctionnalites";
export const premium = (query?: Query) => withQuery("/premium", query);

// --- Premium tools (issue 47): each page checks on the server that the runner is Premium -------------------------
/** The Premium tools' home (a subscriber's list of tools). */
export const premiumTools = () => "/premium/outils";
/** Finish-time estimate for a format with a GPX. */
export const premiumEstimate = (formatId: string, query?: Query) =>
  withQuery(`/premium/estimation/${seg(formatId)}`, query);
/** Pace comparator on a format's profile (target time → splits); `print` gives the printable pace card. */
export const premiumPace = (formatId: string, query?: Query) => withQuery(`/premium/allure/${seg(formatId)}`, query);
/** The runner's training plan (form, weeks and sessions). */
export const premiumPlan = (query?: Query) => withQuery("/premium/plan", query);
/** One session of the plan, with the assistant's explanation. */
export const premiumPlanSession = (sessionId: string) => `/premium/plan/seance/${seg(sessionId)}`;
/** One session as a Zwift workout file (.zwo). */
export const premiumPlanSessionZwo = (sessionId: string) => `/premium/plan/seance/${seg(sessionId)}/zwo`;
/** One session as a FIT workout file for watches. */
export const premiumPlanSessionFit = (sessionId: string) => `/premium/plan/seance/${seg(sessionId)}/fit`;
/** The plan as an iCalendar feed; the secret token stands in for the login (calendar apps cannot sign in). */
export const premiumPlanCalendar = (token: string) => `/premium/plan/calendrier/${seg(token)}.ics`;
/** The runner's activities: list, import of .gpx/.fit/.tcx files, connection to a tracking service. */
export const premiumActivities = (query?: Query) => withQuery("/premium/activites", query);
/** Starts the tracking service's OAuth (a POST), and its return address. */
export const premiumStravaConnect = () => "/premium/activites/strava";
export const premiumStravaCallback = (query?: Query) => withQuery("/premium/activites/strava/retour", query);
/** The tracking service's webhook (subscription check on GET, new activities on POST). */
export const stravaWebhook = () => "/api/strava/webhook";
/** The weekly feedback (planned vs done); `week` is the Monday (YYYY-MM-DD). */
export const premiumFeedback = (query?: Query) => withQuery("/premium/bilan", query);
export const contact = () => "/contact";
/** The runner/organiser display switch (a form action). */
export const modeSwitch = () => "/mode";
export const terms = () => "/conditions";
export const privacy = () => "/confidentialite";
export const legalNotice = () => "/mentions-legales";
export const organiserTerms = () => "/legal/cgv-organisateurs";
export const organiserCharter = () => "/legal/charte-organisateur";
/** The catalogue; `search` is the catalogue's own query (filtersToSearch) or a record. */
export const eventsPage = (search?: Query) => withQuery("/courses", search);
/** An event's page, by slug (or by id: the route accepts both). */
export const eventPage = (slugOrId: string, query?: Query, hash?: string) =>
  withQuery(`/courses/${seg(slugOrId)}`, query, hash);
/** The event page's tab of formats with one format selected. */
export const eventFormat = (slugOrId: string, formatId: string) =>
  eventPage(slugOrId, { onglet: "formats", format: formatId });
/** The event's chat (its form action; a GET goes back to the event page). */
export const eventChat = (courseId: string) => `/courses/${seg(courseId)}/chat`;
export const formatsPage = (page?: number) => withQuery("/formats", page && page > 1 ? { page } : undefined);
export const sitemap = () => "/sitemap.xml";
export const sitemapPart = (part: number) => withQuery("/sitemap.xml", { partie: part });
export const refundPolicy = () => "/legal/remboursements";
/** A format's public results (issue 44): search, sort and page in the query. */
export const results = (formatId: string, query?: Query) => withQuery(`/resultats/${seg(formatId)}`, query);

// --- Accounts -----------------------------------------------------------------------------------------------------

/** The login page, coming back to `redirectTo` (a path of the site) once signed in. */
export const login = (redirectTo?: string | null, query?: Record<string, string>) =>
  withQuery("/login", { redirectTo: redirectTo || undefined, ...query });
export const signup = (redirectTo?: string | null, query?: Record<string, string>) =>
  withQuery("/signup", { redirectTo: redirectTo || undefined, ...query });
export const logout = () => "/logout";
export const myProfile = () => "/monprofil";
/** « Mes données » (decision 0219): the export of the account's data, and one export's ZIP. */
export const myData = (query?: Query) => withQuery("/monprofil/donnees", query);
export const myDataZip = (exportId: string) => `/monprofil/donnees/${seg(exportId)}.zip`;
export const forgotPassword = (query?: Query) => withQuery("/forgot-password", query);
export const resetPassword = (query?: Query) => withQuery("/reset-password", query);
export const confirmEmail = (token: string) => withQuery("/confirmer-email", { token });
/** The erasure of one's account (decision 0220): the password, then the link mailed, then the goodbye page. */
export const deleteAccount = (query?: Query) => withQuery("/monprofil/supprimer", query);
export const confirmAccountErasure = (token: string) => withQuery("/monprofil/supprimer/confirmer", { token });
export const accountDeleted = () => "/compte-supprime";

// --- The runner ---------------------------------------------------------------------------------------------------

/** The registration form of an event, with a format chosen. */
export const registrationPage = (courseId: string, formatId?: string | null) =>
  withQuery(`/inscription/${seg(courseId)}`, { format: formatId || undefined });
/** The opening queue of a format (the light waiting page before registrations open). */
export const openingQueue = (formatId: string) => `/file-attente/${seg(formatId)}`;
/** The runner's home. */
export const runnerHome = () => "/coureur";
export const myRegistrations = () => "/mesinscriptions";
export const runnerProfile = (query?: Query) => withQuery("/monprofilcoureur", query);
/** The runner's own registration. */
export const myRegistration = (id: string, query?: Query, hash?: string) =>
  withQuery(`/mon-inscription/${seg(id)}`, query, hash);
/** Its cancel screen (a dialog over the page with JavaScript, a page without). */
export const cancelMyRegistration = (id: string) => `/mon-inscription/${seg(id)}/annuler`;
/** A place on a waiting list. */
export const waitlistEntry = (id: string, query?: Query) => withQuery(`/liste-attente/${seg(id)}`, query);
/** Its confirmation page before leaving the list (the same page, asking first). */
export const leaveWaitlist = (id: string) => waitlistEntry(id, { quitter: "confirmer" });
/** A transfer offer (bib transfer), with the invitation's token when the buyer was invited by e-mail. */
export const transferOffer = (id: string, token?: string | null) =>
  withQuery(`/cession/${seg(id)}`, { jeton: token || undefined });
/** A payment's receipt, by its trace id. */
export const receipt = (traceId: string) => `/recu/${seg(traceId)}`;

/** The checkout's return pages: the session id (or Stripe's placeholder) and the registration. */
export type CheckoutReturn = { sessionId: string; inscriptionId: string };
const checkoutReturn = (path: string, r: CheckoutReturn) =>
  withQuery(path, { session_id: r.sessionId, inscription_id: r.inscriptionId }).replace(
    encodeURIComponent(CHECKOUT_SESSION_PLACEHOLDER),
    CHECKOUT_SESSION_PLACEHOLDER,
  );
/** The payment's success page. */
export const thanks = (r: CheckoutReturn) => checkoutReturn("/merci", r);
/** Where 'Payer maintenant' posts (intent 'reessayer' and the registration's id): a refusal shows there, with the
 * registration's state and 'Réessayer le paiement'. */
export const retryPaymentAction = (inscriptionId: string) =>
  withQuery("/paiement-annule", { inscription_id: inscriptionId });
/** The page a runner lands on when they leave the payment page. */
export const paymentCancelled = (r: CheckoutReturn) => checkoutReturn("/paiement-annule", r);

// --- The organiser ------------------------------------------------------------------------------------------------

export const newEvent = () => "/organisateur/nouvelle-course";
/** The organiser's formats, all events together. */
export const organiserFormats = () => "/organisateur/liste-epreuves";
export const organiserSpace = (query?: Query) => withQuery("/organisateur/mon-espace", query);
/** The organiser's payment account (its form action). */
export const paymentAccount = () => "/monprofilorganisateur/compte-paiement";
export const organiserProfile = (query?: Query, hash?: string) => withQuery("/monprofilorganisateur", query, hash);
export const editEvent = (courseId: string, query?: Query) => withQuery(`/modifier-course/${seg(courseId)}`, query);
export const deleteEvent = (courseId: string) => `/organisateur/supprimer/${seg(courseId)}`;
export const eventJournal = (courseId: string, query?: Query) =>
  withQuery(`/organisateur/journal/${seg(courseId)}`, query);
export const eventJournalCsv = (courseId: string, query?: Query) =>
  withQuery(`/organisateur/journal/${seg(courseId)}/export.csv`, query);
/** An event's money: its payments, payouts and advance requests (decision 0215). */
export const eventFinances = (courseId: string, query?: Query) =>
  withQuery(`/organisateur/finances/${seg(courseId)}`, query);
/** The event's team (its owner's page: invitations, co-organisers and their rights). */
export const eventTeam = (courseId: string, query?: Query) => withQuery(`/organisateur/equipe/${seg(courseId)}`, query);
/** The page where an invited person accepts to join an event's team (the e-mailed link). */
export const teamInvitation = (token: string, query?: Query) => withQuery(`/invitation/${seg(token)}`, query);
/** The promo codes of an event (ADR 0214). */
export const eventPromoCodes = (courseId: string, query?: Query) =>
  withQuery(`/organisateur/codes-promo/${seg(courseId)}`, query);
/** The registrants of a format. */
export const formatRegistrants = (formatId: string, query?: Query, hash?: string) =>
  withQuery(`/organisateur/inscriptions/${seg(formatId)}`, query, hash);
export const formatRegistrantsExport = (formatId: string) => `/organisateur/inscriptions/${seg(formatId)}/export.csv`;
export const formatMissingJustificatifs = (formatId: string) =>
  `/organisateur/inscriptions/${seg(formatId)}/justificatifs-manquants.csv`;
/** The format's waiting list (the organiser's form action). */
/** The bib pick-up desk of a format (race day): scanner with JavaScript, search-and-tick list without. */
export const checkInDesk = (formatId: string, query?: Query, hash?: string) =>
  withQuery(`/organisateur/retrait/${seg(formatId)}`, query, hash);
/** The desk's list as JSON (what a phone keeps offline). */
export const checkInList = (formatId: string) => `/organisateur/retrait/${seg(formatId)}/liste.json`;
/** Where a phone sends its batch of scans. */
export const checkInSync = (formatId: string) => `/organisateur/retrait/${seg(formatId)}/synchroniser`;
/** The desk's service worker (a static file in public/, not a route) and the pages it controls (the desks only). */
export const CHECK_IN_SERVICE_WORKER = "/retrait-sw.js";
export const CHECK_IN_SCOPE = "/organisateur/retrait/";
export const formatWaitlist = (formatId: string) => `/organisateur/inscriptions/${seg(formatId)}/liste-attente`;
/** The organiser's results of a format: import, preview, publish, correct (issue 44). */
export const formatResultsAdmin = (formatId: string, query?: Query, hash?: string) =>
  withQuery(`/organisateur/resultats/${seg(formatId)}`, query, hash);
/** One registrant's details page. */
export const runnerDetails = (id: string, query?: Query, hash?: string) =>
  withQuery(`/details-coureur/${seg(id)}`, query, hash);
/** A justificatif document (served to its runner and the event's organiser only). */
export const justificatif = (documentId: string) => `/justificatifs/${seg(documentId)}`;

// --- Files and the local stand-ins ------------------------------------------------------------------------------

/** A stored file (an event's image, a GPX track) by its storage key; each segment of the key encoded. */
export const storedFile = (key: string) => `/fichiers/${key.split("/").map(seg).join("/")}`;
/** The local payment provider's pages and the local mail box (development and tests only, decision 0030). */
export const devCheckout = (sessionId: string, query?: Query) => withQuery(`/dev/checkout/${seg(sessionId)}`, query);
export const devOnboarding = (linkId: string) => `/dev/onboarding/${seg(linkId)}`;
export const devReceipt = (chargeId: string) => `/dev/receipt/${seg(chargeId)}`;
/** The local provider's customer portal (Premium: cancel at period end, change the card; development controls). */
export const devPortal = (portalId: string) => `/dev/portail/${seg(portalId)}`;
export const devMailbox = () => "/dev/mail";
/** The local stand-in of the cron's « Mes données » step (decision 0219): builds the pending exports now. */
export const devExports = (query?: Query) => withQuery("/dev/exports", query);
/** The local stand-in of the cron's Monday e-mail of the weekly feedback (decision 0230): sends it now. */
export const devWeeklyFeedback = (query?: Query) => withQuery("/dev/bilan", query);
export const devMail = (mailId: string) => `/dev/mail/${seg(mailId)}`;
/** The local activity tracking service (decision 0232): its consent page, and "record a new activity". */
export const devStrava = (query?: Query) => withQuery("/dev/strava", query);

// --- The admin ----------------------------------------------------------------------------------------------------

export const admin = () => "/admin";
export const adminDashboard = () => "/admin/dashboard";
export const adminEvents = () => "/admin/courses";
export const adminEvent = (courseId: string) => `/admin/courses/${seg(courseId)}`;
export const adminRegistrations = (query?: Query) => withQuery("/admin/inscriptions", query);
export const adminRegistrationsExport = (query?: Query) => withQuery("/admin/inscriptions/export.csv", query);
export const adminPayouts = (query?: Query) => withQuery("/admin/payouts", query);
/** An advance request: its details and the admin's decision (decision 0215). */
export const adminAdvance = (requestId: string, query?: Query) => withQuery(`/admin/acomptes/${seg(requestId)}`, query);
export const adminJournal = (query?: Query) => withQuery("/admin/journal", query);
export const adminJournalCsv = (query?: Query) => withQuery("/admin/journal/export.csv", query);
/** The retention rules and what the next cron run would erase (decision 0218). */
export const adminRetention = () => "/admin/conservation";
