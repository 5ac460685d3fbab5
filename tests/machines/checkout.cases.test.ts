// Hand-written cases of the checkout machine beside its generated paths (checkout.paths.test.ts):
// what the path tests' oracles left alive in its first mutation run (decision 036): the edges of
// the rules (a quantity of 1 and 300, a comment or PO number of the longest length, the minimum
// met exactly), blank text that counts as none, refusals of odd shapes, and the exported helpers
// the page calls in any state. A separate file, so that adding a case does not make Stryker's
// incremental run retest every mutant the path tests already killed.
import { createActor, fromPromise, type AnyActorLogic } from "xstate";
import { describe, expect, it, vi } from "vitest";
import {
  canFinish,
  checkoutMachine,
  defaultPaymentMethod,
  limitsExceeded,
  poNumberProblem,
  poNumberSatisfied,
  shippingAddressIdOf,
  type CheckoutCart,
  type CheckoutCustomer,
  type CheckoutFailure,
} from "../../machines/checkout.machine.js";
import type { CartOperation } from "../../machines/cart.machine.js";
import { MAX_NOTE_LENGTH, MAX_PO_NUMBER_LENGTH } from "../../rules/limits.js";
import {
  addresses,
  buyer,
  cart,
  marketing,
  methods,
  poRequired,
  reread,
} from "./models/checkout.model.js";

type Answer = (operation: CartOperation) => CheckoutCart | null;

/**
 * A checkout actor on the model's customer and cart: `answer` says what the cart actor does
 * with each change (a missing kind answers the cart as it was); every change is recorded, and
 * so is every failure the page would show.
 */
function checkout(
  options: {
    customer?: CheckoutCustomer;
    cart?: CheckoutCart | null;
    methods?: typeof methods;
    answer?: Partial<Record<CartOperation["kind"], Answer>>;
  } = {},
) {
  const current = options.cart === undefined ? cart : options.cart;
  const asked: CartOperation[] = [];
  const failures: CheckoutFailure[] = [];
  const completed = vi.fn();
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        loadCheckout: fromPromise(async () => ({
          customer: options.customer ?? buyer,
          cart: current,
        })),
        loadAddresses: fromPromise(async () => addresses),
        loadPaymentMethods: fromPromise(async () => options.methods ?? methods),
        changeCart: fromPromise<CheckoutCart | null, { operation: CartOperation }>(
          async ({ input: { operation } }) => {
            asked.push(operation);
            const run = options.answer?.[operation.kind];
            return run ? run(operation) : current;
          },
        ) as AnyActorLogic,
        completeOrder: fromPromise(async () => {
          completed();
          return { orderNumber: "000400" };
        }),
        refreshCart: fromPromise(async () => {}),
      },
      actions: { notifyFailure: (_, failure) => void failures.push(failure) },
    }),
  ).start();
  const until = (value: unknown) =>
    vi.waitFor(() => expect(actor.getSnapshot().matches(value as never)).toBe(true));
  return { actor, asked, failures, completed, until };
}

