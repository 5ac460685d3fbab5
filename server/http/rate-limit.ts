import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type Kysely } from "kysely";
import type { RateLimit, RateLimitName, RateLimits } from "../config.js";
import type { DB } from "../db/schema.js";
import { Problem } from "./problem.js";

/**
 * In-memory rate limits (docs/decisions/020-security-hardening.md). Each rule counts chosen
 * outcomes of one or more routes (mostly failures) per key in a fixed window; once a key has
 * reached its limit, the rule's routes answer 429 with `Retry-After` until the window ends.
 * Counting happens when the answer is known and checking before the handler runs, so a burst
 * of concurrent requests may overshoot by its own size: enough to stop guessing, no more.
 * The counters live in this process, except on PostgreSQL the sign-in and reset-request rules
 * (`SHARED_LIMITS`): their windows are rows of `rate_limits`, so every process on the database
 * counts against one budget (issue 18, "beyond one process").
 */

/** Where a rule's windows are kept: this process's memory, or a table processes share. */
export interface WindowCounter {
  /** Milliseconds until `key` may try again, or 0 when it is under its limit. */
  blockedFor(key: string): number | Promise<number>;
  hit(key: string): void | Promise<void>;
  reset(key: string): void | Promise<void>;
}

/**
 * The rules whose windows a PostgreSQL database shares between processes: guessing passwords
 * and sending reset mails, the budgets an attacker would multiply by the number of nodes.
 */
export const SHARED_LIMITS: ReadonlySet<RateLimitName> = new Set<RateLimitName>([
  "signInAccount",
  "signInIp",
  "resetRequestAccount",
  "resetRequestIp",
]);

/** How often a process deletes ended windows from the table (on its next hit). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Fixed windows of one rule in the `rate_limits` table (migration 0010): one row per key, its
 * count and end, raised by one atomic upsert, so concurrent hits from several processes are
 * all counted. Keys are stored as SHA-256 digests: the table holds no e-mail or address.
 */
export class TableWindowCounter implements WindowCounter {
  private lastSweep = 0;

  constructor(
    private readonly db: Kysely<DB>,
    readonly rule: RateLimitName,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private digest(key: string): string {
    return createHash("sha256").update(key).digest("base64url");
  }

  async blockedFor(key: string): Promise<number> {
    const row = await this.db
      .selectFrom("rate_limits")
      .select(["count", "reset_at"])
      .where("rule", "=", this.rule)
      .where("key", "=", this.digest(key))
      .executeTakeFirst();
    if (!row) return 0;
    const now = this.now();
    const resetAt = new Date(row.reset_at).getTime();
    if (resetAt <= now) return 0;
    return row.count >= this.limit ? resetAt - now : 0;
  }

  async hit(key: string): Promise<void> {
    const now = this.now();
    const at = new Date(now);
    // A window that has ended starts again at 1; otherwise the count goes up by one.
    await this.db
      .insertInto("rate_limits")
      .values({
        rule: this.rule,
        key: this.digest(key),
        count: 1,
        reset_at: new Date(now + this.windowMs),
      })
      .onConflict((oc) =>
        oc.columns(["rule", "key"]).doUpdateSet({
          count: sql<number>`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.count + 1 end`,
          reset_at: sql<Date>`case when rate_limits.reset_at <= ${at} then excluded.reset_at else rate_limits.reset_at end`,
        }),
      )
      .execute();
    if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await this.db.deleteFrom("rate_limits").where("reset_at", "<=", at).execute();
    }
  }

  async reset(key: string): Promise<void> {
    await this.db
      .deleteFrom("rate_limits")
      .where("rule", "=", this.rule)
      .where("key", "=", this.digest(key))
      .execute();
  }
}

