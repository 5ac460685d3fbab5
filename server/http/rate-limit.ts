import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { RateLimit, RateLimitName, RateLimits } from "../config.js";
import { TableWindows } from "../db/rate-limit-windows.js";
import type { DB } from "../db/schema.js";
import { Problem } from "../core/problem.js";

/**
 * Rate limits (docs/decisions/020-security-hardening.md, 041). Each rule counts chosen outcomes
 * of one or more routes (mostly failures) per key in a fixed window; once a key has reached its
 * limit, the rule's routes answer 429 with `Retry-After` until the window ends. A request
 * takes its hit before the handler runs (increment, then compare: one atomic step), and gives
 * it back when its answer does not count, so a burst of parallel requests gets exactly the
 * budget, never more (security round three, finding A; decision 056).
 * On PostgreSQL every rule's windows are rows of `rate_limits`, so every process on the
 * database counts against one budget (issue 18, "beyond one process"); on PGlite (one process
 * by construction) they live in this process's memory. The table's windows:
 * server/db/rate-limit-windows.ts.
 */

/** Fixed-window counters in this process's memory, with a bounded number of keys. */
export class FixedWindowCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes one hit on `key` and returns the window after it: the count includes this hit, so a
   * caller compares it with the limit after counting (increment, then compare).
   */
  take(key: string): { count: number; resetAt: number } {
    const now = this.now();
    const w = this.windows.get(key);
    if (w && w.resetAt > now) {
      w.count++;
      return { ...w };
    }
    this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) this.evict(now);
    const fresh = { count: 1, resetAt: now + this.windowMs };
    this.windows.set(key, fresh);
    return { ...fresh };
  }

  /** Gives back a hit taken on `key` in its current window (never below zero). */
  giveBack(key: string): void {
    const w = this.windows.get(key);
    if (w && w.resetAt > this.now() && w.count > 0) w.count--;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }

  /** Drops ended windows; if still full, the oldest keys (a Map keeps insertion order). */
  private evict(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

interface Rule {
  limit: RateLimitName;
  routes: string[];
  /** The key of the request, or undefined when the rule does not apply to it. */
  key: (request: FastifyRequest) => string | undefined;
  /** Which answers count against the key. */
  counts: (status: number, request: FastifyRequest) => boolean;
  /** Answers that clear the key (a successful sign-in ends the failure count). */
  clears?: (status: number) => boolean;
  message: string;
}

const SIGN_IN = ["POST /api/v2/shop/customers/token", "POST /api/v2/admin/token"];
const failedSignIn = (status: number) => status === 401;
const accepted = (status: number) => status >= 200 && status < 300;

/** The key of a shop account's failed sign-ins (its e-mail, normalised). */
export const shopAccountKey = (email: string) => `shop:${email.trim().toLowerCase()}`;

/** The e-mail of a JSON body, normalised, when it looks like one. */
function emailOf(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | null | undefined)?.email;
  if (typeof email !== "string" || email.length > 320 || !email.includes("@")) return undefined;
  return email.trim().toLowerCase();
}

function hasCoupon(request: FastifyRequest): boolean {
  const code = (request.body as { couponCode?: unknown } | null | undefined)?.couponCode;
  return typeof code === "string" && code.trim() !== "";
}

