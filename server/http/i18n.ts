// The texts moved to server/core/i18n.ts (services below the routes use them too).
export * from "../core/i18n.js";
