import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  Kind,
  parse,
  print,
  visit,
  type DefinitionNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from "graphql";
import { freshEmailChange, type RouteRule } from "./access-routes.js";
import {
  REFUSED_CARD,
  type Answer,
  type Identity,
  type RoleKey,
  type World,
} from "./access-world.js";
import { freshToken } from "./access-routes.js";

const OPERATIONS_DIR = "graphql/operations";

export interface Operation {
  name: string;
  kind: "query" | "mutation" | "subscription";
  /** The operation with exactly the fragments it uses (unused ones fail validation). */
  query: string;
}

/** Every operation of graphql/operations/*.graphql, each as a sendable document. */
export function loadOperations(): Operation[] {
  const definitions: DefinitionNode[] = readdirSync(OPERATIONS_DIR)
    .filter((f) => f.endsWith(".graphql"))
    .sort()
    .flatMap((f) => parse(readFileSync(join(OPERATIONS_DIR, f), "utf8")).definitions);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const spreads = (node: OperationDefinitionNode | FragmentDefinitionNode) => {
    const found: string[] = [];
    visit(node, { FragmentSpread: (s) => void found.push(s.name.value) });
    return found;
  };
  return definitions
    .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
    .map((op) => {
      const used = new Set<string>();
      const queue = spreads(op);
      while (queue.length > 0) {
        const name = queue.pop()!;
        if (used.has(name)) continue;
        used.add(name);
        queue.push(...spreads(fragments.get(name)!));
      }
      const text = [op, ...[...used].map((n) => fragments.get(n)!)].map((n) => print(n));
      return { name: op.name!.value, kind: op.operation, query: text.join("\n") };
    });
}