// Per-address rules key on `request.ip`: the gateway's in-process REST calls carry the browser's
// address as their remote address (portal.ts), so they count the person, not the gateway.
const RULES: Rule[] = [
  {
    limit: "signInAccount",
    routes: SIGN_IN,
    // Shop and staff accounts are different people even with one e-mail.
    key: (r) => {
      const email = emailOf(r);
      if (!email) return undefined;
      return r.url.startsWith("/api/v2/admin/") ? `staff:${email}` : shopAccountKey(email);
    },
    counts: failedSignIn,
    clears: (status) => status === 200,
    message: "security.tooManySignIns",
  },
  {
    // A wrong current password in the password change is a guess like a failed sign-in: it
    // counts on the same account key, so the two together get the sign-in budget (issue 18).
    limit: "signInAccount",
    routes: ["PUT /api/v2/shop/customers/:id/password", "PUT /api/v2/shop/customers/:id"],
    key: (r) => r.principal && shopAccountKey(r.principal.email),
    counts: (_status, r) => r.currentPasswordWrong === true,
    message: "security.tooManySignIns",
  },
  {
    limit: "signInIp",
    routes: SIGN_IN,
    key: (r) => r.ip,
    counts: failedSignIn,
    message: "security.tooManySignIns",
  },
  {
    limit: "resetRequestAccount",
    routes: ["POST /api/v2/shop/reset-password-requests"],
    // Counted per address whether or not it has an account, so a 429 reveals nothing.
    key: emailOf,
    counts: accepted,
    message: "security.tooManyResets",
  },
  {
    limit: "resetRequestIp",
    routes: ["POST /api/v2/shop/reset-password-requests"],
    key: (r) => r.ip,
    counts: accepted,
    message: "security.tooManyResets",
  },
  {
    limit: "tokenGuessIp",
    routes: [
      "GET /api/v2/shop/reset-password/:token",
      "PATCH /api/v2/shop/reset-password/:token",
      "GET /api/v2/team-members/invitations/:token",
      "GET /api/v2/shop/email-changes/:token",
      "PATCH /api/v2/shop/email-changes/:token",
    ],
    key: (r) => r.ip,
    counts: (status) => status === 404,
    message: "security.tooManyResets",
  },
  {
    // Invitations and e-mail changes look an address up: whatever the answer says, each one
    // counts on the caller's budget, so nobody walks a list of addresses (issue 18, finding 5).
    limit: "emailCheckUser",
    routes: ["POST /api/v2/shop/shop-users", "PUT /api/v2/shop/customers/:id"],
    key: (r) => r.principal && `user:${r.principal.userId}`,
    counts: (_status, r) => r.emailLookedUp === true,
    message: "security.tooManyEmailChecks",
  },
  {
    limit: "registrationIp",
    // The e-mail check of the first step says what an application's refusal would: it counts
    // on the same budget (issue 30).
    routes: ["POST /form/customer", "POST /form/customer/email-check"],
    key: (r) => r.ip,
    // Sent applications, answered checks and duplicates (which say an e-mail or company is known).
    counts: (status) => accepted(status) || status === 409,
    message: "security.tooManyRegistrations",
  },
  {
    limit: "teamRegistrationIp",
    routes: ["POST /api/v2/team-members/register"],
    key: (r) => r.ip,
    // A wrong invitation token is a 422 like any other mistake: count every attempt.
    counts: (status) => accepted(status) || status === 422,
    message: "security.tooManyRegistrations",
  },
  {
    limit: "couponAccount",
    routes: ["PUT /api/v2/shop/orders/:token"],
    key: (r) => (hasCoupon(r) && r.principal ? `user:${r.principal.userId}` : undefined),
    counts: (status) => status === 422,
    message: "security.tooManyCoupons",
  },
  {
    limit: "couponIp",
    routes: ["PUT /api/v2/shop/orders/:token"],
    key: (r) => (hasCoupon(r) ? r.ip : undefined),
    counts: (status) => status === 422,
    message: "security.tooManyCoupons",
  },
  {
    limit: "supportIp",
    routes: ["POST /form/support"],
    key: (r) => r.ip,
    counts: accepted,
    message: "security.tooManySupportRequests",
  },
];

/** The routes some rule limits, as `METHOD /url-pattern`. */
export const RATE_LIMITED_ROUTES = [...new Set(RULES.flatMap((r) => r.routes))];

interface Hit {
  rule: Rule;
  key: string;
}

declare module "fastify" {
  interface FastifyRequest {
    rateLimitHits?: Hit[];
    /** Set by a route that found the caller's current password wrong (counted like sign-ins). */
    currentPasswordWrong?: boolean;
    /** Set by a route that looked up whether an e-mail address has an account (finding 5). */
    emailLookedUp?: boolean;
  }
}

/**
 * Registers the limits on every route of `app`. Call before the routes are registered. With
 * `shared` (a PostgreSQL database), every rule counts in its `rate_limits` table; without,
 * in this process's memory.
 */
