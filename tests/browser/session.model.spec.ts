import type { EventObject } from "xstate";
import { SESSION_TTL_MS, sessionMachine } from "../../machines/session.machine";
import { expect, journeys, running, signInAsBuyer, type E2EContext } from "../../e2e/harness";
import { delayEvents } from "../machines/support/paths";
import { modelJourneys } from "./model-driven";

type Start = "valid" | "expired" | "none";
type Context = { session: { token: string } | null };

/** Stores a session as the app does, with the given expiry (epoch ms). */
async function storeSession(ctx: E2EContext, token: string, expiry: number) {
  // The storage is written once the landing has hydrated and loaded what it loads: written while
  // a page hydrates, it would change what that page renders in the middle of hydration.
  await ctx.page.goto(`${ctx.baseUrl}/`);
  await running(ctx.page);
  await ctx.page.waitForLoadState("networkidle");
  await ctx.page.evaluate(
    ({ token, expiry }) => {
      localStorage.setItem("token", JSON.stringify({ value: token, expiry }));
      localStorage.setItem("customer", JSON.stringify({ value: "2", expiry }));
    },
    { token, expiry },
  );
}

const delayMs = delayEvents(sessionMachine);
const delays = [...delayMs.keys()];

/**
 * The session machine drives a shop page (storefront spec section 4): a valid stored session
 * keeps the person in; an expired or missing one shows 'Session expired' and leads to /login
 * after 2 s; a token the server no longer accepts ends the session the same way; logging out
 * returns to the site root. Timers are the page's real ones.
 */
function sessionModel(start: Start) {
  const now = Date.now();
  const stored =
    start === "none"
      ? null
      : {
          token: "t",
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
      if (start === "valid") await signInAsBuyer(ctx);
      if (start === "expired") await storeSession(ctx, "stale", Date.now() - 1000);
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
          // The stored token is still in date but the server no longer accepts it.
          await page.evaluate(() => {
            const stored = JSON.parse(localStorage.getItem("token")!) as { expiry: number };
            localStorage.setItem(
              "token",
              JSON.stringify({ value: "revoked", expiry: stored.expiry }),
            );
          });
          return page.getByRole("link", { name: "Treatments" }).click();
        default:
          // Delays: the page's own timers run; the page gets a little longer than the machine.
          await page.waitForTimeout((delayMs.get(event.type) ?? 0) + 150);
          return;
      }
    },
    async assert({ page, baseUrl }, s) {
      switch (s.value) {
        case "valid":
          await page.getByRole("heading", { level: 1 }).first().waitFor();
          expect(new URL(page.url()).pathname.startsWith("/shop"), "still on a shop page");
          return;
        case "expired":
          await page.getByText("Session expired").first().waitFor();
          return;
        case "redirectingToLogin":
          await page.waitForURL(`${baseUrl}/login`);
          return;
        case "signedOut":
          await page.waitForURL(`${baseUrl}/`);
          expect(
            (await page.evaluate(() => localStorage.getItem("token"))) === null,
            "the stored token is gone",
          );
          return;
        default:
          return;
      }
    },
  });
}

export const tests = journeys(
  ...sessionModel("valid"),
  ...sessionModel("expired"),
  ...sessionModel("none"),
);
