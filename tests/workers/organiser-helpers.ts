import { createCookie } from "@remix-run/cloudflare";
import { env, SELF } from "cloudflare:test";

export const ORG1 = { id: "00000000-0000-4000-a000-000000000002", email: "organisateur@balise.test" };
export const ORG2 = { id: "00000000-0000-4000-a000-000000000004", email: "organisatrice@balise.test" };

/** A real server-side session for a demo user, and the signed cookie the app expects. */
export async function sessionCookie(userId: string): Promise<string> {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  const token = btoa(String.fromCharCode(...bytes)).replace(/[^A-Za-z0-9]/g, "x");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  const id = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const now = new Date();
  await env.DB.prepare("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
    .bind(id, userId, now.toISOString(), new Date(now.getTime() + 86400_000).toISOString())
    .run();
  const cookie = createCookie("balise_session", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secrets: [env.SESSION_SECRET as string],
  });
  // What the app's login sets (app/utils/session.server.ts): the token and the account id, signed together.
  const setCookie = await cookie.serialize({ t: token, u: userId });
  return setCookie.split(";")[0];
}

export function get(path: string, cookie?: string) {
  return SELF.fetch(`http://localhost${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
}

function formData(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

export function post(path: string, body: FormData | Record<string, string>, cookie?: string) {
  const fd = body instanceof FormData ? body : formData(body);
  return SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    body: fd,
    headers: { origin: "http://localhost", host: "localhost", ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
}

/** A minimal valid event with the given formats (field -> value per format). */
export function courseForm(
  course: Record<string, string>,
  formats: Record<string, string>[],
  intent = "save",
): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries({
    nom: "Trail de Test",
    lieu: "Chamonix-Mont-Blanc",
    code_postal: "74400",
    departement: "Haute-Savoie",
    ...course,
  }))
    fd.append(k, v);
  formats.forEach((f, i) => {
    fd.append(`formats[${i}].key`, `k${i}`);
    for (const [k, v] of Object.entries(f)) fd.append(`formats[${i}].${k}`, v);
  });
  fd.append("intent", intent);
  return fd;
}

export const GPX_TEXT =
  `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="test"><trk><name>Test</name><trkseg>` +
  `<trkpt lat="45.92" lon="6.86"><ele>1035</ele></trkpt><trkpt lat="45.93" lon="6.87"><ele>1100</ele></trkpt>` +
  `<trkpt lat="45.94" lon="6.88"><ele>1180</ele></trkpt></trkseg></trk></gpx>`;

export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

export async function row<T>(sql: string, ...binds: unknown[]): Promise<T | null> {
  return env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
}

export async function rows<T>(sql: string, ...binds: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
}
