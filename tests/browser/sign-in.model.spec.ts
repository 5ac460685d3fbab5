import type { Page } from "@playwright/test";
import type { EventObject } from "xstate";
import { signInMachine, type SignInContext } from "../../machines/sign-in.machine";
import auth from "../../locales/en/auth.json" with { type: "json" };
import server from "../../locales/en/server.json" with { type: "json" };
import { expect, gql, journeys, type E2EContext } from "../../e2e/harness";
import { modelJourneys } from "./model-driven";

const EMAIL = "buyer@demo-spa.example";
const PASSWORD = "partner-demo";
const WRONG = "not-the-password";
/** The server's words for wrong credentials (locales/en/server.json). */
const REFUSAL = server.error.invalidCredentials;

type Snapshot = { value: unknown; context: SignInContext; status?: string };

/** What the demo server answers for the credentials typed, or the connection drops. */
function serverAnswers(c: SignInContext): EventObject[] {
  const ok = c.email.trim() === EMAIL && c.password === PASSWORD;
  return [
    {
      type: "xstate.done.actor.signIn",
      output: ok ? { ok: true, customerId: "c" } : { ok: false, message: REFUSAL, detail: null },
    } as EventObject,
    {
      type: "xstate.error.actor.signIn",
      error: new Error("offline"),
      how: "offline",
    } as EventObject,
  ];
}

/** Per page: a dropped connection armed for the next sign-in call. */
const dropNext = new WeakMap<Page, boolean>();

/**
 * The sign-in machine drives the sign-in page (storefront spec: sign-in page) against the real
 * server: every transition (7/7) taken by a browser, with the form's guard seen both ways (a
 * submit with a field empty, by Enter, keeps the form). The server's answer is the real one for
 * the credentials typed; "the connection drops" aborts the page's SignIn call in the browser.
 * Every step compares the form with the machine's context and the error with the words it
 * must show (the server's refusal, or the page's own when the connection dropped); after an
 * answer, the server says who is signed in with the browser's cookie: the buyer after a
 * success, nobody after a refusal or a dropped connection.
 */
export const tests = journeys(
  ...modelJourneys({
    name: "sign-in",
    machine: signInMachine,
    coverage: "transitions",
    goals: {
      "a submit with a field empty keeps the form": (s, e) =>
        e?.type === "signIn.submit" && s.value === "editing",
      "the server refuses a wrong password": (s) =>
        (s as Snapshot).context.error !== null && "text" in (s as Snapshot).context.error!,
      "a refusal is closed": (s, e) =>
        e?.type === "signIn.dismissError" && (s as Snapshot).context.password === WRONG,
    },
    events: (s) => {
      const c = s.context as SignInContext;
      if (s.value === "submitting") return serverAnswers(c);
      return [
        { type: "signIn.changeEmail", value: c.email ? "" : EMAIL } as EventObject,
        ...[PASSWORD, WRONG, ""]
          .filter((p) => p !== c.password)
          .map((value) => ({ type: "signIn.changePassword", value }) as EventObject),
        { type: "signIn.submit" },
        // The snackbar's Close button is there only while an error shows.
        ...(c.error ? [{ type: "signIn.dismissError" }] : []),
      ];
    },
    settled: (s) => s.value !== "submitting",
    serializeState: (s) => {
      const c = s.context as SignInContext;
      return JSON.stringify([s.value, c.email, c.password, c.error]);
    },
    describe: (e) => {
      if (e.type === "xstate.done.actor.signIn") return "server answers signIn";
      if (e.type === "xstate.error.actor.signIn") return "connection drops during signIn";
      const value = (e as { value?: unknown }).value;
      return value === undefined ? e.type : `${e.type}(${JSON.stringify(value)})`;
    },
    async start({ page, baseUrl }) {
      dropNext.set(page, false);
      await page.route("**/graphql", async (route) => {
        const body = route.request().postDataJSON() as { operationName?: string; query?: string };
        const op = body?.operationName ?? /mutation\s+(\w+)/.exec(body?.query ?? "")?.[1];
        if (op === "SignIn" && dropNext.get(page)) {
          dropNext.set(page, false);
          return route.abort("internetdisconnected");
        }
        return route.continue();
      });
      await page.goto(`${baseUrl}/login`);
      await page.getByRole("button", { name: auth.signIn.submit }).waitFor();
    },
    async act({ page }, event, upcoming) {
      const e = event as EventObject & { value?: string };
      if (e.type === "signIn.submit")
        dropNext.set(page, upcoming[0]?.type === "xstate.error.actor.signIn");
      switch (e.type) {
        case "signIn.changeEmail":
          return page.getByLabel(auth.signIn.email).fill(e.value!);
        case "signIn.changePassword":
          return page.getByLabel(auth.signIn.password, { exact: true }).fill(e.value!);
        case "signIn.submit":
          // Enter in the form, as a person may press it with a field still empty (the
          // machine's guard keeps the form where it is); else the button.
          if (
            (await page.getByLabel(auth.signIn.email).inputValue()) === "" ||
            (await page.getByLabel(auth.signIn.password, { exact: true }).inputValue()) === ""
          )
            return page.getByLabel(auth.signIn.email).press("Enter");
          return page.getByRole("button", { name: auth.signIn.submit }).click();
        case "signIn.dismissError":
          return page.getByRole("button", { name: auth.signIn.dismiss }).click();
        default:
          // The server's answer (or the dropped connection) arrives by itself.
          return;
      }
    },
    async assert(ctx, s) {
      const { page, baseUrl } = ctx;
      const c = s.context as SignInContext;
      if (s.value === "submitting") return;
      if (s.value === "signedIn") {
        await page.waitForURL(`${baseUrl}/shop`);
        const me = await signedIn(ctx);
        expect(me === EMAIL, `the server has the buyer signed in: ${me}`);
        return;
      }
      const alert = page.getByRole("alert").filter({ hasText: auth.signIn.errorTitle });
      if (c.error) {
        const words = "text" in c.error ? c.error.text : auth.signIn.failed;
        await alert.filter({ hasText: words }).waitFor();
        // Refused or never sent: nobody is signed in with this browser.
        const me = await signedIn(ctx);
        expect(me === null, `nobody is signed in after the failure: ${me}`);
      } else {
        await alert.waitFor({ state: "hidden" });
        // The form shows nobody signed in (visiting it ended any session): nor does the server.
        const me = await signedIn(ctx);
        expect(me === null, `nobody is signed in on the sign-in form: ${me}`);
      }
      expect(
        (await page.getByLabel(auth.signIn.email).inputValue()) === c.email,
        `the e-mail field shows "${c.email}"`,
      );
      expect(
        (await page.getByLabel(auth.signIn.password, { exact: true }).inputValue()) === c.password,
        "the password field shows what was typed",
      );
    },
  }),
);

/** Who the server says is signed in with the browser's cookies (the e-mail), or null. */
async function signedIn(ctx: E2EContext): Promise<string | null> {
  const data = await gql<{ me: { email: string } | null } | null>(ctx, "{ me { email } }");
  return data?.me?.email ?? null;
}
