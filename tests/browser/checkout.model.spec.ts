import type { Page } from "@playwright/test";
import type { EventObject } from "xstate";
import {
  checkoutMachine,
  MARKETING_ROLE,
  type CheckoutCart,
  type CheckoutContext,
} from "../../machines/checkout.machine";
import {
  emptyCart,
  expect,
  gql,
  journeys,
  signInThroughApi,
  type E2EContext,
} from "../../e2e/harness";
import { modelJourneys, type BrowserModel } from "./model-driven";

/**
 * The checkout machine drives the checkout page against the real server (storefront spec:
 * checkout page, sections 4, 5 and 8), every transition taken by a browser or listed in
 * `UNREACHABLE` with the reason (model-driven.ts checks both ways).
 *
 * The buyer starts with one line of 9 × Glow Mini Starter Set, rose (5.90 € each: 531 €, above
 * the 500 € minimum) on a new cart, whose payment starts on the card method; the company's
 * address book has the billing address 1 and the default shipping address 2. The oracle below
 * (`serverAnswer`) states, without the machine, what the server answers to each call: the
 * coupon WELCOME10 takes 10% off the items (then 9 items are below the minimum, 10 are not),
 * any other code is refused, a new address becomes the shipping address. Other journeys start
 * as the marketing user (no checkout) or with no cart (empty).
 *
 * A call's connection may drop: the page's request is aborted in the browser (Playwright
 * routes), as when the network goes away, which is how each service's failure happens for
 * real; loading the page with the network down fails its first reads (the customer and the
 * cart) until the page shows the failure.
 *
 * Every settled step compares what the page shows with what the server holds and with the
 * model (`expectPage`): the lines and their quantities, the total, the coupon, the shipping
 * address, the payment method, the comment and the PO number; after the order, its number and
 * what the server stored of it; the marketing role, the deleted or empty cart.
 *
 * Journeys share one database (a worker's portal): the variant has stock for every journey of
 * a run, and each new address is added again (the address book grows by one a journey).
 */
const VARIANT = "GLOW-MINI-STARTER-SET-ROSE";
const UNIT = 5_900;
/** A second, cheap line (1 × Pure Micellar Cleansing Water, 9 €), removed before the first. */
const SECOND_VARIANT = "PURE-MICELLAR-WATER-200ML";
const SECOND_UNIT = 900;
const LINE_NAMES: Record<string, string> = {
  "1": "Glow Mini Starter Set",
  "2": "Pure Micellar Cleansing Water",
};
const START_QUANTITY = 9;
const NEW_QUANTITY = 10;
const MINIMUM = 50_000;
const COUPON = "WELCOME10";
const BAD_COUPON = "NOPE-1";
const NOTE = "Please deliver before noon.";
const PO_NUMBER = "PO-MODEL-7";
const BUYER = "buyer@demo-spa.example";
const MARKETING = "marketing@demo-spa.example";
/** The addresses of the model by id: the street the server stores and the page's label. */
const ADDRESSES: Record<string, { street: string; label: string }> = {
  "1": { street: "Friedrichstraße 120", label: "Friedrichstraße 120, 10117 Berlin, Germany" },
  "2": { street: "Jungfernstieg 7", label: "Jungfernstieg 7, 20354 Hamburg, Germany" },
  new: { street: "Hafenstraße 3", label: "Hafenstraße 3, 20457 Hamburg, Germany" },
};
const GENERIC_ERROR = "Something went wrong! Please try again.";

/** Transitions a browser cannot cause, with the reason (checked: none of them is taken). */
const UNREACHABLE = {
  "settingDefaultAddresses -- [noShippingAddress]":
    "every company has a default shipping address in its address book, and the shop API can " +
    "neither delete it nor unset it, so loading the addresses always finds one",
  "settingDefaultPaymentMethod -- [paymentMethodDiffers]":
    "the server starts a cart's payment on its first enabled method when the first item " +
    "arrives, one of the methods it offers; the default method is then the cart's own",
  "paying --payment.approvalRequired":
    "the model's buyer has no spending limit, so the server never refuses the card for one; " +
    "e2e/spending-limits.spec.ts takes it: a limit the page did not know of (set after it " +
    "loaded) makes the card dialog hand the order back, which is placed awaiting approval",
  "finishing --xstate.error.actor.refreshCart":
    "the page's refreshCart waits for the cart actor to stop loading and resolves whatever " +
    "the outcome (src/features/checkout/checkout-page.tsx): it never fails",
};

