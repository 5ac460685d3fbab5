import { request } from "@playwright/test";
import type { EventObject } from "xstate";
import { SESSION_TTL_MS, sessionMachine } from "../../machines/session.machine";
import {
  expect,
  journeys,
  running,
  sessionToken,
  signInAsBuyer,
  type E2EContext,
} from "../../e2e/harness";
import { delayEvents } from "../machines/support/paths";
import { modelJourneys } from "./model-driven";

type Start = "valid" | "expired" | "none";
type Context = { session: { customerId: string } | null };

/**
 * Moves the stored session's expiry into the past, as 12 hours passing while the page was
 * closed would (the browser's own clock; the token in the HttpOnly cookie is real and still
 * valid on the server). Written on /health, a page of the origin that runs no app: a shop page
 * would see its stored session expire at once and end it (and sign it out) itself, so the
 * next page load would find no stored session at all and adopt the server's cookie session.
 */
async function ageStoredSession(ctx: E2EContext) {
  await ctx.page.goto(`${ctx.baseUrl}/health`);
  await ctx.page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem("customer")!) as { value: string };
    localStorage.setItem(
      "customer",
      JSON.stringify({ value: stored.value, expiry: Date.now() - 1 }),
    );
  });
}

/** Signs `token` out on the server, as another device or an API client would. */
async function revokeElsewhere(ctx: E2EContext, token: string) {
  const api = await request.newContext();
  const res = await api.delete(`${ctx.baseUrl}/api/v2/shop/customers/token`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await api.dispose();
  expect(res.status() === 204, `signed out on the server: ${res.status()}`);
}

/** Whether the server still accepts `token` (asked without the browser's cookies). */
async function serverAccepts(ctx: E2EContext, token: string): Promise<boolean> {
  const api = await request.newContext();
  const res = await api.get(`${ctx.baseUrl}/api/v2/shop/orders`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await api.dispose();
  return res.status() === 200;
}

/** The session's token at the start of a journey, to check what the server says of it later. */
let startToken: string | null = null;

const delayMs = delayEvents(sessionMachine);
const delays = [...delayMs.keys()];

/**
 * The session machine drives a shop page (storefront spec section 4): a valid session keeps the
 * person in; an expired or missing one shows 'Session expired' and leads to /login after 2 s;
 * a token the server revoked (signed out elsewhere) ends the session the same way; logging out
 * returns to the site root. The sessions are real: signed in through the sign-in page (the
 * HttpOnly cookie), revoked on the server, and checked against the server afterwards
 * (decision 037). Timers are the page's real ones.
 */
function sessionModel(start: Start) {
  const now = Date.now();
  const stored =
    start === "none"
      ? null
      : {
          customerId: "2",
          expiresAt: start === "valid" ? now + SESSION_TTL_MS : now - 1,
        };
  return modelJourneys({
    name: `session (${start} stored session)`,
    machine: sessionMachine,
    input: { stored, now },
    events: (s) => {
      const own: EventObject[] = delays.map((type) => ({ type }));
      if (s.value === "valid")
        own.push({ type: "session.signedOut" }, { type: "session.unauthorized" });
      return own;
    },
    serializeState: (s) => JSON.stringify([s.value, (s.context as Context).session !== null]),
    async start(ctx) {
      startToken = null;
      if (start !== "none") {
        await signInAsBuyer(ctx);
        startToken = await sessionToken(ctx);
        expect(startToken !== null, "the sign-in set the session cookie");
      }
      if (start === "expired") {
        // The stored session ran out while the page was closed.
        await ctx.page.getByTestId("mini-cart").waitFor();
        await running(ctx.page);
        await ageStoredSession(ctx);
      }
      await ctx.page.goto(`${ctx.baseUrl}/shop/help`);
      await running(ctx.page);
    },
    async act(ctx, event) {
      const { page } = ctx;
      switch (event.type) {
        case "session.signedOut":
          // In-app navigation keeps the page's session actor (a reload would start a new one).
          await page.getByTestId("account-link").click();
          return page.getByRole("button", { name: "Log out" }).click();
        case "session.unauthorized":
          // The stored session is still in date but the token was signed out elsewhere.
          await revokeElsewhere(ctx, startToken!);
          return page.getByRole("link", { name: "Treatments" }).click();
        default:
          // Delays: the page's own timers run; the page gets a little longer than the machine.
          await page.waitForTimeout((delayMs.get(event.type) ?? 0) + 150);
          return;
      }
    },
    async assert(ctx, s) {
      const { page, baseUrl } = ctx;
      switch (s.value) {
        case "valid":
          await page.getByRole("heading", { level: 1 }).first().waitFor();
          expect(new URL(page.url()).pathname.startsWith("/shop"), "still on a shop page");
          return;
        case "expired":
          await page.getByText("Session expired").first().waitFor();
          // Whatever ended it, the token is no good on the server any more.
          if (startToken) await expectRefused(ctx, startToken);
          return;
        case "redirectingToLogin":
          await page.waitForURL(`${baseUrl}/login`);
          return;
        case "signedOut":
          await page.waitForURL(`${baseUrl}/`);
          expect(
            (await page.evaluate(() => localStorage.getItem("customer"))) === null,
            "the stored session is gone",
          );
          // Logging out revoked the token on the server and cleared its cookie.
          await expectRefused({ page, baseUrl } as E2EContext, startToken!);
          return;
        default:
          return;
      }
    },
  });
}

/** The server refuses `token` (within a few seconds: the sign-out call runs beside the UI). */
async function expectRefused(ctx: E2EContext, token: string) {
  for (let i = 0; i < 50 && (await serverAccepts(ctx, token)); i++)
    await ctx.page.waitForTimeout(100);
  expect(!(await serverAccepts(ctx, token)), "the server refuses the session's token");
}

export const tests = journeys(
  ...sessionModel("valid"),
  ...sessionModel("expired"),
  ...sessionModel("none"),
);
