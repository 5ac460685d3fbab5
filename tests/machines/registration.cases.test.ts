// Hand-written cases of the registration machine beside its generated paths (registration.paths.test.ts):
// what the path tests' oracles left alive in the mutation run (decision 036). A separate
// file, so that adding a case does not make Stryker's incremental run retest every mutant
// the path tests already killed (it knows tests by file and name, not by location).
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  registrationMachine,
  type RegistrationValues,
} from "../../machines/registration.machine.js";
import { registrationRules } from "../../src/features/registration/registration-rules.js";
import { COUNTRIES } from "./models/registration.model.js";

/** A fresh actor on the real rules, countries loaded. */
function start(submit = fromPromise<void, unknown>(async () => {})) {
  return createActor(
    registrationMachine.provide({
      actors: {
        loadCountries: fromPromise(async () => COUNTRIES),
        // The server says the e-mail may apply (issue 30).
        checkEmail: fromPromise<void, { email: string }>(async () => {}),
        submitRegistration: submit as never,
      },
    }),
    { input: { rules: registrationRules } },
  ).start();
}

type Actor = ReturnType<typeof start>;
const fill = (actor: Actor, values: Partial<RegistrationValues>) => {
  for (const [field, value] of Object.entries(values))
    actor.send({ type: "registration.change", field: field as never, value: value! });
};

const CONTACT = {
  email: "  anna@atelier-nord.example ",
  name: " Anna ",
  surname: "Berg",
  phone: "+1 212 555 0100",
};