/**
 * The cart as the oracle has it: the lines (the set's quantity, whether the second line is
 * still there), the coupon, the comment, the PO number.
 */
function cartOf(
  quantity: number,
  second: boolean,
  coupon: string | null,
  prev?: CheckoutCart,
): CheckoutCart {
  const items = [
    ...(quantity > 0 ? [{ id: "1", quantity }] : []),
    ...(second ? [{ id: "2", quantity: 1 }] : []),
  ];
  const subtotal = quantity * UNIT + (second ? SECOND_UNIT : 0);
  return {
    token: "cart",
    items,
    itemsTotal: Math.round(subtotal * (coupon ? 0.9 : 1)),
    // Shipping and tax are not modelled: the machine reads the total only against spending
    // limits, and this buyer has none (the page's total is compared with the server's).
    total: Math.round(subtotal * (coupon ? 0.9 : 1)),
    minimalOrderValue: MINIMUM,
    couponCode: coupon,
    notes: prev?.notes ?? null,
    poNumber: prev?.poNumber ?? null,
    payments: prev?.payments ?? [{ id: "p", methodCode: "adyen_card" }],
    shippingAddress: prev?.shippingAddress ?? null,
  };
}

/** The cart once the shipping address `id` of the model is on it (the street tells it). */
const shippingTo = (cart: CheckoutCart, id: string | null): CheckoutCart => ({
  ...cart,
  shippingAddress: id === null ? null : { street: ADDRESSES[id]!.street },
});

type Snapshot = { value: unknown; context: CheckoutContext; status?: string };

