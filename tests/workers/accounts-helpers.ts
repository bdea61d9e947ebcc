import { env, SELF } from "cloudflare:test";

export const BASE = "http://localhost";

export interface PostOptions {
  cookie?: string;
  headers?: Record<string, string>;
}

/** A same-origin form POST, as a browser without JavaScript sends it. */
export function post(path: string, fields: Record<string, string>, opts: PostOptions = {}) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: BASE,
      host: "localhost",
      "sec-fetch-site": "same-origin",
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    redirect: "manual",
  });
}

export function get(path: string, cookie?: string) {
  return SELF.fetch(`${BASE}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
}

/** The cookie pairs (name=value) a response sets, ready for a Cookie header. */
export function cookiesOf(res: Response): string {
  const all = res.headers.getSetCookie?.() ?? [res.headers.get("set-cookie") ?? ""];
  return all
    .map((c) => c.split(";")[0])
    .filter(Boolean)
    .join("; ");
}

export async function lastMailTo(email: string) {
  return env.DB.prepare("SELECT * FROM mail_outbox WHERE to_email = ? ORDER BY created_at DESC, rowid DESC LIMIT 1")
    .bind(email)
    .first<{ id: string; subject: string; html: string; text: string; kind: string }>();
}

export function tokenIn(text: string): string {
  const m = /token=([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error("no token in mail");
  return m[1];
}

export async function login(
  email: string,
  password: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  return post("/login", { email, password, ...extra }, { headers });
}

/** React escapes apostrophes in text; compare on unescaped HTML. */
export async function html(res: Response): Promise<string> {
  return (await res.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}
