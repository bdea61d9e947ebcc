// Which copy of the database a request reads (D1 read replication through the Sessions API; decisions 0161, 0194).
// Pure: the request's method, path and cookie header in, the session's starting constraint out.
//
// Rules:
// 1. A request that may write (any method but GET and HEAD) starts on the primary: it reads what it is about to
//    change (places left, a payment's state) as the primary has it.
// 2. Money pages (registration, payment, refund and payout pages) start on the primary whatever the method: a
//    runner back from the payment page, an organiser's registrants, payouts ('Mes versements') and events' places
//    taken, and the admin's money screens never show an older copy.
// 3. Otherwise a request carrying a bookmark (the cookie a writing request returned) starts from it: a replica
//    serves it only once it has caught up with that write, so the same visitor reads their own writes.
// 4. Anything else (the anonymous catalogue) starts unconstrained: the nearest replica answers.
// Within one request, the session keeps every later read at least as fresh as the earlier ones.

/** The cookie that carries a writing request's bookmark to the same visitor's next requests. */
export const BOOKMARK_COOKIE = "balise_d1";
/** Long enough for any replica to have caught up; after it the visitor reads like anyone else. */
export const BOOKMARK_MAX_AGE_S = 300;

/** Path prefixes of the money pages: the registration, payment, refund and payout flows (rule 2). */
export const PRIMARY_PATH_PREFIXES = [
  "/inscription/",
  "/file-attente/",
  "/liste-attente/",
  "/merci",
  "/paiement-annule",
  "/recu/",
  "/details-coureur/",
  "/mon-inscription/",
  "/cession/",
  "/mesinscriptions",
  "/justificatifs/",
  "/webhooks/",
  "/dev/checkout",
  "/admin",
  // The organiser's profile: their payment account and 'Mes versements' (issue 40).
  "/monprofilorganisateur",
  // The organiser's space (both addresses) and events list: places taken and paid registrations per event.
  "/organisateur/mon-espace",
  "/mon-espace-organisateur",
  "/organisateur/liste-epreuves",
  "/organisateur/inscriptions/",
] as const;

export type ReadStart = "first-primary" | "first-unconstrained" | { bookmark: string };

/** A D1 bookmark as D1 writes them (hex groups separated by dashes); anything else in the cookie is ignored. */
export function isBookmark(value: string): boolean {
  return /^[0-9a-f]{8}(?:-[0-9a-f]{8}){2}-[0-9a-f]{32}$/.test(value);
}

/** Requests that may write (rule 1); GET and HEAD never change data (project rule). */
export function mayWrite(method: string): boolean {
  const m = method.toUpperCase();
  return m !== "GET" && m !== "HEAD";
}

export function isPrimaryPath(pathname: string): boolean {
  return PRIMARY_PATH_PREFIXES.some((p) => pathname === p.replace(/\/$/, "") || pathname.startsWith(p));
}

/** The bookmark cookie's value in a Cookie header, when it is a well-formed bookmark. */
export function bookmarkFromCookie(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === BOOKMARK_COOKIE) {
      const value = rest.join("=");
      return isBookmark(value) ? value : null;
    }
  }
  return null;
}

/** Where the request's D1 session starts (rules 1 to 4). */
export function readStart(input: { method: string; pathname: string; cookieHeader: string | null }): ReadStart {
  if (mayWrite(input.method) || isPrimaryPath(input.pathname)) return "first-primary";
  const bookmark = bookmarkFromCookie(input.cookieHeader);
  return bookmark ? { bookmark } : "first-unconstrained";
}

/** The Set-Cookie value that hands a writing request's bookmark to the visitor's next requests. */
export function bookmarkSetCookie(bookmark: string, secure: boolean): string {
  return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=${BOOKMARK_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