const done = (id: string, output?: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
/**
 * The connection drops while the call runs (the page's request is aborted). A change of the
 * cart is followed by reading the cart again (src/lib/cart.tsx): the error carries it.
 */
const dropped = (id: string, reread?: CheckoutCart | null) =>
  ({
    type: `xstate.error.actor.${id}`,
    error: { detail: null, violations: [], ...(reread === undefined ? {} : { cart: reread }) },
    how: "offline",
  }) as EventObject;
const refused = (id: string, error: unknown) =>
  ({ type: `xstate.error.actor.${id}`, error }) as EventObject;

/** The gateway operation each service calls (the one a dropped connection aborts). */
const OPERATIONS: Record<string, string[]> = {
  loadCheckout: ["Me", "ActiveCart"],
  adjustItem: ["AdjustCartItem"],
  removeItem: ["RemoveCartItem"],
  deleteCart: ["DeleteCart"],
  applyCoupon: ["ApplyCoupon"],
  removeCoupon: ["RemoveCoupon"],
  loadAddresses: ["Addresses"],
  setDefaultAddresses: ["SetCartAddresses"],
  setAddresses: ["SetCartAddresses"],
  loadPaymentMethods: ["PaymentMethods"],
  setPaymentMethod: ["SetPaymentMethod"],
  saveNote: ["SetOrderNote"],
  savePoNumber: ["SetPurchaseOrderNumber"],
  completeOrder: ["CompleteOrder"],
};

const buyer = {
  roles: ["ROLE_COMPANY_COMMERCIAL"],
  defaultShippingAddressId: "2",
  defaultBillingAddressId: "1",
};

/** What the server (or the network) answers to the call the machine is making in this state. */
function serverAnswer(s: Snapshot): EventObject[] {
  const c = s.context;
  const cart = c.cart;
  const step = typeof s.value === "object" ? Object.values(s.value as object)[0] : s.value;
  const quantity = cart?.items.find((i) => i.id === "1")?.quantity ?? 0;
  const second = cart?.items.some((i) => i.id === "2") === true;
  switch (step) {
    case "loading":
      return [
        done("loadCheckout", { customer: buyer, cart: cartOf(START_QUANTITY, true, null) }),
        done("loadCheckout", {
          customer: { ...buyer, roles: [MARKETING_ROLE] },
          cart: null,
        }),
        done("loadCheckout", { customer: buyer, cart: null }),
        dropped("loadCheckout"),
      ];
    case "updatingItem":
      return [
        done("adjustItem", cartOf(NEW_QUANTITY, second, cart!.couponCode, cart!)),
        dropped("adjustItem"),
      ];
    case "removingItem":
      // The person removes the last line of the list: the second while it is there.
      return [
        done("removeItem", cartOf(second ? quantity : 0, false, cart!.couponCode, cart!)),
        dropped("removeItem"),
      ];
    case "emptying":
      return [done("deleteCart"), dropped("deleteCart")];
    case "applyingCoupon":
      return c.couponInput.trim() === COUPON
        ? [done("applyCoupon", cartOf(quantity, second, COUPON, cart!)), dropped("applyCoupon")]
        : [
            refused("applyCoupon", {
              detail: "The coupon code is not valid.",
              violations: [{ propertyPath: "couponCode" }],
            }),
          ];
    case "removingCoupon":
      return [done("removeCoupon", cartOf(quantity, second, null, cart!)), dropped("removeCoupon")];
    case "loadingAddresses":
      return [
        done("loadAddresses", [
          { id: "1", street: ADDRESSES["1"]!.street },
          { id: "2", street: ADDRESSES["2"]!.street },
        ]),
        dropped("loadAddresses"),
      ];
    case "settingDefaultAddresses":
      return [
        done("setDefaultAddresses", shippingTo(cart!, c.shippingAddressId)),
        dropped("setDefaultAddresses", cart),
      ];
    case "loadingPaymentMethods":
      return [
        done("loadPaymentMethods", [
          { code: "adyen_card", isCard: true },
          { code: "invoice", isCard: false },
        ]),
        dropped("loadPaymentMethods"),
      ];
    case "settingPaymentMethod":
      return [
        done("setPaymentMethod", {
          ...cart,
          payments: [{ id: "p", methodCode: c.paymentMethodCode }],
        }),
        dropped("setPaymentMethod", cart),
      ];
    case "settingShippingAddress":
      return [
        done("setAddresses", shippingTo(cart!, c.shippingAddressId)),
        dropped("setAddresses", cart),
      ];
    case "savingNote":
      return [done("saveNote", { ...cart, notes: c.note.trim() }), dropped("saveNote")];
    case "savingPoNumber":
      return [
        done("savePoNumber", { ...cart, poNumber: c.poNumber.trim() }),
        dropped("savePoNumber"),
      ];
    case "completing":
      return [done("completeOrder", { orderNumber: "placed" }), dropped("completeOrder")];
    case "finishing":
      return [done("refreshCart")];
    default:
      return [];
  }
}

/**
 * What a person can do on the page in this state (only what the page offers). Choices go one
 * way (the quantity up to 10, the shipping address from 2 to 1, one new address, the comment
 * and PO number typed, card to invoice) to keep the situations few.
 */
function personEvents(s: Snapshot): EventObject[] {
  const c = s.context;
  const cart = c.cart!;
  const coupon: EventObject[] = cart.couponCode
    ? [{ type: "coupon.remove" }]
    : c.couponInput
      ? [{ type: "coupon.apply" }]
      : [
          { type: "coupon.change", value: COUPON } as EventObject,
          { type: "coupon.change", value: BAD_COUPON } as EventObject,
        ];
  switch ((s.value as { active?: string }).active) {
    case "overview":
      return [
        ...(cart.items.some((i) => i.id === "1" && i.quantity === START_QUANTITY)
          ? [{ type: "item.setQuantity", itemId: "1", quantity: NEW_QUANTITY } as EventObject]
          : []),
        { type: "item.remove", itemId: cart.items[cart.items.length - 1]!.id } as EventObject,
        { type: "emptyCart.ask" },
        ...coupon,
        // 'Checkout' is disabled below the minimum.
        ...(cart.itemsTotal >= cart.minimalOrderValue ? [{ type: "checkout.next" }] : []),
      ];
    case "confirmingEmpty":
      return [{ type: "emptyCart.cancel" }, { type: "emptyCart.confirm" }];
    case "details": {
      // One change of the details per journey (each multiplies the situations the journeys
      // are chosen from): the shipping address, a new one, the comment, the PO number, the
      // method, or the coupon.
      const changed =
        c.shippingAddressId !== "2" ||
        c.addresses.length !== 2 ||
        c.note !== "" ||
        c.poNumber !== "" ||
        c.paymentMethodCode !== "adyen_card" ||
        c.couponInput !== "" ||
        cart.couponCode !== null;
      return [
        { type: "checkout.back" },
        ...(changed
          ? []
          : [
              { type: "shipping.select", addressId: "1" } as EventObject,
              { type: "address.add" },
              { type: "note.change", value: NOTE } as EventObject,
              { type: "poNumber.change", value: PO_NUMBER } as EventObject,
              { type: "paymentMethod.select", code: "invoice" } as EventObject,
            ]),
        ...(changed && !c.couponInput && !cart.couponCode ? [] : coupon),
        { type: "checkout.complete" },
      ];
    }
    case "addingAddress":
      return [
        { type: "address.cancel" },
        {
          type: "address.created",
          address: { id: "new", street: ADDRESSES.new!.street },
        } as EventObject,
      ];
    case "paying":
      return [
        { type: "payment.succeeded", orderNumber: "placed" } as EventObject,
        { type: "payment.closed" },
      ];
    default:
      return [];
  }
}

// ------------------------------------------------------------------ the browser's side

/** Per journey: the connection drops armed, the cart's token, what the page must show. */
interface Journey {
  drops: string[];
  offline: boolean;
  cartToken: string | null;
  dropShown: boolean;
  /**
   * The shipping address the server's cart has (the model's id): the machine's choice once a
   * call setting it succeeded; a dropped call leaves the cart's as it was, and the page shows
   * the cart's again.
   */
  serverShipping: string | null;
  /** A call setting the shipping address has succeeded in this step. */
  shippingSet: boolean;
  /** The quantity typed in the first line when its update was dropped (the field keeps it). */
  typedQuantity: number | null;
}
const journeyByPage = new WeakMap<Page, Journey>();
const journeyOf = (page: Page) => journeyByPage.get(page)!;

/**
 * Arms the connection drops of the server's answers that follow (up to the next thing the
 * person does): the calls they answer are aborted when the page makes them.
 */
function arm(journey: Journey, upcoming: EventObject[]) {
  for (const event of upcoming) {
    if (!event.type.startsWith("xstate.")) return;
    if ((event as { how?: string }).how !== "offline") continue;
    const id = event.type.slice("xstate.error.actor.".length);
    if (id === "loadCheckout") journey.offline = true;
    else journey.drops.push(...OPERATIONS[id]!);
  }
}

async function routeCalls(page: Page, journey: Journey) {
  await page.route("**/graphql", async (route) => {
    const body = route.request().postDataJSON() as { query?: string; operationName?: string };
    const op = body?.operationName ?? /(?:query|mutation)\s+(\w+)/.exec(body?.query ?? "")?.[1];
    const index = op ? journey.drops.indexOf(op) : -1;
    if (index >= 0) {
      journey.drops.splice(index, 1);
      return route.abort("internetdisconnected");
    }
    if (journey.offline && op && OPERATIONS.loadCheckout!.includes(op))
      return route.abort("internetdisconnected");
    return route.continue();
  });
}

async function enabledButton(ctx: E2EContext, name: string) {
  await ctx.page.waitForFunction(
    (label) =>
      [...document.querySelectorAll("button")].some(
        (b) => b.textContent?.trim() === label && !b.disabled && !b.hasAttribute("data-loading"),
      ),
    name,
  );
  return ctx.page.getByRole("button", { name, exact: true });
}

interface ServerCart {
  token: string;
  items: { quantity: number }[];
  itemsTotal: number;
  total: number;
  couponCode: string | null;
  notes: string | null;
  poNumber: string | null;
  shippingAddress: { street: string } | null;
  payments: { methodCode: string }[];
}
const CART_FIELDS =
  "token items { quantity } itemsTotal total couponCode notes poNumber shippingAddress { street } payments { methodCode }";

async function serverCart(ctx: E2EContext): Promise<ServerCart | null> {
  return (await gql<{ activeCart: ServerCart | null }>(ctx, `{ activeCart { ${CART_FIELDS} } }`))
    .activeCart;
}

/**
 * Waits (up to 10 s) until `check` finds nothing wrong, and fails with what it found last.
 * The page and the server are read again on every try.
 */
async function settles(page: Page, what: string, check: () => Promise<string[]>) {
  let problems: string[] = [];
  for (let i = 0; i < 50; i++) {
    problems = await check();
    if (problems.length === 0) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`${what}: ${problems.join("; ")}`);
}

const differ = (what: string, a: unknown, b: unknown) =>
  JSON.stringify(a) === JSON.stringify(b)
    ? []
    : [`${what}: ${JSON.stringify(a)} against ${JSON.stringify(b)}`];

/**
 * The step on the page (overview or details) against the server's cart and the model: the
 * lines, the total, the coupon, and on the details step the address, method, comment and PO.
 */
async function expectCart(ctx: E2EContext, snap: Snapshot, step: "overview" | "details") {
  const { page } = ctx;
  const c = snap.context;
  const model = c.cart!;
  await settles(page, `the ${step} step, the server and the model agree`, async () => {
    const server = await serverCart(ctx);
    if (!server) return ["the server has no cart"];
    const shownTotal = Number(await page.getByTestId("summary-total").getAttribute("data-amount"));
    const applied = page.getByText(/^Coupon \S+ applied$/);
    const shownCoupon = (await applied.count()) > 0 ? await applied.first().textContent() : null;
    const problems = [
      ...differ("the page's total and the server's", shownTotal, server.total),
      ...differ(
        "the server's quantities and the model's",
        server.items.map((i) => i.quantity),
        model.items.map((i) => i.quantity),
      ),
      ...differ("the server's items total and the model's", server.itemsTotal, model.itemsTotal),
      ...differ("the server's coupon and the model's", server.couponCode, model.couponCode),
      ...differ(
        "the page's coupon and the server's",
        shownCoupon,
        server.couponCode ? `Coupon ${server.couponCode} applied` : null,
      ),
      ...differ("the server's comment and the model's", server.notes ?? null, model.notes ?? null),
      ...differ(
        "the server's PO number and the model's",
        server.poNumber ?? null,
        model.poNumber ?? null,
      ),
    ];
    if (!model.couponCode) {
      const input = page.getByLabel("Coupon code");
      const typed = (await input.count()) > 0 ? await input.inputValue() : null;
      problems.push(...differ("the coupon field and the model's", typed, c.couponInput));
      // A refused code is said under its field, and only while it is the code refused.
      const said = (await page.locator("#coupon-error").count()) > 0;
      problems.push(...differ("a coupon refusal shown", said, c.couponFailure !== null));
    }
    if (step === "overview") {
      const shown = await page
        .getByTestId("checkout-line")
        .evaluateAll((lines) =>
          lines.map((l) => Number((l.querySelector("input") as HTMLInputElement).value)),
        );
      // After a dropped update the field keeps what was typed, to try again.
      const typed = journeyOf(page).typedQuantity;
      problems.push(
        ...differ(
          "the page's quantities and the server's",
          shown,
          server.items.map((i, n) => (n === 0 && typed !== null ? typed : i.quantity)),
        ),
      );
      return problems;
    }
    const shipping = await page.getByRole("combobox", { name: "Shipping address" }).inputValue();
    // After a dropped change the page shows the address the cart has: none on a new cart.
    const wanted = c.shippingAddressId === null ? { label: "" } : ADDRESSES[c.shippingAddressId]!;
    const invoice = await page.getByRole("radio", { name: /Invoice/ }).isChecked();
    return [
      ...problems,
      ...differ("the page's shipping address and the model's", shipping, wanted.label),
      ...differ(
        "the server's shipping address and the model's",
        server.shippingAddress?.street ?? null,
        shippedTo(journeyOf(page)),
      ),
      ...differ(
        "the page's payment method and the server's",
        invoice ? "invoice" : "adyen_card",
        server.payments[0]?.methodCode,
      ),
      ...differ(
        "the server's payment method and the model's",
        server.payments[0]?.methodCode,
        c.paymentMethodCode,
      ),
      ...differ(
        "the comment field and the model's",
        await page.getByLabel("Order comment").inputValue(),
        c.note,
      ),
      ...differ(
        "the PO number field and the model's",
        await page.getByTestId("po-number").inputValue(),
        c.poNumber,
      ),
    ];
  });
}

/** The street of the shipping address the server's cart has, as the journey set it. */
const shippedTo = (journey: Journey) =>
  journey.serverShipping === null ? null : ADDRESSES[journey.serverShipping]!.street;

/** The placed order: its number on the page, and what the server stored of it. */
async function expectOrder(ctx: E2EContext, snap: Snapshot) {
  const { page } = ctx;
  const c = snap.context;
  const token = journeyOf(page).cartToken!;
  const shown = (await page.getByTestId("order-number").textContent())!;
  const { order } = await gql<{
    order: {
      number: string;
      items: { quantity: number }[];
      itemsTotal: number;
      couponCode: string | null;
      notes: string | null;
      poNumber: string | null;
      shippingAddress: { street: string };
      payments: { methodCode: string }[];
    } | null;
  }>(
    ctx,
    "query($t: String!) { order(token: $t) { number items { quantity } itemsTotal couponCode notes poNumber shippingAddress { street } payments { methodCode } } }",
    { t: token },
  );
  expect(order, `the server has the order of cart ${token}`);
  const model = c.cart!;
  const problems = [
    ...differ("the page's order number and the server's", shown, `Order number: ${order.number}`),
    ...differ(
      "the order's quantities and the model's",
      order.items.map((i) => i.quantity),
      model.items.map((i) => i.quantity),
    ),
    ...differ("the order's items total and the model's", order.itemsTotal, model.itemsTotal),
    ...differ("the order's coupon and the model's", order.couponCode, model.couponCode),
    ...differ("the order's comment and the model's", order.notes || null, c.note.trim() || null),
    ...differ(
      "the order's PO number and the model's",
      order.poNumber || null,
      c.poNumber.trim() || null,
    ),
    ...differ(
      "the order's shipping address and the model's",
      order.shippingAddress.street,
      ADDRESSES[c.shippingAddressId!]!.street,
    ),
    ...differ(
      "the order's payment method and the model's",
      order.payments[0]?.methodCode,
      c.paymentMethodCode,
    ),
  ];
  expect(problems.length === 0, `the order: ${problems.join("; ")}`);
}

const model: BrowserModel = {
  name: "checkout",
  machine: checkoutMachine,
  coverage: "transitions",
  unreachable: UNREACHABLE,
  events: (s) => {
    const answers = serverAnswer(s as Snapshot);
    if (answers.length > 0) return answers;
    if (s.value === "loadFailed") return [{ type: "retry" }];
    return (s as Snapshot).context.cart ? personEvents(s as Snapshot) : [];
  },
  settled: (s) => serverAnswer(s as Snapshot).length === 0,
  serializeState: (s) => {
    const c = (s as Snapshot).context;
    return JSON.stringify([
      s.value,
      c.customer?.roles,
      c.cart?.items,
      c.cart?.couponCode,
      c.cart?.notes,
      c.cart?.poNumber,
      c.cart?.payments,
      c.couponInput,
      c.note,
      c.poNumber,
      c.shippingAddressId,
      c.addresses.length,
      c.paymentMethodCode,
    ]);
  },
  describe: (e) => {
    if (e.type.startsWith("xstate.done.actor.")) {
      const out = (e as { output?: { customer?: { roles: string[] }; cart?: unknown } }).output;
      if (e.type.endsWith("loadCheckout") && out?.customer?.roles.includes(MARKETING_ROLE))
        return "server answers loadCheckout (marketing)";
      if (e.type.endsWith("loadCheckout") && out?.cart === null)
        return "server answers loadCheckout (no cart)";
      return `server answers ${e.type.slice(18)}`;
    }
    if (e.type.startsWith("xstate.error.actor."))
      return `${(e as { how?: string }).how === "offline" ? "connection drops during" : "server refuses"} ${e.type.slice(19)}`;
    const value = (e as { value?: unknown }).value;
    return value === undefined ? e.type : `${e.type}(${JSON.stringify(value)})`;
  },
  async start(ctx, upcoming) {
    const next = upcoming[0];
    const { page, baseUrl } = ctx;
    const journey: Journey = {
      drops: [],
      offline: false,
      cartToken: null,
      dropShown: false,
      serverShipping: null,
      shippingSet: false,
      typedQuantity: null,
    };
    journeyByPage.set(page, journey);
    const out = (next as { output?: { customer: { roles: string[] }; cart: unknown } }).output;
    const marketing = out?.customer.roles.includes(MARKETING_ROLE) === true;
    await signInThroughApi(ctx, marketing ? MARKETING : BUYER);
    await emptyCart(ctx);
    if (!marketing && out?.cart !== null) journey.cartToken = await fillCart(ctx);
    arm(journey, upcoming);
    await routeCalls(page, journey);
    await page.goto(`${baseUrl}/checkout`);
  },
  async act(ctx, event, upcoming) {
    const { page } = ctx;
    const journey = journeyOf(page);
    arm(journey, upcoming);
    const e = event as EventObject & {
      value?: string;
      code?: string;
      addressId?: string;
      itemId?: string;
      how?: string;
    };
    const line = page.getByTestId("checkout-line").filter({ hasText: LINE_NAMES[e.itemId ?? "1"] });
    if (e.how === "offline") journey.dropShown = true;
    if (e.type === "xstate.error.actor.adjustItem") journey.typedQuantity = NEW_QUANTITY;
    if (e.type === "xstate.done.actor.adjustItem") journey.typedQuantity = null;
    if (/^xstate\.done\.actor\.set(Default)?Addresses$/.test(e.type)) journey.shippingSet = true;
    switch (e.type) {
      case "retry":
        return page.getByRole("button", { name: "Try again" }).click();
      case "item.setQuantity":
        await line.getByLabel(/Quantity of/).fill(String(NEW_QUANTITY));
        return line.getByRole("button", { name: "Update" }).click();
      case "item.remove":
        return (
          line
            // The line names its variant too ("… — 400 ml"), decision 051.
            .getByRole("button", {
              name: new RegExp(`^Remove ${LINE_NAMES[e.itemId!]}( — .+)? from the cart$`),
            })
            .click()
        );
      case "emptyCart.ask":
        return page.getByRole("button", { name: "Empty cart" }).click();
      case "emptyCart.cancel":
        return page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      case "emptyCart.confirm":
        return page.getByRole("dialog").getByRole("button", { name: "Empty cart" }).click();
      case "coupon.change":
        return page.getByLabel("Coupon code").fill(e.value!);
      case "coupon.apply":
        return (await enabledButton(ctx, "Apply")).click();
      case "coupon.remove":
        return page.getByRole("button", { name: "Remove", exact: true }).click();
      case "checkout.next":
        return (await enabledButton(ctx, "Checkout")).click();
      case "checkout.back":
        return page.getByRole("button", { name: "Back to the order overview" }).click();
      case "shipping.select":
        await page.getByRole("combobox", { name: "Shipping address" }).click();
        return page.getByRole("option", { name: ADDRESSES[e.addressId!]!.label }).first().click();
      case "address.add":
        return page.getByRole("button", { name: "Add a new address" }).click();
      case "address.cancel":
        return page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      case "address.created": {
        const dialog = page.getByRole("dialog", { name: "Add a new address" });
        await dialog.getByLabel("First name").fill("Mara");
        await dialog.getByLabel("Last name").fill("Lind");
        await dialog.getByLabel("Company").fill("Demo Spa GmbH");
        await dialog.getByLabel("Street and number").fill(ADDRESSES.new!.street);
        await dialog.getByLabel("Postcode").fill("20457");
        await dialog.getByLabel("City").fill("Hamburg");
        await dialog.getByRole("combobox", { name: "Country" }).click();
        await page.getByRole("option", { name: "Germany" }).click();
        return dialog.getByRole("button", { name: "Save address" }).click();
      }
      case "note.change":
        return page.getByLabel("Order comment").fill(e.value!);
      case "poNumber.change":
        return page.getByTestId("po-number").fill(e.value!);
      case "paymentMethod.select":
        // A click, not check(): with the call dropped the radio goes back at once.
        return page
          .getByRole("radio", { name: e.code === "invoice" ? /Invoice/ : /Credit card/ })
          .click();
      case "checkout.complete": {
        const invoice = await page.getByRole("radio", { name: /Invoice/ }).isChecked();
        return (await enabledButton(ctx, invoice ? "Complete order" : "Pay & complete")).click();
      }
      case "payment.succeeded": {
        const dialog = page.getByRole("dialog", { name: "Order payment" });
        await dialog.getByLabel("Card number").fill("4111 1111 1111 1111");
        await dialog.getByLabel("Expiry date").fill("03/30");
        await dialog.getByLabel("Security code (CVC)").fill("737");
        await dialog.getByLabel("Name on card").fill("Jonas Keller");
        return dialog.getByRole("button", { name: "Pay", exact: true }).click();
      }
      case "payment.closed":
        return page
          .getByRole("dialog", { name: "Order payment" })
          .locator("button.mantine-Modal-close")
          .click();
      default:
        // The server's answers (or the dropped connection) arrive by themselves.
        return;
    }
  },
  async assert(ctx, s) {
    const { page, baseUrl } = ctx;
    const snap = s as Snapshot;
    const journey = journeyOf(page);
    const c = snap.context;
    if (journey.shippingSet) {
      journey.serverShipping = c.shippingAddressId;
      journey.shippingSet = false;
    }
    const where =
      typeof snap.value === "string" ? snap.value : (snap.value as { active: string }).active;
    if (journey.dropShown && (where === "overview" || where === "details")) {
      // The dropped call's failure is told in the generic words (no server detail).
      await page.getByText(GENERIC_ERROR).first().waitFor();
      journey.dropShown = false;
    }
    switch (where) {
      case "overview": {
        if (c.cart!.itemsTotal >= c.cart!.minimalOrderValue)
          await (await enabledButton(ctx, "Checkout")).waitFor();
        else await page.getByTestId("minimum-message").waitFor();
        return expectCart(ctx, snap, "overview");
      }
      case "details": {
        const method = c.paymentMethodCode === "invoice" ? "Complete order" : "Pay & complete";
        // Without a shipping address on the cart the final button waits for one.
        if (c.shippingAddressId === null)
          await page.waitForFunction(
            (label) =>
              [...document.querySelectorAll("button")].some(
                (b) => b.textContent?.trim() === label && b.disabled,
              ),
            method,
          );
        else await (await enabledButton(ctx, method)).waitFor();
        return expectCart(ctx, snap, "details");
      }
      case "confirmingEmpty": {
        await page.getByText("Are you sure you want to delete all items from the cart?").waitFor();
        const server = await serverCart(ctx);
        expect(
          server?.items.length === c.cart!.items.length,
          "the cart keeps its lines while the dialog asks",
        );
        return;
      }
      case "addingAddress": {
        await page.getByRole("dialog", { name: "Add a new address" }).waitFor();
        const server = await serverCart(ctx);
        expect(
          (server?.shippingAddress?.street ?? null) === shippedTo(journey),
          `the cart keeps its shipping address while the dialog is open: ${server?.shippingAddress?.street}`,
        );
        return;
      }
      case "paying": {
        const dialog = page.getByRole("dialog", { name: "Order payment" });
        await dialog.getByLabel("Card number").waitFor();
        const server = await serverCart(ctx);
        expect(
          server?.token === journey.cartToken && server.items.length === c.cart!.items.length,
          "no order is placed while the payment dialog is open",
        );
        return;
      }
      case "loadFailed": {
        await page.getByText("Your cart could not be loaded.").waitFor();
        await page.getByRole("button", { name: "Try again" }).waitFor();
        journey.offline = false;
        // Nothing was lost: the server still has the cart and its line.
        const server = await serverCart(ctx);
        expect(
          server?.token === journey.cartToken &&
            JSON.stringify(server.items.map((i) => i.quantity)) ===
              JSON.stringify([START_QUANTITY, 1]),
          "the server keeps the cart the page could not load",
        );
        return;
      }
      case "notAllowed": {
        await page.getByRole("heading", { name: "Checkout is not available" }).waitFor();
        const { me } = await gql<{ me: { roles: string[] } }>(ctx, "{ me { roles } }");
        expect(me.roles.includes(MARKETING_ROLE), `the server's roles: ${me.roles.join(", ")}`);
        return;
      }
      case "empty": {
        await page.getByRole("heading", { name: "Cart is empty" }).waitFor();
        const server = await serverCart(ctx);
        expect(!server || server.items.length === 0, "the server's cart is empty too");
        return;
      }
      case "emptied": {
        await page.waitForURL(`${baseUrl}/shop`);
        await settles(page, "the server deleted the cart", async () => {
          const server = await serverCart(ctx);
          return server && server.token === journey.cartToken ? ["the cart is still there"] : [];
        });
        return;
      }
      case "completed":
        await page.getByTestId("checkout-completed").waitFor();
        await page.getByTestId("order-number").waitFor();
        return expectOrder(ctx, snap);
      default:
        // Calls in flight: the next step's state is what the page must settle on.
        return;
    }
  },
};

/** Puts the starting line in a new cart (through the gateway); answers the cart's token. */
async function fillCart(ctx: E2EContext): Promise<string> {
  const { startCart } = await gql<{ startCart: { token: string } }>(
    ctx,
    "mutation { startCart { token } }",
  );
  const { addToCart } = await gql<{ addToCart: { __typename: string } }>(
    ctx,
    "mutation($t: String!, $v: String!, $q: Int!) { addToCart(cartToken: $t, variantCode: $v, quantity: $q) { __typename } }",
    { t: startCart.token, v: VARIANT, q: START_QUANTITY },
  );
  expect(addToCart.__typename === "Cart", `the line is added: ${addToCart.__typename}`);
  const { addItemsToCart } = await gql<{ addItemsToCart: { __typename: string } }>(
    ctx,
    "mutation($t: String!, $v: String!) { addItemsToCart(cartToken: $t, items: [{ variantCode: $v, quantity: 1 }]) { __typename } }",
    { t: startCart.token, v: SECOND_VARIANT },
  );
  expect(addItemsToCart.__typename === "Cart", `the second line: ${addItemsToCart.__typename}`);
  return startCart.token;
}

export const tests = journeys(
  ...modelJourneys(model),
  // Once more on a phone (issue 16), on the stacked line cards and the full-screen dialogs: the
  // fewest of the journeys above that together show every state of the page.
  ...modelJourneys({
    ...model,
    name: "checkout at 390 px",
    coverage: "fewest",
    fewestCounts: (key) => key.startsWith("state "),
    async start(ctx, upcoming) {
      await ctx.page.setViewportSize({ width: 390, height: 844 });
      await model.start(ctx, upcoming);
    },
  }),
);