/** A GraphQL operation's rule: who may run it, and its variables for `owner`'s resources. */
export interface OperationRule extends Pick<RouteRule, "access" | "scoped" | "noLeakCheck"> {
  variables?: (
    w: World,
    owner: RoleKey,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Runs no REST call that reads a token (e.g. Health): a bad token changes nothing. */
  tokenFree?: boolean;
  /**
   * Headers sent instead of the identity's (SignOut: a fresh token of the owner, so the
   * identity's own token, which the next rows use, is not signed out).
   */
  headers?: (w: World, owner: RoleKey) => Promise<Record<string, string>>;
  /** What nobody gets instead of UNAUTHENTICATED, and why (e.g. `me: null`: signed out). */
  anonymous?: { outcome: "null"; why: string };
  /**
   * A query whose REST call is a POST (it sends more than a URL holds), and what it sends: like
   * a mutation, its session cookie needs the CSRF header.
   */
  postsToRest?: string;
  /** The typed error company B gets instead of NOT_FOUND, and why. */
  otherCompany?: { typename: string; why: string };
}

const SIGNED_OUT = {
  outcome: "null" as const,
  why: "`me` is null for a visitor: the web app asks it to learn whether anyone is signed in",
};
const AC: OperationRule["access"] = { roles: ["admin", "commercial"] };
const ADMIN: OperationRule["access"] = { roles: ["admin"] };
const address = {
  firstName: "Ada",
  lastName: "Matrix",
  company: "Matrix Studio",
  street: "Teststrasse 4",
  city: "Berlin",
  postcode: "10115",
  countryCode: "DE",
};
const key = () => `matrix-${Math.random().toString(36).slice(2)}`;
const cartOf = (w: World, o: RoleKey) => w.carts[o].token;

/**
 * Every operation the web app sends, with who may run it. Partner operations answer
 * UNAUTHENTICATED to nobody and to bad tokens, FORBIDDEN (error or ForbiddenError) to a role
 * that may not, NOT_FOUND (error or NotFoundError) to company B naming A's things.
 */
export const GRAPHQL_RULES: Record<string, OperationRule> = {
  // catalogue and reference data: public
  Navigation: { access: "public" },
  Taxon: { access: "public", variables: () => ({ code: "treatments" }) },
  Treatments: { access: "public" },
  Products: { access: "public" },
  Product: {
    access: "public",
    variables: async (w) => {
      const v = await w.call("GET", `/api/v2/shop/product-variants/${w.variantCode}`);
      return { code: String(v.body.product).split("/").pop() };
    },
  },
  HomeCollections: { access: "public" },
  CatalogueProducts: { access: "public" },
  QuickOrderProducts: { access: "public", variables: () => ({ search: "a" }) },
  ProductVariants: { access: "public", variables: (w) => ({ codes: [w.variantCode] }) },
  Health: { access: "public", tokenFree: true },
  Countries: { access: "public" },
  PaymentMethods: { access: "public" },
  ShippingMethods: { access: "public" },
  RegistrationCountries: { access: "public" },
  Channel: { access: "public" },
  SignIn: {
    access: "public",
    // The REST sign-in reads no token (decision 037): a stale one must not stop a new sign-in.
    tokenFree: true,
    variables: () => ({ email: "buyer@demo-spa.example", password: "partner-demo" }),
  },
  SignOut: {
    access: "public",
    tokenFree: true,
    headers: async (w, owner) => ({ authorization: `Bearer ${await freshToken(w, owner)}` }),
  },
  RegisterPartner: {
    access: "public",
    variables: () => ({
      input: {
        companyName: "Matrix Studio",
        customerType: "omnichannel",
        contact: { name: "Ada", surname: "Matrix", email: "ada@example.com", phone: "+49301234" },
        address: { country: "DE", street: "Teststrasse 5", postCode: "10115", town: "Berlin" },
        evaluation: "{}",
        termsAccepted: false,
      },
    }),
  },
  TeamInvitation: {
    access: "public",
    variables: (w) => ({ token: w.invitationToken }),
    noLeakCheck: "whoever holds the invitation link is told who is invited (spec)",
  },
  RegisterTeamMember: {
    access: "public",
    variables: () => ({
      input: {
        token: "unknown-token",
        firstName: "Ada",
        lastName: "Matrix",
        password: "Matrix-Pass-2026!",
        passwordRepeat: "Matrix-Pass-2026!",
        termsAccepted: true,
      },
    }),
  },
  ConfirmEmailChange: {
    access: "public",
    // The address was taken since the link was sent: a ValidationError, nothing changes.
    variables: async (w) => ({ token: await freshEmailChange(w) }),
  },
  // the signed-in partner
  Me: { access: "partner", anonymous: SIGNED_OUT },
  MyInformation: { access: "partner", anonymous: SIGNED_OUT },
  OrderHistory: { access: "partner" },
  Orders: { access: "partner" },
  Order: { access: "partner", scoped: true, variables: (w, o) => ({ token: cartOf(w, o) }) },
  ContractPrices: { access: "partner" },
  StockCheck: {
    access: "partner",
    variables: (w) => ({ items: [{ variantCode: w.variantCode, quantity: 1 }] }),
    postsToRest: "a query that sends the reorder's lines to POST /api/v2/shop/stock-check",
  },
  SetPreferredLanguage: { access: "partner", variables: () => ({ localeCode: "en" }) },
  ShoppingLists: { access: "partner" },
  CreateShoppingList: {
    access: "partner",
    variables: (w) => ({ name: "Matrix", items: [{ variantCode: w.variantCode, quantity: 1 }] }),
  },
  DeleteShoppingList: {
    access: "partner",
    scoped: true,
    variables: async (w) => ({ id: String(await w.fresh.list()) }),
  },
  OrderShoppingList: { access: AC, scoped: true, variables: (w) => ({ id: String(w.listId) }) },
  QuickOrderLines: {
    access: AC,
    variables: (w) => ({ lines: [{ row: 2, code: w.variantCode, quantity: "1" }] }),
    postsToRest: "a query that sends its lines to POST /api/v2/shop/quick-order/check",
  },
  QuickOrderPaste: {
    access: AC,
    variables: (w) => ({ text: `${w.variantCode}\t1` }),
    postsToRest: "a query that sends its text to POST /api/v2/shop/quick-order/paste",
  },
  ActiveCart: { access: "partner" },
  StartCart: { access: "partner" },
  AddToCart: {
    access: "partner",
    scoped: true,
    variables: (w, o) => ({ cartToken: cartOf(w, o), variantCode: w.variantCode, quantity: 1 }),
  },
  AddItemsToCart: {
    access: AC,
    scoped: true,
    variables: (w, o) => ({
      cartToken: cartOf(w, o),
      items: [{ variantCode: w.variantCode, quantity: 1 }],
    }),
  },
  AdjustCartItem: {
    access: "partner",
    scoped: true,
    variables: (w, o) => ({ cartToken: cartOf(w, o), itemId: w.carts[o].itemId, quantity: 3 }),
  },
  RemoveCartItem: {
    access: "partner",
    scoped: true,
    variables: async (w, o) => {
      const c = await w.fresh.cart(o);
      return { cartToken: c.token, itemId: c.itemId };
    },
  },
  DeleteCart: {
    access: "partner",
    scoped: true,
    variables: async (w, o) => ({ cartToken: (await w.fresh.cart(o)).token }),
  },
  SetCartAddresses: {
    // The addresses come from the address book, which MARKETING has not (issue 18, finding 6).
    access: AC,
    scoped: true,
    variables: (w, o) => ({
      cartToken: cartOf(w, o),
      shippingAddressId: String(w.shippingAddressId),
      billingAddressId: String(w.billingAddressId),
    }),
  },
  ApplyCoupon: {
    access: "partner",
    scoped: true,
    variables: (w, o) => ({ cartToken: cartOf(w, o), code: "NO-SUCH-COUPON" }),
  },
  RemoveCoupon: {
    access: "partner",
    scoped: true,
    variables: (w, o) => ({ cartToken: cartOf(w, o) }),
  },
  SetOrderNote: {
    access: "partner",
    scoped: true,
    variables: (w, o) => ({ cartToken: cartOf(w, o), note: "Access matrix" }),
  },
  // Issue 21: the buyer's purchase-order number on the cart, and the company's rule (ADMIN).
  SetPurchaseOrderNumber: {
    access: "partner",
    scoped: true,
    variables: (w, o) => ({ cartToken: cartOf(w, o), poNumber: "MATRIX-PO" }),
  },
  SetPoNumberRequired: { access: ADMIN, variables: () => ({ required: false }) },
  SetShippingMethod: {
    access: "partner",
    scoped: true,
    variables: (w, o) => ({
      cartToken: cartOf(w, o),
      shipmentId: w.carts[o].shipmentId,
      methodCode: "air_freight",
    }),
  },
  SetPaymentMethod: {
    access: AC,
    scoped: true,
    variables: (w, o) => ({
      cartToken: cartOf(w, o),
      paymentId: w.carts[o].paymentId,
      methodCode: "invoice",
    }),
  },
  CompleteOrder: {
    access: AC,
    scoped: true,
    variables: async (w, o) => ({
      cartToken: (await w.fresh.cart(o)).token,
      idempotencyKey: key(),
    }),
  },
  CardPaymentSetup: {
    access: AC,
    scoped: true,
    variables: (w) => ({ orderToken: w.openOrder, methodCode: "adyen_card" }),
  },
  SubmitCardPayment: {
    access: AC,
    scoped: true,
    variables: (w) => ({
      orderToken: w.openOrder,
      methodCode: "adyen_card",
      data: JSON.stringify(REFUSED_CARD),
      idempotencyKey: key(),
    }),
  },
  SubmitCardPaymentDetails: {
    access: AC,
    scoped: true,
    variables: (w) => ({
      orderToken: w.openOrder,
      methodCode: "adyen_card",
      data: JSON.stringify({ details: { threeDSResult: "matrix" } }),
      idempotencyKey: key(),
    }),
  },
  CardPaymentOutcome: {
    access: AC,
    scoped: true,
    variables: (w) => ({ methodCode: "adyen_card", merchantReference: w.cardReference }),
  },
  // account area (account spec 6)
  Addresses: { access: AC },
  AddressBook: { access: AC },
  CompanyDetails: { access: AC },
  UpdateMyInformation: {
    access: AC,
    variables: async (w, o) => {
      const row = await w.t.db
        .selectFrom("shop_users")
        .select(["email", "first_name", "last_name"])
        .where("id", "=", w.userIds[o])
        .executeTakeFirstOrThrow();
      return {
        input: { email: row.email, firstName: row.first_name, lastName: row.last_name },
      };
    },
  },
  ChangePassword: {
    access: AC,
    variables: () => ({
      input: {
        currentPassword: "not-the-password",
        newPassword: "Matrix-Pass-2026!",
        confirmNewPassword: "Matrix-Pass-2026!",
      },
    }),
  },
  CreateAddress: { access: AC, variables: () => ({ input: address }) },
  UpdateAddress: {
    access: AC,
    scoped: true,
    variables: async (w) => ({ id: String(await w.fresh.address()), input: address }),
  },
  DeleteAddress: {
    access: AC,
    scoped: true,
    variables: async (w) => ({ id: String(await w.fresh.address()) }),
  },
  SetDefaultShippingAddress: {
    access: AC,
    scoped: true,
    variables: (w) => ({ id: String(w.shippingAddressId) }),
    otherCompany: {
      typename: "ValidationError",
      why: "the address travels in the body of the caller's own customer: 'not in your address book', as for an id that does not exist",
    },
  },
  CompanyUsers: { access: ADMIN },
  InviteCompanyUser: {
    access: ADMIN,
    variables: () => ({ email: `${key()}@example.com`, role: "MARKETING" }),
  },
  ChangeCompanyUserRole: {
    access: ADMIN,
    scoped: true,
    variables: async (w) => ({ id: String(await w.fresh.colleague()), role: "COMMERCIAL" }),
  },
  RemoveCompanyUser: {
    access: ADMIN,
    scoped: true,
    variables: async (w) => ({ id: String(await w.fresh.colleague()) }),
  },
  // Spending limits and order approval (decision 043). A's placed order awaits no approval:
  // an ADMIN of A gets an OrderStateError (allowed), B a NotFoundError.
  SetSpendingLimits: {
    access: ADMIN,
    scoped: true,
    variables: async (w) => ({
      userId: String(await w.fresh.colleague()),
      orderLimit: null,
      monthlyLimit: null,
    }),
  },
  Approvals: { access: ADMIN },
  ApproveOrder: { access: ADMIN, scoped: true, variables: (w) => ({ token: w.openOrder }) },
  RejectOrder: {
    access: ADMIN,
    scoped: true,
    variables: (w) => ({ token: w.openOrder, reason: "Over budget" }),
  },
};

const ERROR_CODES: Record<string, string> = {
  UNAUTHENTICATED: "401",
  // Sign-in maps the REST 401 of a bad Authorization header to its typed error.
  INVALID_CREDENTIALS_ERROR: "401",
  FORBIDDEN: "403",
  FORBIDDEN_ERROR: "403",
  NOT_FOUND: "404",
  NOT_FOUND_ERROR: "404",
};

/**
 * The outcome of a GraphQL answer in the matrix's terms: "401", "403", "404" (as a GraphQL
 * error code or a typed ForbiddenError/NotFoundError result), "allowed" (data, possibly a
 * typed error of the operation's own rules, or BAD_USER_INPUT from them), else "error:<code>".
 */
export function outcomeOf(answer: Answer): string {
  const body = answer.body as
    | { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] }
    | undefined;
  if (!body) return `error:http ${answer.status}`;
  for (const e of body.errors ?? []) {
    const code = String(e.extensions?.code ?? "NONE");
    if (ERROR_CODES[code]) return ERROR_CODES[code];
    if (code !== "BAD_USER_INPUT") return `error:${code}`;
  }
  const values = Object.values(body.data ?? {});
  for (const value of values) {
    const code = (value as { errorCode?: string } | null)?.errorCode;
    if (code && ERROR_CODES[code]) return ERROR_CODES[code];
  }
  // A nullable query field answers null for what is not there (or not the caller's).
  if (values.length > 0 && values.every((v) => v === null)) return "null";
  return "allowed";
}

