import type { Kysely, Transaction } from "kysely";
import type { AddressDefaults } from "../../../rules/address-book.js";
import { recordAudit, type Actor } from "../audit.js";
import type { AddressRow, AddressSnapshot, DB } from "../schema.js";

type Tx = Transaction<DB>;

/** The company's default addresses, as they are now (no lock: for reading the address book). */
export async function companyDefaults(db: Kysely<DB>, companyId: number): Promise<AddressDefaults> {
  return db
    .selectFrom("companies")
    .select(["default_billing_address_id", "default_shipping_address_id"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
}

/** The company's address book, oldest first. */
export async function companyAddresses(db: Kysely<DB>, companyId: number) {
  return db
    .selectFrom("addresses")
    .selectAll()
    .where("company_id", "=", companyId)
    .orderBy("id")
    .execute();
}

/** One address of the company's book; undefined for another company's or an unknown id. */
export async function companyAddress(db: Kysely<DB>, companyId: number, id: number) {
  return db
    .selectFrom("addresses")
    .selectAll()
    .where("id", "=", id)
    .where("company_id", "=", companyId)
    .executeTakeFirst();
}

/**
 * The company's default addresses, its row locked until the transaction ends. Every change to
 * the address book takes this lock first, so a removal and a "make default" of the same
 * address run one after the other and the rules are checked against the committed defaults.
 */
export async function lockCompanyDefaults(tx: Tx, companyId: number): Promise<AddressDefaults> {
  return tx
    .selectFrom("companies")
    .select(["default_billing_address_id", "default_shipping_address_id"])
    .where("id", "=", companyId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The address of an address book row, as orders keep it (the opposite of addressColumns). */
export function addressSnapshot(a: AddressRow): AddressSnapshot {
  return {
    firstName: a.first_name,
    lastName: a.last_name,
    company: a.company,
    street: a.street,
    city: a.city,
    postcode: a.postcode,
    countryCode: a.country_code,
    provinceCode: a.province_code,
    provinceName: a.province_name,
    phoneNumber: a.phone_number,
    email: a.email,
  };
}

/** The columns of an address book row from a validated address. */
export function addressColumns(a: AddressSnapshot) {
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    company: a.company,
    street: a.street,
    city: a.city,
    postcode: a.postcode,
    country_code: a.countryCode,
    province_code: a.provinceCode,
    province_name: a.provinceName,
    phone_number: a.phoneNumber,
    email: a.email,
  };
}

/**
 * Makes `addressId` the company's default shipping address and records it. Call it after
 * `lockCompanyDefaults` in the same transaction; answers the new defaults.
 */
export async function setDefaultShipping(
  tx: Tx,
  actor: Actor,
  companyId: number,
  defaults: AddressDefaults,
  addressId: number,
): Promise<AddressDefaults> {
  await tx
    .updateTable("companies")
    .set({ default_shipping_address_id: addressId })
    .where("id", "=", companyId)
    .execute();
  await recordAudit(tx, {
    actor,
    companyId,
    entityType: "company",
    entityId: companyId,
    action: "defaultShippingAddress.change",
    before: { defaultShippingAddressId: defaults.default_shipping_address_id },
    after: { defaultShippingAddressId: addressId },
  });
  return { ...defaults, default_shipping_address_id: addressId };
}

/** Adds an address to the company's book; answers the row. */
export async function insertAddress(tx: Tx, companyId: number, address: AddressSnapshot) {
  return tx
    .insertInto("addresses")
    .values({ company_id: companyId, ...addressColumns(address) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces the fields of an address; answers the row. */
export async function updateAddress(tx: Tx, id: number, address: AddressSnapshot) {
  return tx
    .updateTable("addresses")
    .set(addressColumns(address))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes an address. Orders keep address snapshots, not references: history is unaffected. */
export async function deleteAddress(tx: Tx, id: number) {
  await tx.deleteFrom("addresses").where("id", "=", id).execute();
}
