// Third-party tokens at rest (decision 0232, amended): the activity service's access and refresh tokens are stored
// sealed with AES-256-GCM, under a key derived (HKDF-SHA-256) from the server's SESSION_SECRET for this one use, so
// a copy of the database alone does not give access to anyone's tracking account. A sealed value is
// "v1." + base64url(12-byte IV ‖ ciphertext ‖ tag); one that does not open (another secret, altered, not sealed)
// opens to null and the caller treats the link as lost.
import { base64url } from "./crypto.server";

const PREFIX = "v1.";
const IV_BYTES = 12;
const encoder = new TextEncoder();

function keyFor(secret: string): Promise<CryptoKey> {
  return crypto.subtle
    .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
    .then((base) =>
      crypto.subtle.deriveKey(
        { name: "HKDF", hash: "SHA-256", salt: encoder.encode("balise"), info: encoder.encode("activity-tokens v1") },
        base,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"],
      ),
    );
}

function fromBase64url(s: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) return null;
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (s.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** `plain` sealed under `secret` (a fresh IV each time: the same token never seals to the same text). */
export async function sealToken(secret: string, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await keyFor(secret), encoder.encode(plain)),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return PREFIX + base64url(out);
}

/** The token `sealed` holds, or null when it does not open under `secret`. */
export async function openToken(secret: string, sealed: string): Promise<string | null> {
  if (!sealed.startsWith(PREFIX)) return null;
  let bytes: Uint8Array<ArrayBuffer> | null;
  try {
    bytes = fromBase64url(sealed.slice(PREFIX.length));
  } catch {
    return null;
  }
  if (!bytes || bytes.length <= IV_BYTES) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, IV_BYTES) },
      await keyFor(secret),
      bytes.slice(IV_BYTES),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
