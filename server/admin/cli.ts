import { parseArgs } from "node:util";
import { z } from "zod";

/**
 * `npm run admin -- <command>`: the back office from a terminal. It is a client of the REST
 * back-office API (`/api/v2/admin/*`) like any other: it signs in as a staff member and never
 * touches the database, so it works against any running portal, local or remote.
 */

const envSchema = z.object({
  ADMIN_API_URL: z.url().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  ADMIN_EMAIL: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
});

/**
 * Everything the tool is told, parsed once: the environment with zod (house rule: nothing
 * else reads `process.env`) and the command line with `parseArgs`. Throws `UsageError`.
 */
const VALUE_MARK = "\u0000";

function readOptions(argv: string[] = process.argv.slice(2), env: unknown = process.env) {
  const e = envSchema.safeParse(env);
  if (!e.success)
    throw new UsageError(e.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  let parsed;
  try {
    parsed = parseArgs({
      // Order tokens are base64url and may start with "-": apart from -h, an argument with a
      // single leading dash is a value, not an option (every other option is a long one).
      args: argv.map((a) => (/^-[^-]/.test(a) && a !== "-h" ? `${VALUE_MARK}${a}` : a)),
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        status: { type: "string" },
        "price-list": { type: "string" },
        currency: { type: "string" },
        minimum: { type: "string" },
        "agent-name": { type: "string" },
        "agent-email": { type: "string" },
        terms: { type: "string" },
        reason: { type: "string" },
        state: { type: "string" },
        company: { type: "string" },
        method: { type: "string" },
        "entity-type": { type: "string" },
        "entity-id": { type: "string" },
        limit: { type: "string" },
        search: { type: "string" },
        tiered: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [command, ...args] = parsed.positionals.map((a) => a.replace(VALUE_MARK, ""));
  const values = Object.fromEntries(
    Object.entries(parsed.values).map(([k, v]) => [
      k,
      typeof v === "string" ? v.replace(VALUE_MARK, "") : v,
    ]),
  ) as typeof parsed.values;
  return {
    apiUrl: (e.data.ADMIN_API_URL ?? `http://localhost:${e.data.PORT}`).replace(/\/+$/, ""),
    email: values.email ?? e.data.ADMIN_EMAIL,
    password: values.password ?? e.data.ADMIN_PASSWORD,
    command: values.help ? "help" : command,
    args,
    flags: values,
  };
}
type Options = ReturnType<typeof readOptions>;

const USAGE = `usage: npm run admin -- <command> [options]

  applications [--status pending|approved|rejected]
                                 list partner applications
  approve <id> --price-list EUR_CONTRACT|USD_CONTRACT --agent-name NAME --agent-email EMAIL
          [--currency EUR] [--minimum 500.00] [--terms DAYS]
                                 approve: creates the company and invites its contact
  reject <id> --reason TEXT      reject (the applicant gets a polite mail)
  orders [--state S] [--company ID] [--limit N]
                                 placed orders, newest first
  move <number|token> <state> [--reason TEXT]
                                 move an order to a state (e.g. approved, "payment missing");
                                 an order awaiting its company's approval can only be
                                 cancelled (withdrawn), the reason mailed to its buyer
  split <number|token> <part> <part> [...]
                                 split an order; a part is item ids "12,13", or "12:5,13" to
                                 move 5 units of item 12 and all of item 13
  pay <number|token> <amount> [--method invoice]
                                 record a payment received, e.g. 120.50
  companies                      list partner companies
  assign-agent <company-id> <name> <email>
                                 assign a sales agent to a company
  audit [--company ID] [--entity-type T] [--entity-id ID] [--limit N]
                                 the audit trail, newest first
  price-entries <price-list> [--search TEXT] [--tiered] [--limit N]
                                 a price list's entries with their volume prices
  volume-prices <price-list> <variant> <min:price> <min:price> [...] | none
                                 set an entry's volume prices, e.g. 1:24.00 12:22.50 48:21.00
                                 (the first from 1, each from a higher quantity at a lower
                                 price); "none" removes them
  help                           this text

Signs in with ADMIN_EMAIL / ADMIN_PASSWORD (or --email / --password) at ADMIN_API_URL
(default http://localhost:$PORT, PORT default 8080).`;

class UsageError extends Error {}

/** A problem+json answer from the API. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: {
      detail?: string;
      title?: string;
      violations?: { propertyPath: string; message: string }[];
    },
  ) {
    super(problem.detail ?? problem.title ?? `HTTP ${status}`);
  }
}

type Json = Record<string, unknown> & {
  "hydra:member"?: Json[];
};

/** A signed-in client of the back-office API. */
async function connect(o: Options) {
  if (!o.email || !o.password)
    throw new UsageError(
      "sign-in needs ADMIN_EMAIL and ADMIN_PASSWORD (or --email and --password)",
    );
  let token = "";
  const call = async (method: string, path: string, body?: unknown): Promise<Json> => {
    let res: Response;
    try {
      res = await fetch(`${o.apiUrl}/api/v2/admin${path}`, {
        method,
        headers: {
          accept: "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new Error(
        `cannot reach the portal at ${o.apiUrl}: ${cause?.code ?? cause?.message ?? String(error)}`,
      );
    }
    const text = await res.text();
    let data: unknown = undefined;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = { detail: text.slice(0, 200) };
    }
    if (!res.ok) throw new ApiError(res.status, (data ?? {}) as ApiError["problem"]);
    return data as Json;
  };
  const signedIn = await call("POST", "/token", { email: o.email, password: o.password });
  token = String(signedIn.token);
  return call;
}
type Call = Awaited<ReturnType<typeof connect>>;

/** "500", "500.5" or "500.50" in major units as minor units; usage error otherwise. */
function parseAmount(text: string, what: string): number {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) throw new UsageError(`${what} must be an amount like 120.50, not "${text}"`);
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

const money = (minor: unknown, currency: unknown) =>
  `${(Number(minor) / 100).toFixed(2)} ${String(currency ?? "")}`.trim();
const date = (iso: unknown) => (typeof iso === "string" ? iso.slice(0, 10) : "");
const members = (collection: Json) => collection["hydra:member"] ?? [];

function need(value: string | undefined, what: string): string {
  if (value === undefined || value.trim() === "") throw new UsageError(`missing ${what}`);
  return value;
}

function positiveInt(value: string, what: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new UsageError(`${what} must be a positive number`);
  return Number(value);
}

function days(value: string): number {
  if (!/^\d{1,3}$/.test(value)) throw new UsageError("--terms must be a number of days");
  return Number(value);
}

function query(params: Record<string, string | undefined>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** An order's token from its number (`000100009`, `000100011-2`) or the token itself. */
async function orderToken(call: Call, ref: string): Promise<string> {
  if (!/^\d+(-\d+)?$/.test(ref)) return ref;
  const found = members(await call("GET", `/orders${query({ number: ref })}`))[0];
  if (!found) throw new ApiError(404, { detail: `No order with number ${ref}.` });
  return String(found.tokenValue);
}

/** "12,13" -> [12, 13]; "12:5,13" -> {items: [{id: 12, quantity: 5}, {id: 13}]}. */
function splitPart(text: string): number[] | { items: { id: number; quantity?: number }[] } {
  const entries = text.split(",").map((e) => e.trim());
  if (entries.some((e) => !/^\d+(:\d+)?$/.test(e)))
    throw new UsageError(`a part is item ids like 12,13 or 12:5,13, not "${text}"`);
  const parsed = entries.map((e) => {
    const [id, quantity] = e.split(":");
    return { id: Number(id), ...(quantity === undefined ? {} : { quantity: Number(quantity) }) };
  });
  return parsed.some((p) => p.quantity !== undefined) ? { items: parsed } : parsed.map((p) => p.id);
}

/** "12:22.50" -> {minQuantity: 12, price: 2250}. */
function tierArg(text: string): { minQuantity: number; price: number } {
  const m = /^(\d{1,4}):(.+)$/.exec(text.trim());
  if (!m) throw new UsageError(`a volume price is MIN:PRICE like 12:22.50, not "${text}"`);
  return { minQuantity: Number(m[1]), price: parseAmount(m[2]!, "a volume price") };
}

/** "1–11 24.00 | 12–47 22.50 | 48+ 21.00" (empty without tiers). */
const tiersText = (entry: Json) =>
  ((entry.volumePrices ?? []) as Json[])
    .map(
      (t) =>
        `${String(t.minQuantity)}${t.maxQuantity === null ? "+" : `-${String(t.maxQuantity)}`} ` +
        (Number(t.price) / 100).toFixed(2),
    )
    .join(" | ");

const orderRow = (o: Json) => ({
  number: o.number,
  token: o.tokenValue,
  company: o.companyName,
  state: o.state,
  payment: o.paymentState,
  total: money(o.total, o.currencyCode),
  unpaid: money(o.totalUnpaidAmount, o.currencyCode),
  placed: date(o.checkoutCompletedAt),
});

async function run(o: Options): Promise<void> {
  const { args, flags } = o;
  if (o.command === undefined) throw new UsageError("missing command");
  if (o.command === "help") {
    console.log(USAGE);
    return;
  }
  const expectArgs = (min: number, max = min) => {
    if (args.length < min || args.length > max)
      throw new UsageError(
        `${o.command} takes ${min === max ? min : `${min} to ${max}`} arguments`,
      );
  };
  const known = [
    "applications",
    "approve",
    "reject",
    "orders",
    "move",
    "split",
    "pay",
    "companies",
    "assign-agent",
    "audit",
    "price-entries",
    "volume-prices",
  ];
  if (!known.includes(o.command)) throw new UsageError(`unknown command "${o.command}"`);
  // Arguments are checked before signing in, so a typo costs no round trip.
  const limit = flags.limit === undefined ? "100" : String(positiveInt(flags.limit, "--limit"));
  switch (o.command) {
    case "applications": {
      expectArgs(0);
      const call = await connect(o);
      const list = await call(
        "GET",
        `/partner-applications${query({ status: flags.status, itemsPerPage: limit })}`,
      );
      console.table(
        members(list).map((a) => ({
          id: a.id,
          status: a.status,
          company: a.companyName,
          email: a.email,
          country: a.countryCode,
          received: date(a.createdAt),
        })),
      );
      return;
    }
    case "approve": {
      expectArgs(1);
      const id = positiveInt(args[0]!, "the application id");
      const body = {
        priceListCode: need(flags["price-list"], "--price-list"),
        salesAgentName: need(flags["agent-name"], "--agent-name"),
        salesAgentEmail: need(flags["agent-email"], "--agent-email"),
        ...(flags.currency ? { currencyCode: flags.currency } : {}),
        ...(flags.minimum ? { minimalOrderValue: parseAmount(flags.minimum, "--minimum") } : {}),
        ...(flags.terms ? { paymentTermsDays: days(flags.terms) } : {}),
      };
      const call = await connect(o);
      const application = await call("POST", `/partner-applications/${id}/approve`, body);
      const company = await call("GET", String(application.company).replace("/api/v2/admin", ""));
      console.log(
        `Application ${id} approved: company ${String(company.id)} "${String(company.name)}" ` +
          `created; invitation sent to ${String(application.email)}.`,
      );
      return;
    }
    case "reject": {
      expectArgs(1);
      const id = positiveInt(args[0]!, "the application id");
      const reason = need(flags.reason, "--reason");
      const call = await connect(o);
      const application = await call("POST", `/partner-applications/${id}/reject`, { reason });
      console.log(`Application ${id} rejected; ${String(application.email)} has been told.`);
      return;
    }
    case "orders": {
      expectArgs(0);
      const call = await connect(o);
      const list = await call(
        "GET",
        `/orders${query({ state: flags.state, company: flags.company, itemsPerPage: limit })}`,
      );
      console.table(members(list).map(orderRow));
      return;
    }
    case "move": {
      expectArgs(2);
      const call = await connect(o);
      const token = await orderToken(call, args[0]!);
      const before = await call("GET", `/orders/${encodeURIComponent(token)}`);
      const after = await call("POST", `/orders/${encodeURIComponent(token)}/transitions`, {
        to: args[1],
        ...(flags.reason !== undefined ? { reason: flags.reason } : {}),
      });
      console.log(
        `Order ${String(after.number)}: ${String(before.state)} -> ${String(after.state)}`,
      );
      return;
    }
    case "split": {
      if (args.length < 3) throw new UsageError("split takes an order and at least two parts");
      const parts = args.slice(1).map(splitPart);
      const call = await connect(o);
      const token = await orderToken(call, args[0]!);
      const result = await call("POST", `/orders/${encodeURIComponent(token)}/split`, { parts });
      console.table(
        members(result).map((p) => ({
          number: p.number,
          part: `${String(p.splitIndex)}/${String(p.splitCount)}`,
          token: p.tokenValue,
          items: (p.items as Json[]).map((i) => `${String(i.id)}x${String(i.quantity)}`).join(" "),
          total: money(p.total, p.currencyCode),
        })),
      );
      return;
    }
    case "pay": {
      expectArgs(2);
      const amount = parseAmount(args[1]!, "the amount");
      const call = await connect(o);
      const token = await orderToken(call, args[0]!);
      const order = await call("POST", `/orders/${encodeURIComponent(token)}/payments`, {
        amount,
        ...(flags.method ? { method: flags.method } : {}),
      });
      console.log(
        `Order ${String(order.number)}: received ${money(amount, order.currencyCode)}; ` +
          `payment state ${String(order.paymentState)}; ` +
          `left to pay ${money(order.totalUnpaidAmount, order.currencyCode)}.`,
      );
      return;
    }
    case "companies": {
      expectArgs(0);
      const call = await connect(o);
      const list = await call("GET", `/companies${query({ itemsPerPage: limit })}`);
      console.table(
        members(list).map((c) => {
          const agent = (c.salesAgent ?? {}) as Json;
          return {
            id: c.id,
            name: c.name,
            currency: c.currencyCode,
            minimum: money(c.minimalOrderValue, c.currencyCode),
            priceList: c.priceListCode,
            agent: agent.name,
            agentEmail: agent.email,
          };
        }),
      );
      return;
    }
    case "assign-agent": {
      expectArgs(3);
      const id = positiveInt(args[0]!, "the company id");
      const call = await connect(o);
      const company = await call("PUT", `/companies/${id}/sales-agent`, {
        name: args[1],
        email: args[2],
      });
      const agent = (company.salesAgent ?? {}) as Json;
      console.log(
        `${String(company.name)}: sales agent ${String(agent.name)} <${String(agent.email)}>`,
      );
      return;
    }
    case "audit": {
      expectArgs(0);
      const call = await connect(o);
      const list = await call(
        "GET",
        `/audit-events${query({
          company: flags.company,
          entityType: flags["entity-type"],
          entityId: flags["entity-id"],
          itemsPerPage: limit,
        })}`,
      );
      console.table(
        members(list).map((e) => ({
          id: e.id,
          at: String(e.createdAt).replace("T", " ").slice(0, 19),
          actor: `${String(e.actorType)}${e.actorId === null ? "" : ` ${String(e.actorId)}`}`,
          company: e.companyId,
          entity: `${String(e.entityType)} ${String(e.entityId)}`,
          action: e.action,
        })),
      );
      return;
    }
    case "price-entries": {
      expectArgs(1);
      const call = await connect(o);
      const list = await call(
        "GET",
        `/price-lists/${encodeURIComponent(args[0]!)}/entries${query({
          search: flags.search,
          tiered: flags.tiered ? "true" : undefined,
          itemsPerPage: limit,
        })}`,
      );
      console.table(
        members(list).map((e) => ({
          variant: e.variant,
          product: e.productName,
          price: money(e.price, e.currencyCode),
          volumePrices: tiersText(e),
        })),
      );
      return;
    }
    case "volume-prices": {
      if (args.length < 3)
        throw new UsageError("volume-prices takes a price list, a variant and tiers");
      const volumePrices =
        args.length === 3 && args[2] === "none" ? [] : args.slice(2).map(tierArg);
      const call = await connect(o);
      const entry = await call(
        "PUT",
        `/price-lists/${encodeURIComponent(args[0]!)}/entries/${encodeURIComponent(args[1]!)}/volume-prices`,
        { volumePrices },
      );
      console.log(
        `${String(entry.variant)} in ${String(entry.priceList)}: ` +
          (tiersText(entry) || `no volume prices (${money(entry.price, entry.currencyCode)})`),
      );
      return;
    }
  }
}

try {
  await run(readOptions());
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else if (error instanceof ApiError) {
    console.error(`Error: ${error.message}`);
    for (const v of error.problem.violations ?? [])
      console.error(`  ${v.propertyPath || "(body)"}: ${v.message}`);
    process.exitCode = 1;
  } else {
    console.error(`Error: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
