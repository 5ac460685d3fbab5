import { ClientError } from "graphql-request";
import type { GatewayRequest } from "../../lib/graphql-client";
import { ActiveCartDocument, AddToCartDocument, StartCartDocument } from "../../lib/gql/graphql";
import { apiLocale } from "../../lib/locale";

/** What adding a line ends in: done, or the server's (translated) message when it gave one. */
export type AddToCartOutcome = { ok: true } | { ok: false; message: string | null };

/** The detail a gateway error carries (extensions.detail, else its message), if any. */
export function gatewayErrorDetail(error: unknown): string | null {
  if (!(error instanceof ClientError)) return null;
  const first = error.response.errors?.[0];
  const detail = (first?.extensions as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === "string" && detail !== "") return detail;
  return null;
}

/**
 * Adds a variant to the customer's cart (spec section 4): the active cart, else a new one
 * started in the interface language; the union's error member gives the toast its message.
 */
export async function addProductToCart(
  request: GatewayRequest,
  line: { variantCode: string; quantity: number; language: string },
): Promise<AddToCartOutcome> {
  try {
    const { activeCart } = await request(ActiveCartDocument, {});
    const cart =
      activeCart ??
      (await request(StartCartDocument, { localeCode: apiLocale(line.language) })).startCart;
    const { addToCart: result } = await request(AddToCartDocument, {
      cartToken: cart.token,
      variantCode: line.variantCode,
      quantity: line.quantity,
    });
    if (result.__typename === "Cart") return { ok: true };
    return { ok: false, message: result.message || null };
  } catch (error) {
    console.error(error);
    return { ok: false, message: gatewayErrorDetail(error) };
  }
}