describe("registration machine: hand-written cases", () => {
  /** The French application of the test above, filled on every step, its terms dialog open. */
  const completeForm = async (actor: Actor) => {
    await waitFor(actor, (s) => s.matches("editing"));
    fill(actor, CONTACT);
    actor.send({ type: "registration.continue" });
    await waitFor(actor, (s) => s.matches("editing"));
    fill(actor, { companyName: "Maison Claire", typeOfBusiness: "b2c", billingCountry: "FR" });
    fill(actor, { vatNumber: "FR12345678901" });
    actor.send({ type: "registration.continue" });
    fill(actor, { streetAddress: "5 rue Cler", city: "Paris", postalCode: "75007" });
    actor.send({ type: "registration.continue" });
    fill(actor, {
      companyStatus: "existing",
      businessModel: "online-shop-own",
      webUrl: "https://maison-claire.example",
    });
    actor.send({ type: "registration.register" });
    expect(actor.getSnapshot().value).toBe("termsDialog");
  };

  it("reads a refusal: detail, else message, else its own words; the earliest step the server points at opens", async () => {
    const refusals: [unknown, string][] = [
      [{ detail: "Said in detail.", message: "ignored" }, "Said in detail."],
      [{ message: "Said as message." }, "Said as message."],
      [{ detail: 7, message: "Said as message." }, "Said as message."],
      [{ detail: "" }, "registration.failed"],
      [undefined, "registration.failed"],
    ];
    for (const [error, shown] of refusals) {
      const actor = start(
        fromPromise<void, unknown>(async () => {
          throw error;
        }),
      );
      await completeForm(actor);
      actor.send({ type: "registration.acceptTerms" });
      await waitFor(actor, (s) => s.matches("editing"));
      expect(actor.getSnapshot().context.failure).toBe(shown);
      // Nothing pointed at: the step shown stays the last one.
      expect(actor.getSnapshot().context.step).toBe(3);
      expect(actor.getSnapshot().context.errors).toStrictEqual({});
    }

    const actor = start(
      fromPromise<void, unknown>(async () => {
        throw {
          detail: "Check the application.",
          violations: [
            { propertyPath: "relationships.billing_address.town", message: "Unknown town" },
            { propertyPath: "companyName", message: "Already registered" },
            { propertyPath: "companyName", message: "A second message" },
            { propertyPath: "unknown.path", message: "Not a field of the form" },
            { propertyPath: 5, message: "No path" },
            { propertyPath: "taxNumber" },
            null,
          ],
        };
      }),
    );
    await completeForm(actor);
    actor.send({ type: "registration.acceptTerms" });
    await waitFor(actor, (s) => s.matches("editing"));
    const ctx = actor.getSnapshot().context;
    expect(ctx.errors).toStrictEqual({
      city: { text: "Unknown town" },
      companyName: { text: "Already registered" },
    });
    expect(ctx.step).toBe(1);
  });

  it("goes back only to a whole earlier step; a country chosen again keeps the province", async () => {
    const actor = start();
    await waitFor(actor, (s) => s.matches("editing"));
    fill(actor, CONTACT);
    actor.send({ type: "registration.continue" });
    await waitFor(actor, (s) => s.matches("editing"));
    fill(actor, { companyName: "Atelier Nord", typeOfBusiness: "b2c", billingCountry: "US" });
    fill(actor, { registrationNumber: "12-3456789" });
    actor.send({ type: "registration.continue" });
    fill(actor, { streetAddress: "12 Mercer St", city: "New York", postalCode: "10013" });
    fill(actor, { state: "US-NY" });
    actor.send({ type: "registration.continue" });
    expect(actor.getSnapshot().context.step).toBe(3);
    for (const step of [0.5, -1, Number.NaN]) {
      actor.send({ type: "registration.goTo", step });
      expect(actor.getSnapshot().context.step).toBe(3);
    }
    actor.send({ type: "registration.goTo", step: 1 });
    fill(actor, { billingCountry: "US" });
    expect(actor.getSnapshot().context.values.state).toBe("US-NY");
  });

  it("asks the server about the e-mail when step 1 is left: a refusal stays there, under the field, once (issue 30)", async () => {
    const asked: string[] = [];
    const taken = "This e-mail address already has an account.";
    const actor = createActor(
      registrationMachine.provide({
        actors: {
          loadCountries: fromPromise(async () => COUNTRIES),
          checkEmail: fromPromise<void, { email: string }>(async ({ input }) => {
            asked.push(input.email);
            if (input.email === "anna@atelier-nord.example")
              throw {
                status: 409,
                detail: taken,
                violations: [
                  { propertyPath: "relationships.default_contact.email", message: taken },
                ],
              };
          }),
        },
      }),
      { input: { rules: registrationRules } },
    ).start();
    await waitFor(actor, (s) => s.matches("editing"));
    fill(actor, CONTACT);
    actor.send({ type: "registration.continue" });
    expect(actor.getSnapshot().value).toBe("checkingEmail");
    await waitFor(actor, (s) => s.matches("editing"));
    let ctx = actor.getSnapshot().context;
    expect(ctx.step).toBe(0);
    expect(ctx.reached).toBe(0);
    expect(ctx.errors).toStrictEqual({ email: { text: taken } });
    expect(ctx.failure).toBeNull();
    // Another address: asked again, free, and the next step opens.
    fill(actor, { email: " clara@atelier-nord.example" });
    expect(actor.getSnapshot().context.errors.email).toBeUndefined();
    actor.send({ type: "registration.continue" });
    await waitFor(actor, (s) => s.matches("editing") && s.context.step === 1);
    ctx = actor.getSnapshot().context;
    expect(ctx.emailChecked).toBe("clara@atelier-nord.example");
    expect(ctx.reached).toBe(1);
    // Back and on with the same address: not asked again.
    actor.send({ type: "registration.back" });
    actor.send({ type: "registration.continue" });
    expect(actor.getSnapshot().context.step).toBe(1);
    expect(asked).toStrictEqual(["anna@atelier-nord.example", "clara@atelier-nord.example"]);
  });

  it("lets the partner on when the e-mail check cannot answer: the application decides", async () => {
    const actor = createActor(
      registrationMachine.provide({
        actors: {
          loadCountries: fromPromise(async () => COUNTRIES),
          checkEmail: fromPromise<void, { email: string }>(async () => {
            throw { status: 429, detail: "Too many registrations." };
          }),
        },
      }),
      { input: { rules: registrationRules } },
    ).start();
    await waitFor(actor, (s) => s.matches("editing"));
    fill(actor, CONTACT);
    actor.send({ type: "registration.continue" });
    await waitFor(actor, (s) => s.matches("editing"));
    const ctx = actor.getSnapshot().context;
    expect(ctx.step).toBe(1);
    expect(ctx.errors).toStrictEqual({});
    expect(ctx.emailChecked).toBeNull();
  });
});
