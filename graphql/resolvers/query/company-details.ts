import { ALL } from "../../context.js";
import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toAddress } from "../../mappers.js";
import { idOf } from "../../rest/iri.js";
import type { Collection, RestAddress, RestCustomer } from "../../rest/types.js";
import { callerId } from "../../team.js";
import { paths } from "../../rest/paths.js";

/** The company details the customer resource carries (account spec 2), absent from older APIs. */
type RestCustomerWithCompany = RestCustomer & {
  companyLegalName?: string | null;
  companyEmail?: string | null;
  companyPhoneNumber?: string | null;
};

/**
 * Company details (account spec 2): the company's name, legal name, e-mail, phone and tax
 * number from the customer, and its registered address (the default billing address).
 */
export const companyDetails: NonNullable<QueryResolvers["companyDetails"]> = async (
  _p,
  _a,
  ctx,
) => {
  const [customer, list] = await Promise.all([
    ctx.rest.get<RestCustomerWithCompany>(paths.customer(callerId(ctx))),
    ctx.rest.get<Collection<RestAddress>>(paths.addresses, { itemsPerPage: ALL }),
  ]).catch(rethrow);
  const billingId = idOf(customer.defaultBillingAddress);
  const billing = list["hydra:member"].find((a) => String(a.id) === billingId);
  return {
    companyName: customer.companyName,
    legalName: customer.companyLegalName ?? null,
    email: customer.companyEmail ?? null,
    phoneNumber: customer.companyPhoneNumber ?? null,
    taxNumber: customer.taxNumber,
    poNumberRequired: customer.poNumberRequired ?? false,
    address: billing ? toAddress(billing) : null,
  };
};
