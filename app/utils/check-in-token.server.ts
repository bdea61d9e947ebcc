// The check-in signature the confirmation QR carries (issue 44, docs/decisions/0216): an HMAC-SHA-256 of the
// registration id with the server's SESSION_SECRET, cut to 128 bits and base64url-encoded. Only the server can make
// one; the desk checks it on every online scan and on every sync.
import { checkInMessage } from "~/domain/check-in";
import { base64url, sameText } from "./crypto.server";

const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** The signature of a registration's check-in (22 characters). */
export async function checkInSignature(secret: string, inscriptionId: string): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await keyFor(secret),
    new TextEncoder().encode(checkInMessage(inscriptionId)),
  );
  return base64url(new Uint8Array(mac).slice(0, 16));
}

/** Is `signature` the one of this registration? (compared in constant time) */
export async function verifyCheckInSignature(
  secret: string,
  inscriptionId: string,
  signature: string,
): Promise<boolean> {
  return sameText(await checkInSignature(secret, inscriptionId), signature);
}
