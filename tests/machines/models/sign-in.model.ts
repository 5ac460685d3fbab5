import { signInMachine } from "../../../machines/sign-in.machine.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

/**
 * The sign-in rules as the spec states them, written here without the machine: submitting needs
 * an e-mail (spaces do not count) and a password; the call gets the e-mail trimmed; a refusal
 * shows the server's message, else its detail, else nothing; a dropped connection shows the
 * generic 'signIn.failed'; success starts the session with the customer the server signed in
 * (the token is in the cookie the server set) and goes to the page asked for before sign-in,
 * else /shop. A submit with a field empty marks the empty fields (issue 30).
 */
function oracle({ event, before, input }: OracleStep): OracleExpectation {
  const c = before.context as {
    email: string;
    password: string;
    error: unknown;
    attempted: boolean;
    returnTo: string;
  };
  const stay = { value: before.value, context: c };
  if (event.type === "xstate.init") {
    const asked = (input as { returnTo?: string } | undefined)?.returnTo;
    return {
      value: "editing",
      context: {
        email: "",
        password: "",
        error: null,
        attempted: false,
        returnTo: asked ?? "/shop",
      },
      actions: [{ type: "clearStoredSession" }],
    };
  }
  if (before.value === "editing") {
    const e = event as { type: string; value?: string };
    switch (e.type) {
      case "signIn.changeEmail":
        return { value: "editing", context: { ...c, email: e.value } };
      case "signIn.changePassword":
        return { value: "editing", context: { ...c, password: e.value } };
      case "signIn.dismissError":
        return { value: "editing", context: { ...c, error: null } };
      case "signIn.submit": {
        const email = c.email.replace(/^\s+|\s+$/g, "");
        if (email.length === 0 || c.password.length === 0)
          return { value: "editing", context: { ...c, attempted: true } };
        return {
          value: "submitting",
          context: { ...c, error: null },
          started: { signIn: { email, password: c.password } },
        };
      }
    }
    return stay;
  }
  if (before.value === "submitting") {
    if (event.type === "xstate.done.actor.signIn") {
      const out = (event as unknown as { output: Record<string, unknown> }).output;
      if (out.ok === true)
        return {
          value: "signedIn",
          status: "done",
          context: c,
          actions: [
            { type: "startSession", params: { customerId: out.customerId } },
            { type: "redirectAfterSignIn", params: { to: c.returnTo } },
          ],
        };
      const words = [out.message, out.detail].find((w) => typeof w === "string" && w !== "");
      return {
        value: "editing",
        context: { ...c, error: words === undefined ? null : { text: words } },
      };
    }
    if (event.type === "xstate.error.actor.signIn")
      return { value: "editing", context: { ...c, error: { key: "signIn.failed" } } };
    // Edits and a second submit wait while the call runs.
    return stay;
  }
  return stay;
}

export const model: MachineModel = {
  machine: signInMachine,
  events: (s) => [
    { type: "signIn.changeEmail", value: s.context.email ? "" : " buyer@demo-spa.example " },
    { type: "signIn.changeEmail", value: "   " },
    { type: "signIn.changePassword", value: s.context.password ? "" : "partner-demo" },
    { type: "signIn.submit" },
    { type: "signIn.dismissError" },
    { type: "xstate.done.actor.signIn", output: { ok: true, customerId: "2" } },
    {
      type: "xstate.done.actor.signIn",
      output: { ok: false, message: "Invalid credentials.", detail: null },
    },
    { type: "xstate.done.actor.signIn", output: { ok: false, message: null, detail: "Locked." } },
    { type: "xstate.done.actor.signIn", output: { ok: false, message: null, detail: null } },
    { type: "xstate.error.actor.signIn", error: new Error("offline") },
  ],
  invariants: {
    "submitting only with an e-mail and a password": (s) =>
      s.value !== "submitting" || (s.context.email.trim() !== "" && s.context.password !== ""),
    "no error shown while submitting": (s) => s.value !== "submitting" || s.context.error === null,
  },
  inputs: [undefined, { returnTo: "/shop/account/payments?tab=open" }],
  oracle,
};
