import type { EventObject } from "xstate";
import { signInMachine } from "../../machines/sign-in.machine";
import { expect, journeys } from "../../e2e/harness";
import { modelJourneys } from "./model-driven";

const EMAIL = "buyer@demo-spa.example";
const PASSWORD = "partner-demo";
const WRONG = "not-the-password";

type Context = { email: string; password: string; error: unknown };

/** What the demo server answers for the credentials typed. */
function serverAnswer(c: Context): EventObject {
  const ok = c.email.trim() === EMAIL && c.password === PASSWORD;
  return {
    type: "xstate.done.actor.signIn",
    output: ok
      ? { ok: true, token: "t", customerId: "c" }
      : { ok: false, message: "Invalid credentials.", detail: null },
  } as EventObject;
}

/** The sign-in machine drives the sign-in page (storefront spec: sign-in page). */
export const tests = journeys(
  ...modelJourneys({
    name: "sign-in",
    machine: signInMachine,
    events: (s) => {
      const c = s.context as Context;
      const own: EventObject[] = [
        { type: "signIn.changeEmail", value: c.email ? "" : EMAIL } as EventObject,
        ...[PASSWORD, WRONG, ""]
          .filter((p) => p !== c.password)
          .map((value) => ({ type: "signIn.changePassword", value }) as EventObject),
        { type: "signIn.submit" },
        { type: "signIn.dismissError" },
      ];
      return s.value === "submitting" ? [serverAnswer(c)] : own;
    },
    serializeState: (s) => {
      const c = s.context as Context;
      return JSON.stringify([s.value, c.email, c.password, c.error !== null]);
    },
    async start({ page, baseUrl }) {
      await page.goto(`${baseUrl}/login`);
      await page.getByRole("button", { name: "Sign in" }).waitFor();
    },
    async act({ page }, event) {
      const e = event as EventObject & { value?: string };
      switch (e.type) {
        case "signIn.changeEmail":
          return page.getByLabel("Email").fill(e.value!);
        case "signIn.changePassword":
          return page.getByLabel("Password", { exact: true }).fill(e.value!);
        case "signIn.submit": {
          const button = page.getByRole("button", { name: "Sign in" });
          // With a field empty the button is disabled: pressing Enter in the form is what a
          // person can still do, and the machine's guard keeps the form where it is.
          if (await button.isDisabled()) return page.getByLabel("Email").press("Enter");
          return button.click();
        }
        case "signIn.dismissError":
          return page.getByRole("button", { name: "Close" }).click();
        default:
          // The server's answer arrives by itself.
          return;
      }
    },
    async assert({ page, baseUrl }, s) {
      const c = s.context as Context;
      if (s.value === "submitting") return;
      if (s.value === "signedIn") {
        await page.waitForURL(`${baseUrl}/shop`);
        return;
      }
      const error = page.getByText("Sign-in failed");
      if (c.error) await error.waitFor();
      else await error.waitFor({ state: "hidden" });
      expect(
        (await page.getByLabel("Email").inputValue()) === c.email,
        `the e-mail field shows "${c.email}"`,
      );
      expect(
        (await page.getByLabel("Password", { exact: true }).inputValue()) === c.password,
        "the password field shows what was typed",
      );
    },
  }),
);
