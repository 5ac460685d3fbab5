import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RateLimit, RateLimitName, RateLimits } from "../config.js";
import { Problem } from "./problem.js";

/**
 * In-memory rate limits (docs/decisions/020-security-hardening.md). Each rule counts chosen
 * outcomes of one or more routes (mostly failures) per key in a fixed window; once a key has
 * reached its limit, the rule's routes answer 429 with `Retry-After` until the window ends.
 * Counting happens when the answer is known and checking before the handler runs, so a burst
 * of concurrent requests may overshoot by its own size: enough to stop guessing, no more.
 * The counters live in this process: several nodes would need a shared store.
 */

/** Fixed-window counters with a bounded number of keys. */
export class FixedWindowCounter {
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
    rateLimitHits?: { counter: FixedWindowCounter; rule: Rule; key: string }[];
    /** Set by a route that found the caller's current password wrong (counted like sign-ins). */
    currentPasswordWrong?: boolean;
    /** Set by a route that looked up whether an e-mail address has an account (finding 5). */
    emailLookedUp?: boolean;
  }
}

/** Registers the limits on every route of `app`. Call before the routes are registered. */
export function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  now: () => number = Date.now,
) {
  const counters = new Map<RateLimitName, FixedWindowCounter>();
  const byRoute = new Map<string, Rule[]>();
  for (const rule of RULES) {
    const l: RateLimit = limits[rule.limit];
    if (!counters.has(rule.limit))
      counters.set(
        rule.limit,
        new FixedWindowCounter(l.limit, l.minutes * 60_000, limits.maxKeys, now),
      );
    for (const route of rule.routes) byRoute.set(route, [...(byRoute.get(route) ?? []), rule]);
  }
  app.decorate("rateLimitCounters", counters);

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
      const blocked = counter.blockedFor(key);
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

  app.addHook("onResponse", async (request, reply) => {
    for (const { counter, rule, key } of request.rateLimitHits ?? []) {
      if (rule.counts(reply.statusCode, request)) counter.hit(key);
      else if (rule.clears?.(reply.statusCode)) counter.reset(key);
    }
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** The live counters, by limit name (tests read their sizes). */
    rateLimitCounters: Map<RateLimitName, FixedWindowCounter>;
  }
}
