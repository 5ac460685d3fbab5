import { cookieConsentMachine } from "../../../machines/cookie-consent.machine.js";
import type { MachineModel } from "../support/paths.js";

export const NOW = Date.UTC(2026, 10, 21);

export const model: MachineModel = {
  machine: cookieConsentMachine,
  events: () => [{ type: "cookies.accept", now: NOW }],
  inputs: [
    { stored: null, now: NOW },
    { stored: { accepted: true, expiresAt: NOW + 1 }, now: NOW },
    { stored: { accepted: true, expiresAt: NOW }, now: NOW },
  ],
};