export function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  now: () => number = Date.now,
  shared?: Kysely<DB>,
) {
  const table = shared ? new TableWindows(shared, now) : undefined;
  const inMemory = new Map<RateLimitName, FixedWindowCounter>();
  const byRoute = new Map<string, Rule[]>();
  const windowMs = (rule: Rule) => limits[rule.limit].minutes * 60_000;
  for (const rule of RULES) {
    const l: RateLimit = limits[rule.limit];
    if (!table && !inMemory.has(rule.limit))
      inMemory.set(
        rule.limit,
        new FixedWindowCounter(l.limit, l.minutes * 60_000, limits.maxKeys, now),
      );
    for (const route of rule.routes) byRoute.set(route, [...(byRoute.get(route) ?? []), rule]);
  }
  app.decorate("rateLimitCounters", inMemory);
  if (table) app.decorate("rateLimitTable", table);
  app.decorate("rateLimitClear", async (limit: RateLimitName, key: string) => {
    if (table) await table.clear([{ rule: limit, key }]);
    else inMemory.get(limit)?.reset(key);
  });

  app.addHook("preHandler", async (request, reply) => {
    const rules = byRoute.get(`${request.method} ${request.routeOptions.url}`);
    if (!rules) return;
    const hits: Hit[] = [];
    for (const rule of rules) {
      const key = rule.key(request);
      if (key !== undefined && key !== "") hits.push({ rule, key });
    }
    if (hits.length === 0) return;
    // Every hit is taken first, in one statement on the table; only then compared.
    const windows = table
      ? await table.take(
          hits.map((h) => ({ rule: h.rule.limit, key: h.key, windowMs: windowMs(h.rule) })),
        )
      : undefined;
    const at = now();
    let wait = 0;
    let message = "";
    for (const hit of hits) {
      const w = windows
        ? windows.get(`${hit.rule.limit}\u0000${hit.key}`)
        : inMemory.get(hit.rule.limit)!.take(hit.key);
      const blocked =
        w && w.resetAt > at && w.count > limits[hit.rule.limit].limit ? w.resetAt - at : 0;
      if (blocked > wait) {
        wait = blocked;
        message = hit.rule.message;
      }
    }
    if (wait > 0) {
      // The request does not run: its hits go back, so a refused request costs no budget.
      await giveBack(hits, request);
      const seconds = Math.ceil(wait / 1000);
      request.log.warn({ limit: message, route: request.routeOptions.url }, "rate limited");
      reply.header("retry-after", String(seconds));
      throw new Problem(429, "/problems/too-many-requests", message, {
        minutes: Math.ceil(seconds / 60),
      });
    }
    request.rateLimitHits = hits;
  });

  /** Gives the hits back (logged, never thrown: the answer goes out as it is). */
  async function giveBack(hits: Hit[], request: FastifyRequest) {
    if (hits.length === 0) return;
    try {
      if (table) await table.giveBack(hits.map((h) => ({ rule: h.rule.limit, key: h.key })));
      else for (const h of hits) inMemory.get(h.rule.limit)!.giveBack(h.key);
    } catch (error) {
      request.log.error({ err: error }, "rate limit hit not given back");
    }
  }

  // Once the answer's status is known, before it is sent: a hit whose answer does not count (a
  // successful sign-in, an accepted coupon) is given back; one that clears the key ends its
  // window (a successful sign-in ends the failure count).
  app.addHook("onSend", async (request, reply, payload) => {
    const hits = request.rateLimitHits;
    request.rateLimitHits = undefined;
    if (!hits) return payload;
    const uncounted = hits.filter((h) => !h.rule.counts(reply.statusCode, request));
    const cleared = uncounted.filter((h) => h.rule.clears?.(reply.statusCode));
    const returned = uncounted.filter((h) => !cleared.includes(h));
    await giveBack(returned, request);
    try {
      if (table) await table.clear(cleared.map((h) => ({ rule: h.rule.limit, key: h.key })));
      else for (const h of cleared) inMemory.get(h.rule.limit)!.reset(h.key);
    } catch (error) {
      request.log.error({ err: error }, "rate limit window not cleared");
    }
    return payload;
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** The live in-memory counters, by limit name (tests read their sizes); empty on PostgreSQL. */
    rateLimitCounters: Map<RateLimitName, FixedWindowCounter>;
    /** On PostgreSQL, the shared table of windows (tests sweep it). */
    rateLimitTable?: TableWindows;
    /**
     * Ends `key`'s window of `limit` in every process (a password reset lifts the sign-in lock
     * of its account: security round three, decision 060).
     */
    rateLimitClear: (limit: RateLimitName, key: string) => Promise<void>;
  }
}
