// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import {
  CONSENT_TTL_MS,
  SESSION_TTL_MS,
  clearSession,
  onStoredSessionExpired,
  readConsent,
  readCookie,
  readLocale,
  readSession,
  storedSessionToken,
  subscribeSession,
  writeConsent,
  writeLocale,
  writeSession,
} from "../../src/lib/storage";

const NOW = Date.UTC(2026, 0, 15, 12);

afterEach(() => {
  localStorage.clear();
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

describe("stored session", () => {
  it("tells its listeners when it is written or removed (the header follows it)", async () => {
    let changes = 0;
    const stop = subscribeSession(() => changes++);
    writeSession("tok", "/customers/7", Date.now());
    await Promise.resolve();
    expect(changes).toBe(1);
    expect(storedSessionToken()).toBe("tok");
    clearSession();
    await Promise.resolve();
    expect(changes).toBe(2);
    expect(storedSessionToken()).toBeNull();
    stop();
  });

  it("reports a stored token found past its expiry, so the session actor ends the session", async () => {
    let expiries = 0;
    const stop = onStoredSessionExpired(() => expiries++);
    writeSession("tok", "/customers/7", NOW);
    expect(readSession(NOW + SESSION_TTL_MS)).toBeNull();
    expect(storedSessionToken()).toBeNull();
    await Promise.resolve();
    expect(expiries).toBe(1);
    // Nothing stored any more: later reads report nothing.
    expect(readSession(NOW + SESSION_TTL_MS)).toBeNull();
    await Promise.resolve();
    expect(expiries).toBe(1);
    stop();
  });

  it("stores token and customer as {value, expiry} 12 hours ahead, and the token cookie", () => {
    // The cookie must still be alive for the browser to keep it: use the real clock here.
    const now = Date.now();
    writeSession("tok", "/customers/7", now);
    expect(JSON.parse(localStorage.getItem("token")!)).toEqual({
      value: "tok",
      expiry: now + SESSION_TTL_MS,
    });
    expect(JSON.parse(localStorage.getItem("customer")!)).toEqual({
      value: "/customers/7",
      expiry: now + SESSION_TTL_MS,
    });
    expect(readCookie("token")).toBe("tok");
  });

  it("is valid until its expiry", () => {
    writeSession("tok", "7", NOW);
    expect(readSession(NOW + SESSION_TTL_MS - 1)).toEqual({
      token: "tok",
      customerId: "7",
      expiresAt: NOW + SESSION_TTL_MS,
    });
  });

  it("removes token and customer once expired", () => {
    writeSession("tok", "7", NOW);
    expect(readSession(NOW + SESSION_TTL_MS)).toBeNull();
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("customer")).toBeNull();
  });

  it("treats a malformed token as no session and clears it", () => {
    localStorage.setItem("token", "not json");
    localStorage.setItem("customer", JSON.stringify({ value: "7", expiry: NOW + 1000 }));
    expect(readSession(NOW)).toBeNull();
    expect(localStorage.getItem("customer")).toBeNull();
  });

  it("clearSession removes the token cookie too", () => {
    writeSession("tok", "7", Date.now());
    clearSession();
    expect(readCookie("token")).toBeNull();
    expect(readSession()).toBeNull();
  });
});

describe("locale and consent", () => {
  it("stores the locale and its cookie", () => {
    writeLocale("de");
    expect(readLocale()).toBe("de");
    expect(readCookie("locale")).toBe("de");
  });

  it("stores consent as {accepted, expiry} and reads it back for the machine", () => {
    writeConsent(NOW + CONSENT_TTL_MS);
    expect(JSON.parse(localStorage.getItem("cookiesAccepted")!)).toEqual({
      accepted: true,
      expiry: NOW + CONSENT_TTL_MS,
    });
    expect(readConsent()).toEqual({ accepted: true, expiresAt: NOW + CONSENT_TTL_MS });
    expect(CONSENT_TTL_MS).toBe(2_592_000_000);
  });
});
