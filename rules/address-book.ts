/** The company's current default addresses (null when none is set). */
export interface AddressDefaults {
  default_billing_address_id: number | null;
  default_shipping_address_id: number | null;
}

/**
 * Why an address of the address book may not be edited or removed (account spec 6), as a
 * locale key, or undefined when it may. The default billing address is the company's legal
 * address: the brand sets it and it is on every invoice, so the partner can neither edit nor
 * remove it. The default shipping address may be edited but not removed: checkout and the
 * address book's switch rely on there being one.
 */
export function addressChangeViolation(
  change: "edit" | "remove",
  addressId: number,
  defaults: AddressDefaults,
): string | undefined {
  if (defaults.default_billing_address_id === addressId) {
    return change === "edit" ? "address.billingNotEditable" : "address.billingNotRemovable";
  }
  if (change === "remove" && defaults.default_shipping_address_id === addressId) {
    return "address.shippingNotRemovable";
  }
  return undefined;
}

/**
 * What the default shipping switch of a saved address does (account spec 4: saving with the
 * switch on makes it the default; the switch is disabled on the current default). `set` moves
 * the default to this address; `keep` changes nothing; `refuse` is a request to switch off the
 * current default, which would leave the company without one: the default only moves by
 * choosing another address. A company without any default gets its first saved address.
 */
export function shippingSwitch(
  addressId: number,
  isShipping: boolean | undefined,
  defaults: AddressDefaults,
): "set" | "keep" | "refuse" {
  const isDefault = defaults.default_shipping_address_id === addressId;
  if (isShipping === true) return isDefault ? "keep" : "set";
  if (isShipping === false) return isDefault ? "refuse" : "keep";
  return defaults.default_shipping_address_id === null ? "set" : "keep";
}

/**
 * The longest value each address field takes: names as long as a person's name elsewhere
 * (customer-profile NAME_MAX), a street or company as a shipping label can print them.
 * The storefront's forms use the same numbers as their maxLength.
 */
export const ADDRESS_MAX = {
  firstName: 100,
  lastName: 100,
  company: 150,
  street: 150,
  city: 100,
  postcode: 20,
  provinceCode: 20,
  phoneNumber: 40,
  email: 254,
} as const;
