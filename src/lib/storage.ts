/**
 * What the storefront keeps in the browser (storefront spec sections 3, 4 and 9): the customer
 * link of the session for 12 hours, the locale with a 30-day cookie, and the cookie consent for
 * 30 days. Expired entries are removed when read. The session's token is not among them: the
 * server keeps it in an HttpOnly cookie no script reads (decision 037); what is stored here are
 * the facts the UI needs (who, until when), and the cookie decides what the API accepts.
 */

export const SESSION_TTL_MS = 12 * 3600_000;
export const LOCALE_COOKIE_TTL_MS = 30 * 86_400_000;
export const CONSENT_TTL_MS = 2_592_000_000;

const KEYS = {
  customer: "customer",
  locale: "locale",
  cookiesAccepted: "cookiesAccepted",
  hadSession: "hadSession",
} as const;

interface Expiring<T> {
  value: T;
  expiry: number;
}

/** Storage may be missing or refuse access (private mode); the portal then simply forgets. */
function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  const raw = store()?.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    store()?.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
  } catch {
    // Quota or privacy settings: nothing to do, the user signs in again next time.
  }
}

function remove(key: string): void {
  store()?.removeItem(key);
}

function isExpiring(value: unknown): value is Expiring<string> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Expiring<unknown>).value === "string" &&
    typeof (value as Expiring<unknown>).expiry === "number"
  );
}

/** Sets a cookie for the whole site that lasts `ttlMs` from `now`. */
export function setCookie(name: string, value: string, ttlMs: number, now = Date.now()): void {
  if (typeof document === "undefined") return;
  const expires = new Date(now + ttlMs).toUTCString();
  // Over HTTPS the cookie never travels over plain HTTP.
  const secure =
    typeof location !== "undefined" && location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
}

/** Removes a site-wide cookie (one a script wrote; the session cookie is the server's). */
export function deleteCookie(name: string): void {
  if (typeof document === "undefined") return;
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}

/** Reads a cookie's value, or null. */
export function readCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return null;
}

type Listener = () => void;
const sessionListeners = new Set<Listener>();
const expiryListeners = new Set<Listener>();

/** Tells the listeners after the current work: storage is read while React renders. */
function notify(listeners: Set<Listener>): void {
  if (listeners.size === 0) return;
  queueMicrotask(() => listeners.forEach((listener) => listener()));
}

/**
 * Calls `listener` whenever the stored session is written or removed, in this tab or another
 * (the header follows it). Returns the unsubscribe function.
 */
export function subscribeSession(listener: Listener): () => void {
  sessionListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === KEYS.customer) listener();
  };
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    sessionListeners.delete(listener);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}

/**
 * Calls `listener` whenever a read finds the stored session past its expiry (and removes it):
 * the session actor ends the session then. Returns the unsubscribe function.
 */
export function onStoredSessionExpired(listener: Listener): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

/**
 * The stored session's customer id, or null; reads only (for rendering). Its expiry is not
 * looked at: the session actor decides when a session has ended (through `readSession`, which
 * removes an expired session and tells `onStoredSessionExpired`), and the chrome follows.
 */
export function storedSessionCustomer(): string | null {
  const customer = readJson(KEYS.customer);
  return isExpiring(customer) ? customer.value : null;
}

/** What the browser knows of the session: no token, only who is signed in and until when. */
export interface StoredSessionData {
  customerId: string;
  /** Epoch ms after which the stored session no longer counts. */
  expiresAt: number;
}

/**
 * The stored session, or null. It is valid only when present with an expiry in the future;
 * otherwise it is removed (spec section 4).
 */
export function readSession(now = Date.now()): StoredSessionData | null {
  // A token stored by an earlier version of the storefront is removed unread.
  if (store()?.getItem("token") != null) remove("token");
  const customer = readJson(KEYS.customer);
  if (isExpiring(customer) && customer.expiry > now) {
    return { customerId: customer.value, expiresAt: customer.expiry };
  }
  if (store()?.getItem(KEYS.customer) != null) {
    clearSession();
    notify(expiryListeners);
  }
  return null;
}

/** Whether this browser holds a stored session that has expired; unlike `readSession`, it
 * clears nothing. */
export function storedSessionExpired(now = Date.now()): boolean {
  const customer = readJson(KEYS.customer);
  return customer !== null && !(isExpiring(customer) && customer.expiry > now);
}

/**
 * Stores the session's customer for 12 hours (the server has set the session cookie), or
 * until `expiresAt` when given (a session the server rendered the page with).
 */
export function writeSession(customerId: string, now = Date.now(), expiresAt?: number): void {
  write(KEYS.customer, { value: customerId, expiry: expiresAt ?? now + SESSION_TTL_MS });
  write(KEYS.hadSession, "1");
  notify(sessionListeners);
}

/**
 * Whether this browser had a session that was not signed out (decision 055): a mark without
 * any identity, kept when the session itself expires, so the shop can tell 'Session expired'
 * from a first visit. Written with every session; `forgetHadSession` removes it.
 */
export function readHadSession(): boolean {
  return store()?.getItem(KEYS.hadSession) === "1";
}

/** Removes the mark of a session: signed out, or its expiry has been told. */
export function forgetHadSession(): void {
  remove(KEYS.hadSession);
}

/** Removes the stored session (the server clears its cookie at sign-out). */
export function clearSession(): void {
  remove(KEYS.customer);
  notify(sessionListeners);
}

/** The stored interface language (en, fr, de, it, es), or null. */
export function readLocale(): string | null {
  const raw = store()?.getItem(KEYS.locale) ?? null;
  return raw ?? readCookie(KEYS.locale);
}

/** Stores the interface language and sets its 30-day cookie. */
export function writeLocale(locale: string, now = Date.now()): void {
  write(KEYS.locale, locale);
  setCookie(KEYS.locale, locale, LOCALE_COOKIE_TTL_MS, now);
}

export interface StoredConsentData {
  accepted: boolean;
  expiresAt: number;
}

/** The stored cookie consent as the consent machine reads it, or null. */
export function readConsent(): StoredConsentData | null {
  const raw = readJson(KEYS.cookiesAccepted);
  if (
    typeof raw === "object" &&
    raw !== null &&
    typeof (raw as { accepted?: unknown }).accepted === "boolean" &&
    typeof (raw as { expiry?: unknown }).expiry === "number"
  ) {
    const { accepted, expiry } = raw as { accepted: boolean; expiry: number };
    return { accepted, expiresAt: expiry };
  }
  return null;
}

/** Stores the consent until `expiresAt` (30 days after agreeing). */
export function writeConsent(expiresAt: number): void {
  write(KEYS.cookiesAccepted, { accepted: true, expiry: expiresAt });
}

/** Removes an expired consent so the bar shows again. */
export function clearConsent(): void {
  remove(KEYS.cookiesAccepted);
}
