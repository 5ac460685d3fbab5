import { storedSessionExpired } from "./storage";

/**
 * Read before any other module of the app runs (src/main.tsx imports it first): whether this
 * browser came with a stored session that has expired. Modules that load later read the session
 * with `readSession`, which clears an expired one, so this is the only moment it can be seen.
 * Such a page shows "Session expired" while the server rendered it for a visitor: it renders
 * itself instead of hydrating.
 */
export const EXPIRED_AT_START = storedSessionExpired();
