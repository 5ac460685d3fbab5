import { createActor } from "xstate";
import { describe, expect, it } from "vitest";
import {
  addressBookMachine,
  addressErrors,
  addressLabel,
  EMPTY_ADDRESS,
} from "../../machines/address-book.machine.js";
import {
  ADDRESSES,
  BOOK,
  COUNTRIES,
  model as addressBookModel,
} from "./models/address-book.model.js";
import { done, failed } from "./support/events.js";
import { pathTests } from "./support/path-tests.js";

// -------------------------------------------------------------------------------------------
// Address book

describe("address book machine", () => {
  pathTests(addressBookModel, { rule: "never edits billing nor removes a default", groups: 10 });

  it("labels addresses and applies the form's rules, provinces only where there are some", () => {
    expect(addressLabel(ADDRESSES[1]!)).toBe("Lager 2, 50667 Köln, DE");
    expect(addressErrors({ ...EMPTY_ADDRESS, firstName: "H" }, COUNTRIES)).toEqual({
      firstName: "addresses.errors.minLength",
      lastName: "addresses.errors.required",
      company: "addresses.errors.required",
      street: "addresses.errors.required",
      city: "addresses.errors.required",
      postcode: "addresses.errors.required",
      countryCode: "addresses.errors.required",
    });
    const actor = createActor(addressBookMachine).start();
    actor.send(done("loadAddressBook", BOOK) as never);
    actor.send({ type: "address.edit", id: "3" });
    actor.send({ type: "address.change", field: "countryCode", value: "DE" });
    expect(actor.getSnapshot().context.values.provinceCode).toBe("");
    actor.send({ type: "address.change", field: "countryCode", value: "US" });
    actor.send({ type: "address.save" });
    expect(actor.getSnapshot().context.errors.provinceCode).toBe("addresses.errors.required");
    actor.send({ type: "address.change", field: "provinceCode", value: "US-NY" });
    actor.send({ type: "address.toggleDefault", value: true });
    actor.send({ type: "address.save" });
    expect(actor.getSnapshot().matches({ dialog: "saving" })).toBe(true);
    actor.send(
      failed("saveAddress", {
        message: "Invalid",
        violations: [{ propertyPath: "isShipping", message: "Nope" }],
      }) as never,
    );
    expect(actor.getSnapshot().context.serverErrors.isDefaultShipping).toBe("Nope");
    expect(actor.getSnapshot().context.values.city).toBe("New York");
    actor.send({ type: "address.save" });
    actor.send(done("saveAddress", ADDRESSES[2]) as never);
    expect(actor.getSnapshot().value).toBe("refreshing");
    actor.send(done("reloadAddressBook", BOOK) as never);
    // The default switch never turns off the current default.
    actor.send({ type: "address.edit", id: "2" });
    actor.send({ type: "address.toggleDefault", value: false });
    expect(actor.getSnapshot().context.values.isDefaultShipping).toBe(true);
    actor.send({ type: "address.cancel" });
    actor.send({ type: "address.remove", id: "2" });
    expect(actor.getSnapshot().value).toBe("ready");
    actor.send({ type: "address.makeDefault", id: "3" });
    expect(actor.getSnapshot().value).toBe("settingDefault");
  });
});
