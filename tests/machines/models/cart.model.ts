import { cartMachine, type CartLike } from "../../../machines/cart.machine.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

export const empty: CartLike = { token: "c1", itemsTotal: 0, items: [], shipments: [] };
export const filled: CartLike = {
  token: "c1",
  itemsTotal: 5000,
  items: [{ id: "1", quantity: 2 }],
  shipments: [{ id: "9", methodCode: "air_freight" }],
};

type Request = { operation: Record<string, unknown>; requestId: string | null; silent: boolean };
type Violation = { propertyPath: string; message?: string };
type Outcome = {
  requestId: string | null;
  kind: string;
  ok: boolean;
  message: string | null;
  violations: Violation[];
};
type Ctx = {
  cart: CartLike | null;
  queue: Request[];
  lastOutcome: Outcome | null;
  loadError: string | null;
  shippingMethods: readonly string[];
};

const CHANGES: Record<string, string> = {
  "cart.add": "add",
  "cart.bulkAdd": "bulkAdd",
  "cart.adjust": "adjust",
  "cart.remove": "remove",
  "cart.empty": "empty",
  "cart.change": "(the checkout's)",
};

/** The change an event asks for, as the operation actor must receive it. */
function requestFor(e: Record<string, unknown>): Request {
  const tag = {
    requestId: typeof e.requestId === "string" ? e.requestId : null,
    silent: e.silent === true,
  };
  // The checkout's changes travel as they were asked.
  if (e.type === "cart.change")
    return { operation: e.operation as Record<string, unknown>, ...tag };
  const kind = CHANGES[e.type as string]!;
  const operation: Record<string, unknown> = { kind };
  if (kind === "add")
    Object.assign(operation, { variantCode: e.variantCode, quantity: e.quantity });
  if (kind === "bulkAdd") operation.items = e.items;
  if (kind === "adjust") Object.assign(operation, { itemId: e.itemId, quantity: e.quantity });
  if (kind === "remove") operation.itemId = e.itemId;
  return { operation, ...tag };
}

/** The fields a refusal names: those of its violations that name one. */
function named(error: unknown): Violation[] {
  const list = (error as { violations?: unknown } | null)?.violations;
  return Array.isArray(list)
    ? list.filter((v): v is Violation => typeof (v as Violation)?.propertyPath === "string")
    : [];
}

/** The server's words: its detail, else the error's message, else none. */
function words(error: unknown): string | null {
  const e = (error ?? {}) as { detail?: unknown; message?: unknown };
  for (const w of [e.detail, e.message]) if (typeof w === "string" && w.length > 0) return w;
  return null;
}

/**
 * The cart (storefront spec sections 4 and 8), stated without the machine: nothing happens
 * until someone signs in; then the cart is found (the found cart shown, or the reason it could
 * not be). Changes are carried out one at a time in the order asked, each sent with the cart as
 * it stands and its operation exactly as asked; changes asked while busy wait, none is lost. A
 * change that succeeded shows its new cart and, when that cart has a shipment, the server's
 * shipping methods are read: only when the shipment's method is no longer among them is it set
 * to the first offered one (a failure in either keeps the change). A refused change keeps the
 * fields the server named, for its sender (the checkout). Each change ends in a success
 * toast, or an error toast with the server's words, unless its sender asked for silence; then
 * the next change starts. Signing out forgets everything.
 */
