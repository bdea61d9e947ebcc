import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/cases";
import { LOGIN_LIMITS, loginLockState, loginWindowStart, tokenExpiresAt, tokenState } from "./profile-tokens";

const now = new Date("2026-05-10T10:00:00.000Z");

describe("token expiry", () => {
  it("a reset link lives one hour, a confirmation link 48 hours", () => {
    expect(tokenExpiresAt("password_reset", now)).toBe("2026-05-10T11:00:00.000Z");
    expect(tokenExpiresAt("email_confirm", now)).toBe("2026-05-12T10:00:00.000Z");
  });

  const reset = { kind: "password_reset", expires_at: "2026-05-10T11:00:00.000Z", used_at: null };
  it.each([
    ["fresh token", reset, "2026-05-10T10:59:59.999Z", "ok"],
    ["exactly at expiry", reset, "2026-05-10T11:00:00.000Z", "expired"],
    ["after expiry", reset, "2026-05-10T12:00:00.000Z", "expired"],
    ["already used", { ...reset, used_at: "2026-05-10T10:30:00.000Z" }, "2026-05-10T10:31:00.000Z", "used"],
    ["unknown token", null, "2026-05-10T10:00:00.000Z", "missing"],
    [
      "a confirmation token offered as a reset token",
      { ...reset, kind: "email_confirm" },
      "2026-05-10T10:00:00.000Z",
      "wrong_kind",
    ],
    ["corrupt expiry", { ...reset, expires_at: "n'importe quoi" }, "2026-05-10T10:00:00.000Z", "expired"],
  ])("%s", (_n, token, at, expected) => {
    expect(tokenState(token, "password_reset", new Date(at))).toBe(expected);
  });
});

describe("brute-force limits", () => {
  it("counts over the last 15 minutes", () => {
    expect(loginWindowStart(now)).toBe("2026-05-10T09:45:00.000Z");
  });
  itMaps("%o -> %s", loginLockState, [
    [{ accountFailures: 0, ipFailures: 0 }, "ok"],
    [{ accountFailures: 4, ipFailures: 0 }, "ok"],
    [{ accountFailures: 5, ipFailures: 0 }, "account_locked"],
    [{ accountFailures: 9, ipFailures: 40 }, "account_locked"],
    [{ accountFailures: 0, ipFailures: LOGIN_LIMITS.perIp - 1 }, "ok"],
    [{ accountFailures: 0, ipFailures: LOGIN_LIMITS.perIp }, "ip_locked"],
  ] as const);
});
