import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, PBKDF2_MAX_ITERATIONS, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const h = await hashPassword("balise-demo");
    expect(h.startsWith("pbkdf2_sha256$100000$")).toBe(true);
    expect(await verifyPassword("balise-demo", h)).toBe(true);
    expect(await verifyPassword("balise-demo ", h)).toBe(false);
    expect(await verifyPassword("", h)).toBe(false);
  });
  it("salts every hash", async () => {
    expect(await hashPassword("même mot de passe")).not.toBe(await hashPassword("même mot de passe"));
  });
  it("never exceeds the Workers PBKDF2 limit", async () => {
    await expect(hashPassword("x", PBKDF2_MAX_ITERATIONS + 1)).rejects.toThrow();
    expect(await verifyPassword("x", "pbkdf2_sha256$200000$AAAA$AAAA")).toBe(false);
  });
  it("rejects malformed hashes and flags weak ones for rehash", async () => {
    expect(await verifyPassword("x", "md5$abc")).toBe(false);
    const weak = await hashPassword("motdepasse", 1000);
    expect(await verifyPassword("motdepasse", weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword("motdepasse"))).toBe(false);
  });
  it("handles unicode passwords", async () => {
    const h = await hashPassword("Éléphant-rosé-🏃‍♀️");
    expect(await verifyPassword("Éléphant-rosé-🏃‍♀️", h)).toBe(true);
  });
});