describe("checkout machine: hand-written cases", () => {
  it("ends in a final state when the page has nothing more to do", async () => {
    const refused = checkout({ customer: marketing });
    await refused.until("notAllowed");
    expect(refused.actor.getSnapshot().status).toBe("done");
    const empty = checkout({ cart: { ...cart, items: [] } });
    await empty.until("empty");
    expect(empty.actor.getSnapshot().status).toBe("done");
    const placed = checkout();
    await placed.until({ active: "overview" });
    placed.actor.send({ type: "checkout.next" });
    await placed.until({ active: "details" });
    placed.actor.send({ type: "checkout.complete" });
    await placed.until("completed");
    expect(placed.actor.getSnapshot().status).toBe("done");
    const emptied = checkout();
    await emptied.until({ active: "overview" });
    emptied.actor.send({ type: "emptyCart.ask" });
    emptied.actor.send({ type: "emptyCart.confirm" });
    await emptied.until("emptied");
    expect(emptied.actor.getSnapshot().status).toBe("done");
  });

  it("takes quantities from 1 to 300 and sends nothing for 0, 301 or a fraction", async () => {
    const { actor, asked, until } = checkout();
    await until({ active: "overview" });
    for (const quantity of [0, 301, 1.5, -1]) {
      actor.send({ type: "item.setQuantity", itemId: "1", quantity });
      expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true);
    }
    expect(asked).toEqual([]);
    for (const quantity of [1, 300]) {
      actor.send({ type: "item.setQuantity", itemId: "1", quantity });
      await until({ active: "overview" });
    }
    expect(asked.map((o) => (o.kind === "adjust" ? o.quantity : o.kind))).toEqual([1, 300]);
  });

  it("goes on when the items reach the minimum exactly", async () => {
    const exactly = { ...cart, itemsTotal: cart.minimalOrderValue };
    const { actor, until } = checkout({ cart: exactly });
    await until({ active: "overview" });
    actor.send({ type: "checkout.next" });
    await until({ active: "details" });
  });

  it("takes a comment of the longest length and refuses one character more; keeps a PO number as typed, completing only once it fits", async () => {
    const { actor, until } = checkout();
    await until({ active: "overview" });
    actor.send({ type: "checkout.next" });
    await until({ active: "details" });
    const note = "n".repeat(MAX_NOTE_LENGTH);
    const po = "P".repeat(MAX_PO_NUMBER_LENGTH);
    actor.send({ type: "note.change", value: note });
    actor.send({ type: "poNumber.change", value: po });
    actor.send({ type: "note.change", value: `${note}x` });
    expect(canFinish(actor.getSnapshot())).toBe(true);
    actor.send({ type: "poNumber.change", value: `${po}x` });
    // Kept as typed (issue 30: it was cut silently), and the order waits until it fits.
    expect(actor.getSnapshot().context).toMatchObject({ note, poNumber: `${po}x` });
    expect(canFinish(actor.getSnapshot())).toBe(false);
    actor.send({ type: "checkout.complete" });
    expect(actor.getSnapshot().matches({ active: "details" })).toBe(true);
    // Blanks around it do not count against it.
    actor.send({ type: "poNumber.change", value: ` ${po} ` });
    expect(canFinish(actor.getSnapshot())).toBe(true);
  });

  it("saves a comment and a PO number trimmed, and not at all when only blanks were added", async () => {
    const saved = checkout({
      customer: poRequired,
      cart: { ...cart, notes: "Gate 4", poNumber: "PO-7" },
    });
    await saved.until({ active: "overview" });
    saved.actor.send({ type: "checkout.next" });
    await saved.until({ active: "details" });
    saved.actor.send({ type: "note.change", value: "  Gate 4 " });
    saved.actor.send({ type: "poNumber.change", value: " PO-7  " });
    saved.actor.send({ type: "checkout.complete" });
    await saved.until("completed");
    expect(saved.asked.map((o) => o.kind)).not.toContain("setNote");
    expect(saved.asked.map((o) => o.kind)).not.toContain("setPoNumber");

    const changed = checkout({ customer: poRequired });
    await changed.until({ active: "overview" });
    changed.actor.send({ type: "checkout.next" });
    await changed.until({ active: "details" });
    changed.actor.send({ type: "note.change", value: "  Deliver before noon  " });
    // A PO number of blanks is no PO number: the order cannot be completed with it.
    changed.actor.send({ type: "poNumber.change", value: "   " });
    expect(canFinish(changed.actor.getSnapshot())).toBe(false);
    changed.actor.send({ type: "poNumber.change", value: "\tPO-2027-02 " });
    changed.actor.send({ type: "checkout.complete" });
    await changed.until("completed");
    expect(changed.asked).toContainEqual({ kind: "setNote", note: "Deliver before noon" });
    expect(changed.asked).toContainEqual({ kind: "setPoNumber", poNumber: "PO-2027-02" });
  });

  it("starts on the customer's default addresses only when the address book has them", async () => {
    const { actor, until } = checkout({
      customer: { ...buyer, defaultShippingAddressId: "99", defaultBillingAddressId: "98" },
    });
    await until({ active: "overview" });
    actor.send({ type: "checkout.next" });
    await until({ active: "details" });
    expect(actor.getSnapshot().context).toMatchObject({
      shippingAddressId: null,
      billingAddressId: null,
    });
  });

  it("sets no payment method on the cart when there is none to choose", async () => {
    const { actor, asked, until } = checkout({ methods: [] });
    await until({ active: "overview" });
    actor.send({ type: "checkout.next" });
    await until({ active: "details" });
    expect(actor.getSnapshot().context.paymentMethodCode).toBeNull();
    expect(asked.map((o) => o.kind)).not.toContain("setPaymentMethod");
  });

  it("reads a refusal of any shape: a blank or non-text detail is none, odd violations are dropped", async () => {
    const refusals: unknown[] = [
      { detail: "", violations: [null, { propertyPath: 3 }, { propertyPath: "couponCode" }] },
      { detail: 42, violations: "couponCode" },
      null,
      "refused",
    ];
    const { actor, failures, until } = checkout({
      answer: {
        applyCoupon: () => {
          throw refusals.shift();
        },
      },
    });
    await until({ active: "overview" });
    const read: unknown[] = [];
    for (let n = 0; n < 4; n++) {
      actor.send({ type: "coupon.change", value: "NOPE" });
      actor.send({ type: "coupon.apply" });
      await vi.waitFor(() => expect(actor.getSnapshot().context.couponFailure).not.toBeNull());
      await until({ active: "overview" });
      read.push(actor.getSnapshot().context.couponFailure);
    }
    // Said under the coupon field, not as a toast (issue 30).
    expect(failures).toEqual([]);
    expect(read).toEqual([
      { detail: null, violations: [{ propertyPath: "couponCode" }] },
      { detail: null, violations: [] },
      { detail: null, violations: [] },
      { detail: null, violations: [] },
    ]);
  });

  it("keeps the cart it has when a failed change carries no readable cart", async () => {
    const errors: unknown[] = [
      null,
      { cart: null },
      { cart: "t1" },
      { cart: { items: [] } },
      { cart: reread },
    ];
    const { actor, until } = checkout({
      answer: {
        setPaymentMethod: () => {
          throw errors.shift();
        },
      },
    });
    await until({ active: "overview" });
    actor.send({ type: "checkout.next" });
    await until({ active: "details" });
    for (const code of ["adyen_card", "adyen_card", "adyen_card", "adyen_card"]) {
      actor.send({ type: "paymentMethod.select", code });
      await until({ active: "details" });
      expect(actor.getSnapshot().context.cart).toBe(cart);
      expect(actor.getSnapshot().context.paymentMethodCode).toBe("invoice");
    }
    // A cart read again after the failure is shown with its method.
    actor.send({ type: "paymentMethod.select", code: "adyen_card" });
    await until({ active: "details" });
    expect(actor.getSnapshot().context.cart).toBe(reread);
    expect(actor.getSnapshot().context.paymentMethodCode).toBe("adyen_card");
  });
});

