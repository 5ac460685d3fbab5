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
  storedSessionCustomer,
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
    writeSession("7", Date.now());
    await Promise.resolve();
    expect(changes).toBe(1);
    expect(storedSessionCustomer()).toBe("7");
    clearSession();
    await Promise.resolve();
    expect(changes).toBe(2);
    expect(storedSessionCustomer()).toBeNull();
    stop();
  });

  it("reports a stored session found past its expiry, so the session actor ends the session", async () => {
    let expiries = 0;
    const stop = onStoredSessionExpired(() => expiries++);
    writeSession("7", NOW);
    expect(readSession(NOW + SESSION_TTL_MS)).toBeNull();
    expect(storedSessionCustomer()).toBeNull();
    await Promise.resolve();
    expect(expiries).toBe(1);
    // Nothing stored any more: later reads report nothing.
    expect(readSession(NOW + SESSION_TTL_MS)).toBeNull();
    await Promise.resolve();
    expect(expiries).toBe(1);
    stop();
  });

  it("stores the customer as {value, expiry} 12 hours ahead, and never a token (decision 037)", () => {
    const now = Date.now();
    writeSession("7", now);
    expect(JSON.parse(localStorage.getItem("customer")!)).toEqual({
      value: "7",
      expiry: now + SESSION_TTL_MS,
    });
    expect(localStorage.getItem("token")).toBeNull();
    expect(readCookie("token")).toBeNull();
  });

  it("keeps the expiry of a session the server rendered the page with", () => {
    writeSession("7", NOW, NOW + 1000);
    expect(readSession(NOW)).toEqual({ customerId: "7", expiresAt: NOW + 1000 });
  });

  it("is valid until its expiry", () => {
    writeSession("7", NOW);
    expect(readSession(NOW + SESSION_TTL_MS - 1)).toEqual({
      customerId: "7",
      expiresAt: NOW + SESSION_TTL_MS,
    });
  });

  it("removes the customer once expired", () => {
    writeSession("7", NOW);
    expect(readSession(NOW + SESSION_TTL_MS)).toBeNull();
    expect(localStorage.getItem("customer")).toBeNull();
  });

  it("treats a malformed customer as no session and clears it", () => {
    localStorage.setItem("customer", "not json");
    expect(readSession(NOW)).toBeNull();
    expect(localStorage.getItem("customer")).toBeNull();
  });

  it("removes a token an earlier storefront stored", () => {
    localStorage.setItem("token", JSON.stringify({ value: "old.jwt.token", expiry: NOW + 1000 }));
    writeSession("7", NOW);
    expect(readSession(NOW)).not.toBeNull();
    expect(localStorage.getItem("token")).toBeNull();
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
