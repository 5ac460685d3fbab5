import { request, type Page } from "@playwright/test";
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
import { modelJourneys, type BrowserModel } from "./model-driven";

type Start = "valid" | "expired" | "none";
type Context = { session: { customerId: string; expiresAt: number } | null; now: number };
const hasValidStored = (c: Context) => c.session !== null && c.session.expiresAt > c.now;

/** Transitions a browser cannot cause, with the reason (checked: none of them is taken). */
const UNREACHABLE = {
  "--session.signedIn-->":
    "the app never sends session.signedIn: the sign-in page stores the session itself (the " +
    "sign-in machine's startSession) and a shop page's session actor starts from storage",
  "session.checking --xstate.after.sessionCheck.session.checking--> session.signInRequired":
    "a visitor who never signed in: the page's first request finds no stored session while it " +
    "loads (session.checked), always before the 500 ms check could fire",
};

/** Signs `token` out on the server, as another device or an API client would. */
async function revokeElsewhere(ctx: E2EContext, token: string) {
  const api = await request.newContext();
  const res = await api.delete(`${ctx.baseUrl}/api/v2/shop/customers/token`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await api.dispose();
  expect(res.status() === 204, `signed out on the server: ${res.status()}`);
}

/** Whether the server accepts `token` (asked without the browser's cookies). */
async function serverAccepts(ctx: E2EContext, token: string): Promise<boolean> {
  const api = await request.newContext();
  const res = await api.get(`${ctx.baseUrl}/api/v2/shop/orders`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await api.dispose();
  return res.status() === 200;
}

/** The server refuses `token` (within a few seconds: the sign-out call runs beside the UI). */
async function expectRefused(ctx: E2EContext, token: string) {
  for (let i = 0; i < 50 && (await serverAccepts(ctx, token)); i++)
    await ctx.page.waitForTimeout(100);
  expect(!(await serverAccepts(ctx, token)), "the server refuses the session's token");
}

/**
 * Per page: the session's token at the start, the page's clock (epoch ms, paused), and how long
 * the clock has run since the machine entered its state (its timer started then).
 */
const journeyOf = new WeakMap<Page, { token: string | null; now: number; elapsed: number }>();

/**
 * Lets the held clock run in small steps (timers of rendering: Suspense, transitions) until
 * `shown` holds, never past `budgetMs` since the state was entered, so the machine's own timer
 * (500 ms, 2 s) does not fire before the journey says.
 */
async function runUntil(page: Page, shown: () => Promise<boolean>, budgetMs: number) {
  const journey = journeyOf.get(page)!;
  for (;;) {
    if (await shown()) return;
    if (journey.elapsed + 50 > budgetMs)
      throw new Error(`not shown within ${budgetMs} ms of the page's clock`);
    await page.clock.runFor(50);
    journey.elapsed += 50;
    journey.now += 50;
  }
}
/** The sign-in page, asked to return to the shop page the person was on (or went to). */
const onLoginFromShop = (url: URL) =>
  url.pathname === "/login" &&
  /^\/shop\/(help|treatments)$/.test(url.searchParams.get("next") ?? "");
const visible = (locator: ReturnType<Page["getByText"]>) => () => locator.first().isVisible();

const delayMs = delayEvents(sessionMachine);
/** The session machine's redirect delay after "Session expired" (the longest of its delays). */
const REDIRECT_DELAY_MS = Math.max(...delayMs.values());
const delays = [...delayMs.keys()];

/**
 * The session machine drives a shop page (storefront spec section 4) on Playwright's simulated
 * clock (`page.clock`): the page's timers run only when the journey lets time pass (the 500 ms
 * check, the 2 s before /login), and 12 hours pass in a jump. A valid session keeps the person
 * in; an expired one shows 'Session expired' and leads to /login (a visitor who never signed in
 * goes there at once, told nothing, decision 055); a token the server
 * revoked (signed out elsewhere: the real API call with the token) ends the session on the
 * page's next request; a navigation after the stored session ran out ends it too; logging out
 * returns to the site root. Each can happen before the check (the clock held within the first
 * 500 ms) or after it. The sessions are real (the sign-in page's HttpOnly cookie, decision
 * 037), and the server is the oracle: it still accepts the token while the page says the
 * session is valid, and refuses it once the page ended it, whatever ended it.
 *
 * Three starts, one model each (a machine's input is fixed per model): signed in just now,
 * signed in 12 hours ago (the page was closed meanwhile), never signed in. Their journeys
 * together take every transition a browser can cause (`family`).
 */
function sessionModel(start: Start): BrowserModel {
  const now = Date.now();
  const stored =
    start === "none"
      ? null
      : { customerId: "2", expiresAt: start === "valid" ? now + SESSION_TTL_MS : now - 1 };
  const ranOut = { type: "session.checked", stored: null, now: now + SESSION_TTL_MS + 1 };
  const inDate = { type: "session.checked", stored, now: now + 1 };
  const atLoad = { type: "session.checked", stored: null, now, atLoad: true };
  return {
    name: `session (${start} stored session)`,
    machine: sessionMachine,
    input: { stored, now, hadSession: start !== "none" },
    coverage: "transitions",
    unreachable: UNREACHABLE,
    goals:
      start === "valid"
        ? {
            "a navigation finds the stored session in date": (s, e) =>
              s.value === "valid" &&
              e?.type === "session.checked" &&
              (e as { stored?: unknown }).stored !== null,
          }
        : {},
    events: (s) => {
      const own: EventObject[] = delays.map((type) => ({ type }));
      if (start === "valid" && (s.value === "checking" || s.value === "valid"))
        own.push(
          { type: "session.signedOut" },
          { type: "session.unauthorized" },
          ranOut as EventObject,
        );
      if (start === "valid" && s.value === "valid") own.push(inDate as EventObject);
      // A visitor who never signed in: the page's first request, while it loads, finds no
      // stored session and sends them to sign in (decision 055); no timer gets to run.
      if (start === "none") return s.value === "checking" ? [atLoad as EventObject] : [];
      return own;
    },
    serializeState: (s) => JSON.stringify([s.value, (s.context as Context).session !== null]),
    describe: (e) => {
      if (e.type.startsWith("xstate.after.")) return `${e.type.split(".")[2]} time passes`;
      if (e.type === "session.checked" && (e as { atLoad?: boolean }).atLoad)
        return "the page loads without a session";
      if (e.type === "session.checked")
        return (e as { stored?: unknown }).stored === null
          ? "12 h pass, then a navigation"
          : "a navigation";
      if (e.type === "session.unauthorized") return "signed out elsewhere, then a navigation";
      return e.type;
    },
    async start(ctx) {
      const { page, baseUrl } = ctx;
      await page.clock.install();
      let token: string | null = null;
      if (start !== "none") {
        await signInAsBuyer(ctx);
        token = await sessionToken(ctx);
        expect(token !== null, "the sign-in set the session cookie");
      }
      // From a page of the origin that runs no app, time is held (12 hours on for a session
      // stored in the past), and the shop page loads on the held clock.
      await page.goto(`${baseUrl}/health`);
      const at = Date.now() + (start === "expired" ? SESSION_TTL_MS + 60_000 : 1_000);
      await page.clock.pauseAt(at);
      journeyOf.set(page, { token, now: at, elapsed: 0 });
      await page.goto(`${baseUrl}/shop/help`);
      await running(page);
      // The page renders its header within the first 500 ms (with a stored session).
      if (start === "valid") await runUntil(page, visible(page.getByTestId("account-link")), 450);
    },
    async act(ctx, event) {
      const { page } = ctx;
      const journey = journeyOf.get(page)!;
      const elapsed = journey.elapsed;
      journey.elapsed = 0;
      switch (event.type) {
        case "session.signedOut":
          // In-app navigation keeps the page's session actor (a reload would start a new one).
          await page.getByTestId("account-link").click();
          return page.getByRole("button", { name: "Log out" }).click();
        case "session.unauthorized":
          // The stored session is still in date but the token was signed out elsewhere.
          await revokeElsewhere(ctx, journey.token!);
          return page.getByRole("link", { name: "Treatments" }).first().click();
        case "session.checked":
          // The page did it itself while it loaded (start).
          if ((event as { atLoad?: boolean }).atLoad) return;
          if ((event as { stored?: unknown }).stored === null) {
            // The stored session runs out (no timer fires), then the person moves on.
            journey.now += SESSION_TTL_MS + 1;
            await page.clock.setSystemTime(journey.now);
          }
          return page.getByRole("link", { name: "Treatments" }).first().click();
        default: {
          // A delay: the page's clock runs on until the state's timer fires.
          const ms = Math.max(0, (delayMs.get(event.type) ?? 0) - elapsed);
          journey.now += ms;
          return page.clock.runFor(ms);
        }
      }
    },
    async assert(ctx, s) {
      const { page, baseUrl } = ctx;
      const { token } = journeyOf.get(page)!;
      switch (s.value) {
        case "checking":
        case "valid":
          // A visitor's page leaves at once: the next state is where it is checked.
          if (start === "none") return;
          expect(new URL(page.url()).pathname.startsWith("/shop"), "still on a shop page");
          // Without a stored session in date the page shows nothing until the check.
          if (!hasValidStored(s.context as Context)) return;
          await page.getByRole("heading", { level: 1 }).first().waitFor();
          expect(
            (await page.getByText("Session expired").count()) === 0,
            "no 'Session expired' notice",
          );
          // The page and the server agree: the session is good.
          if (token)
            expect(await serverAccepts(ctx, token), "the server accepts the session's token");
          return;
        case "expired":
          await runUntil(page, visible(page.getByText("Session expired")), 1_500);
          // Whatever ended it, the token is no good on the server any more.
          if (token) await expectRefused(ctx, token);
          return;
        case "redirectingToLogin": {
          // The redirect's timer started when the machine entered `expired`, which can be a
          // little after the clock began to run for the notice (the 401 travels in real
          // time): the journey's count of elapsed time may run ahead of the timer. Let the
          // page's clock run on, never more than one more redirect delay, until it is on /login.
          const journey = journeyOf.get(page)!;
          journey.elapsed = 0;
          const onLogin = async () => new URL(page.url()).pathname === "/login";
          await runUntil(page, onLogin, REDIRECT_DELAY_MS);
          await page.waitForURL(onLoginFromShop);
          if (token) await expectRefused(ctx, token);
          return;
        }
        case "signInRequired": {
          // A visitor who never signed in: to sign in at once, returning to the page asked for,
          // and never told of an expiry (decision 055).
          const journey = journeyOf.get(page)!;
          journey.elapsed = 0;
          const onLogin = async () => new URL(page.url()).pathname === "/login";
          await runUntil(page, onLogin, REDIRECT_DELAY_MS);
          await page.waitForURL(onLoginFromShop);
          expect(
            (await page.getByText("Session expired").count()) === 0,
            "no 'Session expired' notice",
          );
          return;
        }
        case "signedOut":
          await page.waitForURL(`${baseUrl}/`);
          expect(
            (await page.evaluate(() => localStorage.getItem("customer"))) === null,
            "the stored session is gone",
          );
          // Logging out revoked the token on the server and cleared its cookie.
          await expectRefused(ctx, token!);
          return;
        default:
          return;
      }
    },
  };
}

const models = (["valid", "expired", "none"] as const).map(sessionModel);
for (const model of models) model.family = models.filter((m) => m !== model);

export const tests = journeys(...models.flatMap((model) => modelJourneys(model)));