/** Fixed-window counters with a bounded number of keys. */
export class FixedWindowCounter implements WindowCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `key` may try again, or 0 when it is under its limit. */
  blockedFor(key: string): number {
    const w = this.windows.get(key);
    const now = this.now();
    if (!w || w.resetAt <= now) return 0;
    return w.count >= this.limit ? w.resetAt - now : 0;
  }

  hit(key: string): void {
    const now = this.now();
    const w = this.windows.get(key);
    if (w && w.resetAt > now) {
      w.count++;
      return;
    }
    this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) this.evict(now);
    this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
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
      return email && `${r.url.startsWith("/api/v2/admin/") ? "staff" : "shop"}:${email}`;
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
    key: (r) => r.principal && `shop:${r.principal.email.trim().toLowerCase()}`,
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
    routes: ["POST /form/customer"],
    key: (r) => r.ip,
    // Sent applications and duplicates (which say an e-mail or company is known).
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

declare module "fastify" {
  interface FastifyRequest {
    rateLimitHits?: { counter: WindowCounter; rule: Rule; key: string }[];
    /** Set by a route that found the caller's current password wrong (counted like sign-ins). */
    currentPasswordWrong?: boolean;
    /** Set by a route that looked up whether an e-mail address has an account (finding 5). */
    emailLookedUp?: boolean;
  }
}

/**
 * Registers the limits on every route of `app`. Call before the routes are registered. With
 * `shared` (a PostgreSQL database), the `SHARED_LIMITS` rules count in its `rate_limits` table.
 */
export function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  now: () => number = Date.now,
  shared?: Kysely<DB>,
) {
  const counters = new Map<RateLimitName, WindowCounter>();
  const inMemory = new Map<RateLimitName, FixedWindowCounter>();
  const byRoute = new Map<string, Rule[]>();
  for (const rule of RULES) {
    const l: RateLimit = limits[rule.limit];
    if (!counters.has(rule.limit)) {
      if (shared && SHARED_LIMITS.has(rule.limit)) {
        counters.set(
          rule.limit,
          new TableWindowCounter(shared, rule.limit, l.limit, l.minutes * 60_000, now),
        );
      } else {
        const counter = new FixedWindowCounter(l.limit, l.minutes * 60_000, limits.maxKeys, now);
        counters.set(rule.limit, counter);
        inMemory.set(rule.limit, counter);
      }
    }
    for (const route of rule.routes) byRoute.set(route, [...(byRoute.get(route) ?? []), rule]);
  }
  app.decorate("rateLimitCounters", inMemory);

  app.addHook("preHandler", async (request, reply) => {
    const rules = byRoute.get(`${request.method} ${request.routeOptions.url}`);
    if (!rules) return;
    const hits: NonNullable<FastifyRequest["rateLimitHits"]> = [];
    let wait = 0;
    let message = "";
    for (const rule of rules) {
      const key = rule.key(request);
      if (key === undefined || key === "") continue;
      const counter = counters.get(rule.limit)!;
      const blocked = await counter.blockedFor(key);
      if (blocked > wait) {
        wait = blocked;
        message = rule.message;
      }
      hits.push({ counter, rule, key });
    }
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      request.log.warn({ limit: message, route: request.routeOptions.url }, "rate limited");
      reply.header("retry-after", String(seconds));
      throw new Problem(429, "/problems/too-many-requests", message, {
        minutes: Math.ceil(seconds / 60),
      });
    }
    request.rateLimitHits = hits;
  });

  // Counted once the answer's status is known, before it is sent: the caller's next request
  // (on this process or another) sees the count, also when it lives in the database.
  app.addHook("onSend", async (request, reply, payload) => {
    for (const { counter, rule, key } of request.rateLimitHits ?? []) {
      try {
        if (rule.counts(reply.statusCode, request)) await counter.hit(key);
        else if (rule.clears?.(reply.statusCode)) await counter.reset(key);
      } catch (error) {
        // A database that failed to count does not turn the answer into an error: logged.
        request.log.error({ err: error, limit: rule.limit }, "rate limit not counted");
      }
    }
    request.rateLimitHits = undefined;
    return payload;
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** The live in-memory counters, by limit name (tests read their sizes). */
    rateLimitCounters: Map<RateLimitName, FixedWindowCounter>;
  }
}