function oracle({ event, before }: OracleStep): OracleExpectation {
  const init = { cart: null, queue: [], lastOutcome: null, loadError: null, shippingMethods: [] };
  if (event.type === "xstate.init") return { value: "signedOut", context: init };
  const c = before.context as Ctx;
  const stay = { value: before.value, context: c };
  const e = event as unknown as Record<string, unknown> & { type: string };
  // Idle with changes waiting starts the first one at once.
  const idle = (ctx: Ctx, actions: OracleExpectation["actions"] = []): OracleExpectation =>
    ctx.queue.length > 0
      ? {
          value: "updating",
          context: ctx,
          actions,
          started: { applyOperation: { cart: ctx.cart, operation: ctx.queue[0]!.operation } },
        }
      : { value: "idle", context: ctx, actions };
  const report = (ctx: Ctx): OracleExpectation => {
    const [first, ...rest] = ctx.queue;
    const o = ctx.lastOutcome!;
    const toast = first!.silent
      ? []
      : o.ok
        ? [{ type: "notifySuccess", params: { kind: o.kind } }]
        : [{ type: "notifyFailure", params: { kind: o.kind, message: o.message } }];
    return idle({ ...ctx, queue: rest }, toast);
  };
  const outcome = (ok: boolean, message: string | null, violations: Violation[] = []): Outcome => ({
    requestId: c.queue[0]!.requestId,
    kind: c.queue[0]!.operation.kind as string,
    ok,
    message,
    violations,
  });
  if (e.type === "cart.stop") return { value: "signedOut", context: init };
  const change = e.type in CHANGES;
  const find = { findCart: undefined };
  switch (before.value) {
    case "signedOut":
      return e.type === "cart.start" ? { value: "finding", context: c, started: find } : stay;
    case "finding":
      if (change)
        return { value: "finding", context: { ...c, queue: [...c.queue, requestFor(e)] } };
      if (e.type === "xstate.done.actor.findCart")
        return idle({ ...c, cart: e.output as CartLike, loadError: null });
      if (e.type === "xstate.error.actor.findCart")
        return { value: "unavailable", context: { ...c, loadError: words(e.error) } };
      return stay;
    case "unavailable":
      if (change)
        return {
          value: "finding",
          context: { ...c, queue: [...c.queue, requestFor(e)] },
          started: find,
        };
      if (e.type === "cart.refresh") return { value: "finding", context: c, started: find };
      return stay;
    case "idle":
      if (change) return idle({ ...c, queue: [...c.queue, requestFor(e)] });
      if (e.type === "cart.refresh") return { value: "finding", context: c, started: find };
      return stay;
    case "updating":
      if (change)
        return { value: "updating", context: { ...c, queue: [...c.queue, requestFor(e)] } };
      if (e.type === "xstate.done.actor.applyOperation") {
        const cart = e.output as CartLike | null;
        const ctx = { ...c, cart, lastOutcome: outcome(true, null) };
        if (cart !== null && cart.shipments.length >= 1)
          return {
            value: "checkingShipment",
            context: ctx,
            started: { loadShippingMethods: undefined },
          };
        return report(ctx);
      }
      if (e.type === "xstate.error.actor.applyOperation")
        return report({ ...c, lastOutcome: outcome(false, words(e.error), named(e.error)) });
      return stay;
    case "checkingShipment":
    case "settingShipment":
      if (change)
        return { value: before.value, context: { ...c, queue: [...c.queue, requestFor(e)] } };
      if (e.type === "xstate.done.actor.loadShippingMethods") {
        const offered = e.output as string[];
        const ctx = { ...c, shippingMethods: offered };
        const method = c.cart!.shipments[0]!.methodCode;
        // Written only when the server no longer offers the shipment's method.
        if (offered.length > 0 && !offered.includes(method))
          return {
            value: "settingShipment",
            context: ctx,
            started: { setShippingMethod: { cart: c.cart, methodCode: offered[0] } },
          };
        return report(ctx);
      }
      if (e.type === "xstate.error.actor.loadShippingMethods") return report(c);
      if (e.type === "xstate.done.actor.setShippingMethod")
        return report({ ...c, cart: e.output as CartLike });
      if (e.type === "xstate.error.actor.setShippingMethod") return report(c);
      return stay;
  }
  return stay;
}

export const model: MachineModel = {
  machine: cartMachine,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.cart === null ? "none" : s.context.cart.items.length,
      Math.min(s.context.queue.length, 2),
      s.context.queue[0]?.silent ?? null,
      s.context.lastOutcome?.ok ?? null,
    ]),
  events: () => [
    { type: "cart.start" },
    { type: "cart.stop" },
    { type: "cart.add", variantCode: "V1", quantity: 1, requestId: "r1" },
    { type: "cart.bulkAdd", items: [{ variantCode: "V1", quantity: 2 }], silent: true },
    { type: "cart.adjust", itemId: "1", quantity: 3 },
    { type: "cart.remove", itemId: "1" },
    { type: "cart.empty" },
    { type: "cart.refresh" },
    {
      type: "cart.change",
      operation: { kind: "applyCoupon", code: "WELCOME10" },
      requestId: "c1",
      silent: true,
    },
    { type: "xstate.done.actor.findCart", output: empty },
    { type: "xstate.error.actor.findCart", error: { detail: "Down" } },
    { type: "xstate.done.actor.applyOperation", output: filled },
    { type: "xstate.done.actor.applyOperation", output: empty },
    { type: "xstate.error.actor.applyOperation", error: { detail: "Out of stock" } },
    { type: "xstate.error.actor.applyOperation", error: { detail: "", message: "Bad Gateway" } },
    {
      type: "xstate.error.actor.applyOperation",
      error: {
        detail: "Unknown coupon",
        violations: [{ propertyPath: "couponCode", message: "Unknown" }, { code: "x" }],
      },
    },
    // Offered still, withdrawn, none offered at all.
    { type: "xstate.done.actor.loadShippingMethods", output: ["sea_freight", "air_freight"] },
    { type: "xstate.done.actor.loadShippingMethods", output: ["sea_freight"] },
    { type: "xstate.done.actor.loadShippingMethods", output: [] },
    { type: "xstate.error.actor.loadShippingMethods", error: new Error("gone") },
    {
      type: "xstate.done.actor.setShippingMethod",
      output: { ...filled, shipments: [{ id: "9", methodCode: "sea_freight" }] },
    },
    { type: "xstate.error.actor.setShippingMethod", error: new Error("gone") },
    // Failures without the server's words: none at all, a bare text, an empty message.
    { type: "xstate.error.actor.findCart", error: undefined },
    { type: "xstate.error.actor.applyOperation", error: "offline" },
    { type: "xstate.error.actor.applyOperation", error: { message: "" } },
  ],
  invariants: {
    "a change runs only while one is waiting": (s) =>
      !["updating", "checkingShipment", "settingShipment", "reporting"].includes(String(s.value)) ||
      s.context.queue.length > 0,
    "idle only with nothing waiting": (s) => s.value !== "idle" || s.context.queue.length === 0,
  },
  oracle,
};