/**
 * Sends an operation to /graphql as `identity`: its token in the bearer header or the session
 * cookie (with or without the CSRF header). `beforeCall` runs once the variables are ready
 * (they may create things), just before the call.
 */
export async function runOperation(
  w: World,
  op: Operation,
  rule: OperationRule,
  identity: Identity,
  owner: RoleKey,
  beforeCall?: () => Promise<void>,
): Promise<{ outcome: string; typename?: string; answer: Answer }> {
  const variables = rule.variables ? await rule.variables(w, owner) : {};
  await beforeCall?.();
  const answer = await w.callAs(identity, "POST", "/graphql", {
    body: { query: op.query, variables, operationName: op.name },
    headers: {
      accept: "application/graphql-response+json, application/json",
      ...(rule.headers ? await rule.headers(w, owner) : {}),
    },
  });
  const first = Object.values((answer.body?.data ?? {}) as Record<string, unknown>)[0];
  const typename = (first as { __typename?: string } | null)?.__typename;
  return { outcome: outcomeOf(answer), typename, answer };
}

/** The English detail of the CSRF problem (locales/en/server.json, `error.csrf`). */
const CSRF_DETAIL = /needs the X-Requested-With header/;

/**
 * The expected outcome of an operation for a caller whose session cookie comes without the CSRF
 * header (a form or image of another site): a mutation that reaches a REST write is refused
 * with the CSRF problem ("csrf"), whoever the cookie names, and so is a query that posts to the
 * REST API; SignIn reads no token and SignOut's
 * row sends a bearer token, which wins over any cookie. Queries read: undefined, the cookie's
 * own expectation.
 */