describe("checkout helpers the page calls in any state", () => {
  it("finds the address-book entry of the cart's address, none without a cart or a match", () => {
    expect(shippingAddressIdOf(reread, addresses)).toBe("2");
    expect(shippingAddressIdOf(null, addresses)).toBeNull();
    expect(shippingAddressIdOf(cart, addresses)).toBeNull();
    const elsewhere = { ...reread.shippingAddress!, street: "Drottninggatan 2" };
    expect(shippingAddressIdOf({ ...cart, shippingAddress: elsewhere }, addresses)).toBeNull();
  });

  it("keeps the cart's payment method only when it is offered, else the first card, else the first", () => {
    const invoiceFirst = [
      { code: "invoice", isCard: false },
      { code: "adyen_card", isCard: true },
    ];
    expect(defaultPaymentMethod(null, invoiceFirst)).toBe("adyen_card");
    const gone = { ...cart, payments: [{ id: "p", methodCode: "cheque" }] };
    expect(defaultPaymentMethod(gone, invoiceFirst)).toBe("adyen_card");
    expect(defaultPaymentMethod(cart, invoiceFirst)).toBe("invoice");
    expect(defaultPaymentMethod(gone, [{ code: "invoice", isCard: false }])).toBe("invoice");
  });

  it("needs a PO number only of a company that requires one, and blanks are none", () => {
    expect(poNumberSatisfied({ customer: null, poNumber: "" })).toBe(true);
    expect(poNumberSatisfied({ customer: buyer, poNumber: "" })).toBe(true);
    expect(poNumberSatisfied({ customer: poRequired, poNumber: " \t " })).toBe(false);
    expect(poNumberSatisfied({ customer: poRequired, poNumber: " PO-1 " })).toBe(true);
    expect(poNumberProblem({ customer: poRequired, poNumber: "" })).toBe("missing");
    expect(poNumberProblem({ customer: buyer, poNumber: "P".repeat(36) })).toBe("tooLong");
    expect(poNumberProblem({ customer: poRequired, poNumber: "P".repeat(35) })).toBeNull();
  });

  it("names no crossed limit before the customer and the cart are known", () => {
    expect(limitsExceeded({ customer: null, cart })).toEqual([]);
    expect(limitsExceeded({ customer: poRequired, cart: null })).toEqual([]);
    expect(limitsExceeded({ customer: poRequired, cart }).length).toBeGreaterThan(0);
  });

  it("lets the order be finished only on step 2 with an address", () => {
    const snapshot = (state: unknown, shippingAddressId: string | null) => ({
      matches: (value: unknown) => JSON.stringify(value) === JSON.stringify(state),
      context: { ...checkoutMachine.config.context, customer: buyer, shippingAddressId } as never,
    });
    expect(canFinish(snapshot({ active: "details" }, "2"))).toBe(true);
    expect(canFinish(snapshot({ active: "details" }, null))).toBe(false);
    expect(canFinish(snapshot({ active: "overview" }, "2"))).toBe(false);
  });
});
