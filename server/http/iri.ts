// The resource identifiers moved to server/core/iri.ts (services below the routes use them too).
export * from "../core/iri.js";
