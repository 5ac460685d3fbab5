// Hand-written cases of the address-book machine beside its generated paths (address-book.paths.test.ts):
// what the path tests' oracles left alive in the mutation run (decision 036). A separate
// file, so that adding a case does not make Stryker's incremental run retest every mutant
// the path tests already killed (it knows tests by file and name, not by location).
import { createActor } from "xstate";
import { describe, expect, it } from "vitest";
import {
  addressBookMachine,
  addressFieldError,
  EMPTY_ADDRESS,
} from "../../machines/address-book.machine.js";
import { ADDRESSES, BOOK, COUNTRIES } from "./models/address-book.model.js";
import { done, failed } from "./support/events.js";

describe("address book machine: hand-written cases", () => {
  it("judges the trimmed text: two letters are enough, one letter among spaces is not", () => {
    const values = { ...EMPTY_ADDRESS, firstName: " H ", lastName: "Li", company: "  " };
    expect(addressFieldError("firstName", values, COUNTRIES)).toBe("addresses.errors.minLength");
    expect(addressFieldError("lastName", values, COUNTRIES)).toBeUndefined();
    expect(addressFieldError("company", values, COUNTRIES)).toBe("addresses.errors.required");
  });

  it("judges the postcode by the chosen country and a phone only when given (issue 30)", () => {
    const values = { ...EMPTY_ADDRESS, countryCode: "DE", postcode: " 80539 ", phoneNumber: " " };
    expect(addressFieldError("postcode", values, COUNTRIES)).toBeUndefined();
    expect(addressFieldError("phoneNumber", values, COUNTRIES)).toBeUndefined();
    expect(addressFieldError("postcode", { ...values, postcode: "8053" }, COUNTRIES)).toBe(
      "addresses.errors.postcode",
    );
    // No country chosen yet, or one without a known format: any postcode.
    expect(
      addressFieldError("postcode", { ...values, countryCode: "", postcode: "8053" }, COUNTRIES),
    ).toBeUndefined();
    expect(
      addressFieldError(
        "postcode",
        { ...values, countryCode: "JP", postcode: "100-0001" },
        COUNTRIES,
      ),
    ).toBeUndefined();
    expect(
      addressFieldError("phoneNumber", { ...values, phoneNumber: "089 CALL" }, COUNTRIES),
    ).toBe("addresses.errors.phone");
    // A blank postcode is only missing, never of the wrong form.
    const actor = createActor(addressBookMachine).start();
    actor.send(done("loadAddressBook", BOOK) as never);
    actor.send({ type: "address.add" });
    actor.send({ type: "address.change", field: "countryCode", value: "DE" });
    expect(actor.getSnapshot().context.errors.postcode).toBeUndefined();
    actor.send({ type: "address.change", field: "postcode", value: "SW1A 1AA" });
    expect(actor.getSnapshot().context.errors.postcode).toBe("addresses.errors.postcode");
    actor.send({ type: "address.change", field: "countryCode", value: "US" });
    expect(actor.getSnapshot().context.errors.postcode).toBe("addresses.errors.postcode");
    actor.send({ type: "address.change", field: "postcode", value: "10001" });
    expect(actor.getSnapshot().context.values.postcode).toBe("10001");
    expect(actor.getSnapshot().context.errors.postcode).toBeUndefined();
  });

  it("opens an address with missing optional parts as blank fields", () => {
    const actor = createActor(addressBookMachine).start();
    const bare = { ...ADDRESSES[2]!, firstName: null, lastName: null, company: null };
    actor.send(done("loadAddressBook", { ...BOOK, addresses: [ADDRESSES[0]!, bare] }) as never);
    actor.send({ type: "address.edit", id: "3" });
    expect(actor.getSnapshot().context.values).toMatchObject({
      firstName: "",
      lastName: "",
      company: "",
      phoneNumber: "",
      email: "",
      provinceCode: "US-NY",
    });
  });

  it("reads a refusal: message, else detail, else its own text; only well-formed violations", () => {
    const saveRefused = (error: unknown) => {
      const notified: (string | null)[] = [];
      const actor = createActor(
        addressBookMachine.provide({
          actions: { notifyFailure: (_, params) => notified.push(params.message) },
        }),
      ).start();
      actor.send(done("loadAddressBook", BOOK) as never);
      actor.send({ type: "address.edit", id: "3" });
      actor.send({ type: "address.save" });
      expect(actor.getSnapshot().matches({ dialog: "saving" })).toBe(true);
      actor.send(failed("saveAddress", error) as never);
      return { actor, notified };
    };
    for (const [error, shown] of [
      [{ message: "Refused.", detail: "ignored" }, "Refused."],
      [{ detail: "Said in detail." }, "Said in detail."],
      [{ message: 3, detail: "Said in detail." }, "Said in detail."],
      [{ message: "" }, "addresses.saveFailed"],
      [undefined, "addresses.saveFailed"],
    ] as [unknown, string][]) {
      const { actor } = saveRefused(error);
      expect(actor.getSnapshot().context.failure).toBe(shown);
      expect(actor.getSnapshot().context.serverErrors).toStrictEqual({});
    }
    const { actor } = saveRefused({
      message: "Check the form.",
      violations: [
        { propertyPath: "city", message: "Unknown city" },
        { propertyPath: "city", message: "A second message" },
        { propertyPath: "isShipping", message: "Not now" },
        { propertyPath: 5, message: "No field" },
        { propertyPath: "street" },
      ],
    });
    expect(actor.getSnapshot().context.serverErrors).toStrictEqual({
      city: "Unknown city",
      isDefaultShipping: "Not now",
    });

    // A failed removal tells what the server said, or nothing of its own (null).
    for (const [error, message] of [
      [{ detail: "Still used by an order." }, "Still used by an order."],
      [{ message: "" }, null],
    ] as [unknown, string | null][]) {
      const notified: (string | null)[] = [];
      const remover = createActor(
        addressBookMachine.provide({
          actions: { notifyFailure: (_, params) => notified.push(params.message) },
        }),
      ).start();
      remover.send(done("loadAddressBook", BOOK) as never);
      remover.send({ type: "address.remove", id: "3" });
      remover.send({ type: "address.confirmRemoval" });
      remover.send(failed("removeAddress", error) as never);
      expect(remover.getSnapshot().value).toBe("ready");
      expect(notified).toEqual([message]);
    }
  });
});
