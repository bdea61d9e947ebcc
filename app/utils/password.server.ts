// Password hashing with PBKDF2-HMAC-SHA256 through WebCrypto (runs in Workers, in workerd tests and in Node).
// Stored as "pbkdf2_sha256$<iterations>$<salt b64>$<hash b64>"; the prefix and the iteration count let us
// upgrade on next login (docs/decisions/0007-password-hashing.md). Workers refuse more than 100,000 iterations.
export const PBKDF2_MAX_ITERATIONS = 100_000;
export const PASSWORD_ITERATIONS = 100_000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const PREFIX = "pbkdf2_sha256";

function b64(bytes: Uint8Array): string {
  let s = "";
  for (const x of bytes) s += String.fromCharCode(x);
  return btoa(s);
}

function unb64(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  if (iterations > PBKDF2_MAX_ITERATIONS) throw new Error("PBKDF2 iterations above the Workers limit");
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations: number = PASSWORD_ITERATIONS): Promise<string> {
  const salt = new Uint8Array(16);
  crypto.getRandomValues(salt);
  const hash = await derive(password, salt, iterations);
  return `${PREFIX}$${iterations}$${b64(salt)}$${b64(hash)}`;
}

function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 4 || parts[0] !== PREFIX) return false;
  const iterations = Number(parts[1]);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_MAX_ITERATIONS) return false;
  const expected = unb64(parts[3]);
  const actual = await derive(password, unb64(parts[2]), iterations);
  return timingSafeEqual(actual, expected);
}

/** True when a stored hash uses weaker parameters than today's and should be rehashed after a successful login. */
export function needsRehash(stored: string): boolean {
  const parts = stored.split("$");
  return parts[0] !== PREFIX || Number(parts[1]) < PASSWORD_ITERATIONS;
}
