import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  emptyValues,
  registrationMachine,
  type RegistrationSubmission,
  type RegistrationValues,
} from "../../machines/registration.machine.js";
import {
  isFieldShown,
  registrationPayload,
  registrationRules,
} from "../../src/features/registration/registration-rules.js";
import { readRegistration } from "../../rules/registration.js";
import {
  COUNTRIES,
  KEY_FIELDS,
  model as registrationModel,
  stubRules,
} from "./models/registration.model.js";
import { pathTests } from "./support/path-tests.js";

describe("registration machine paths", () => {
  // About 7,650 paths, 5 s to replay on an idle core: in 24 groups of about 320.
  pathTests(registrationModel, {
    rule: "never submits an invalid form or without terms",
    groups: 24,
  });
});

/** A fresh actor on the real rules, countries loaded. */
function start(submit = fromPromise<void, unknown>(async () => {})) {
  const actor = createActor(
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
  return actor;
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

describe("registration sequences on the server's rules", () => {
  it("asks for the spec's fields step by step, trims, and revisits completed steps", async () => {
    const actor = start();
    await waitFor(actor, (s) => s.matches("editing"));
    actor.send({ type: "registration.continue" });
    let ctx = actor.getSnapshot().context;
    expect(ctx.step).toBe(0);
    expect(ctx.errors).toMatchObject({
      email: { key: "validation.required" },
      name: { key: "validation.required" },
      surname: { key: "validation.required" },
      phone: { key: "validation.required" },
    });
    expect(ctx.errors.jobTitle).toBeUndefined();
    fill(actor, { ...CONTACT, email: "anna@", name: "A" });
    actor.send({ type: "registration.continue" });
    ctx = actor.getSnapshot().context;
    expect(ctx.errors.email).toEqual({ key: "validation.email", params: undefined });
    expect(ctx.errors.name).toMatchObject({ key: "validation.minLength", params: { min: 2 } });
    // Steps ahead cannot be opened.
    actor.send({ type: "registration.goTo", step: 2 });
    expect(actor.getSnapshot().context.step).toBe(0);
    fill(actor, CONTACT);
    actor.send({ type: "registration.continue" });
    await waitFor(actor, (s) => s.matches("editing"));
    ctx = actor.getSnapshot().context;
    expect(ctx.step).toBe(1);
    expect(ctx.values.email).toBe("anna@atelier-nord.example");
    expect(ctx.values.name).toBe("Anna");

    // Company: a US company is asked a registration number, not a VAT number.
    fill(actor, { companyName: "Atelier Nord Inc.", typeOfBusiness: "b2b", billingCountry: "US" });
    const shown = (f: Parameters<typeof isFieldShown>[0]) =>
      isFieldShown(f, actor.getSnapshot().context.values, COUNTRIES);
    expect(shown("registrationNumber")).toBe(true);
    expect(shown("vatNumber")).toBe(false);
    actor.send({ type: "registration.continue" });
    expect(actor.getSnapshot().context.errors).toEqual({
      registrationNumber: { key: "validation.required", params: undefined },
    });
    fill(actor, { registrationNumber: "US-4471" });
    actor.send({ type: "registration.continue" });
    expect(actor.getSnapshot().context.step).toBe(2);

    // Address: the US has provinces, so the state is asked.
    fill(actor, { streetAddress: "12 Mercer St", city: "New York", postalCode: "10013" });
    expect(shown("state")).toBe(true);
    actor.send({ type: "registration.continue" });
    expect(actor.getSnapshot().context.errors.state?.toString()).toBeDefined();
    fill(actor, { state: "US-NY" });
    actor.send({ type: "registration.continue" });
    expect(actor.getSnapshot().context.step).toBe(3);

    // Back to a completed step by its number, and forward again.
    actor.send({ type: "registration.goTo", step: 1 });
    expect(actor.getSnapshot().context.step).toBe(1);
    actor.send({ type: "registration.goTo", step: 3 });
    expect(actor.getSnapshot().context.step).toBe(3);

    // Switching the country to France empties the state, asks the VAT number.
    actor.send({ type: "registration.goTo", step: 1 });
    fill(actor, { billingCountry: "FR" });
    expect(actor.getSnapshot().context.values.state).toBe("");
    expect(shown("vatNumber")).toBe(true);
    expect(shown("registrationNumber")).toBe(false);
    actor.send({ type: "registration.continue" });
    expect(actor.getSnapshot().context.errors.vatNumber).toBeDefined();
  });

  it("shows the omnichannel questions (the original client never did) and the supplier", async () => {
    const values = { ...emptyValues(), businessModel: "omnichannel" };
    expect(isFieldShown("storesCount", values, COUNTRIES)).toBe(true);
    expect(isFieldShown("onlineShopsCount", values, COUNTRIES)).toBe(true);
    expect(isFieldShown("webUrl", values, COUNTRIES)).toBe(false);
    expect(isFieldShown("webUrl", { ...values, businessModel: "online-shop-own" }, COUNTRIES)).toBe(
      true,
    );
    expect(isFieldShown("storesCount", { ...values, businessModel: "drugstore" }, COUNTRIES)).toBe(
      true,
    );
    expect(isFieldShown("supplier", { ...values, inStock: "YES" }, COUNTRIES)).toBe(true);
    expect(isFieldShown("supplier", { ...values, inStock: "NO" }, COUNTRIES)).toBe(false);
    const errors = registrationRules.validateStep(
      3,
      { ...values, companyStatus: "startup", inStock: "YES" },
      COUNTRIES,
    );
    expect(Object.keys(errors).sort()).toEqual(["onlineShopsCount", "storesCount", "supplier"]);
    expect(registrationRules.validateStep(3, emptyValues(), COUNTRIES)).toMatchObject({
      businessModel: { key: "validation.businessModel" },
      companyStatus: { key: "validation.required" },
    });
  });

  it("opens the terms dialog, sends the server's payload and shows the server's words", async () => {
    const sent: unknown[] = [];
    let refuse = true;
    const actor = start(
      fromPromise(async ({ input }) => {
        sent.push(input);
        if (refuse) {
          refuse = false;
          throw {
            status: 409,
            detail: "An application for this e-mail is already being reviewed.",
            violations: [
              { propertyPath: "relationships.default_contact.email", message: "Already applied" },
            ],
          };
        }
      }),
    );
    await waitFor(actor, (s) => s.matches("editing"));
    fill(actor, CONTACT);
    actor.send({ type: "registration.continue" });
    await waitFor(actor, (s) => s.matches("editing"));
    fill(actor, { companyName: "Maison Claire", typeOfBusiness: "b2c", billingCountry: "FR" });
    fill(actor, { vatNumber: " FR12345678901 " });
    actor.send({ type: "registration.continue" });
    fill(actor, { streetAddress: "5 rue Cler", city: "Paris", postalCode: "75007" });
    actor.send({ type: "registration.continue" });
    fill(actor, { companyStatus: "existing", businessModel: "online-shop-own", webUrl: "shop" });
    actor.send({ type: "registration.register" });
    expect(actor.getSnapshot().context.errors.webUrl).toMatchObject({ key: "validation.url" });
    fill(actor, { webUrl: "https://maison-claire.example" });
    actor.send({ type: "registration.register" });
    expect(actor.getSnapshot().value).toBe("termsDialog");
    actor.send({ type: "registration.acceptTerms" });
    await waitFor(actor, (s) => s.matches("editing"));
    let ctx = actor.getSnapshot().context;
    // Said once, under the field it names (issue 30): no form message besides.
    expect(ctx.failure).toBeNull();
    expect(ctx.errors.email).toEqual({ text: "Already applied" });
    expect(ctx.values.companyName).toBe("Maison Claire");
    // The step of the field the server pointed at is shown; the last one opens by its number.
    expect(ctx.step).toBe(0);
    actor.send({ type: "registration.goTo", step: 3 });
    actor.send({ type: "registration.register" });
    await waitFor(actor, (s) => s.status === "done");
    ctx = actor.getSnapshot().context;
    expect(sent).toHaveLength(2);
    const payload = registrationPayload(ctx.values, COUNTRIES, true);
    expect(payload.taxNumber).toBe("FR12345678901");
    expect(payload.corporateRegistrationNumber).toBeNull();
    const facts = new Map(COUNTRIES.map((c) => [c.code, c]));
    const read = readRegistration(payload, facts);
    expect(read.violations).toEqual([]);
  });

  it("falls back to the generic message and retries the countries", async () => {
    let calls = 0;
    const actor = createActor(
      registrationMachine.provide({
        actors: {
          loadCountries: fromPromise(async () => {
            calls++;
            if (calls === 1) throw new Error("offline");
            return COUNTRIES;
          }),
          submitRegistration: fromPromise<void, RegistrationSubmission>(async () => {
            throw new Error("");
          }),
        },
      }),
      { input: { rules: stubRules } },
    ).start();
    await waitFor(actor, (s) => s.matches("loadFailed"));
    actor.send({ type: "registration.retry" });
    await waitFor(actor, (s) => s.matches("editing"));
    for (const field of KEY_FIELDS) {
      actor.send({ type: "registration.change", field, value: "x" });
      actor.send({ type: "registration.continue" });
      // The first step's e-mail check was not provided: it fails, and the partner goes on.
      await waitFor(actor, (s) => s.matches("editing"));
    }
    actor.send({ type: "registration.toggleTerms", accepted: true });
    actor.send({ type: "registration.register" });
    await waitFor(actor, (s) => s.matches("editing") && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toBe("registration.failed");
  });
});
