// The session cookie's name, owned here (no dependencies: the Worker entry reads it too).
// __Host- needs Secure, so production uses it and http://localhost (development, test) a plain name.
export function sessionCookieName(appEnv: string): string {
  return appEnv === "production" ? "__Host-balise_session" : "balise_session";
}

/** True when the request carries a session cookie (valid or not): its responses may show personal data. */
export function carriesSessionCookie(cookieHeader: string | null): boolean {
  return cookieHeader != null && /(?:^|;\s*)(?:__Host-)?balise_session=/.test(cookieHeader);
}