export function withoutCsrfOutcome(op: Operation, rule: OperationRule): "csrf" | undefined {
  if ((op.kind !== "mutation" && !rule.postsToRest) || rule.tokenFree || rule.headers)
    return undefined;
  return "csrf";
}

/**
 * Whether a GraphQL answer is the expected one. A 404 may also come as null (a nullable query
 * field, the same answer as for a token that never existed).
 */
export function graphqlMatches(
  rule: OperationRule,
  identity: Identity,
  expected: string,
  got: { outcome: string; typename?: string; answer?: Answer },
): boolean {
  // The CSRF refusal: a FORBIDDEN error of type /problems/csrf, or the operation's typed
  // ForbiddenError carrying the same (English) detail.
  if (expected === "csrf") {
    if (got.outcome !== "403") return false;
    const body = got.answer?.body as
      | {
          data?: Record<string, { message?: string } | null>;
          errors?: { extensions?: { type?: string } }[];
        }
      | undefined;
    if (body?.errors?.[0]?.extensions?.type === "/problems/csrf") return true;
    return Object.values(body?.data ?? {}).some((v) => CSRF_DETAIL.test(v?.message ?? ""));
  }
  if (identity.kind === "shopB" && rule.otherCompany)
    return got.typename === rule.otherCompany.typename;
  if (identity.kind === "none" && rule.anonymous) return got.outcome === rule.anonymous.outcome;
  if (expected === "404") return got.outcome === "404" || got.outcome === "null";
  return got.outcome === expected;
}
