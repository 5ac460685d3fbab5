// The order resource moved to server/core/order-resource.ts (the payments service answers with it).
export * from "../core/order-resource.js";
