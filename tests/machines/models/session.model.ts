import { sessionMachine } from "../../../machines/session.machine.js";
import type { MachineModel } from "../support/paths.js";

export const NOW = Date.UTC(2026, 10, 21, 9, 0);
export const valid = { stored: { customerId: "2", expiresAt: NOW + 1000 }, now: NOW };
export const expired = { stored: { customerId: "2", expiresAt: NOW - 1 }, now: NOW };
export const none = { stored: null, now: NOW };

export const model: MachineModel = {
  machine: sessionMachine,
  events: () => [
    { type: "session.signedIn", customerId: "3", now: NOW },
    { type: "session.signedOut" },
    { type: "session.unauthorized" },
    // A navigation or request finds the stored session still in date, past its expiry, or gone.
    { type: "session.checked", stored: valid.stored, now: NOW },
    { type: "session.checked", stored: expired.stored, now: NOW },
    { type: "session.checked", stored: null, now: NOW },
  ],
  invariants: {
    "valid means a session whose expiry is in the future": (s) =>
      !(s.value === "valid") ||
      (s.context.session !== null && s.context.session.expiresAt > s.context.now),
    "expired and signed out hold no session": (s) =>
      !["expired", "signedOut", "redirectingToLogin"].includes(String(s.value)) ||
      s.context.session === null,
  },
  inputs: [valid, expired, none],
};
