import { changeCart } from "../../cart.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { iri } from "../../rest/iri.js";
import { paths } from "../../rest/paths.js";

/**
 * Sends the addresses as IRIs of the company's address book; one that is not the company's
 * comes back as a ValidationError on shippingAddress or billingAddress, and a role without
 * the address book (MARKETING) gets a ForbiddenError (issue 18, finding 6).
 */
export const setCartAddresses: NonNullable<MutationResolvers["setCartAddresses"]> = (
  _parent,
  args,
  ctx,
) =>
  changeCart(ctx, args.cartToken, resultErrors.SetCartAddressesResult, {
    method: "PUT",
    path: paths.order(args.cartToken),
    body: {
      shippingAddress: iri.address(args.shippingAddressId),
      ...(args.billingAddressId ? { billingAddress: iri.address(args.billingAddressId) } : {}),
    },
  });
