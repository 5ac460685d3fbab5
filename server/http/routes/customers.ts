import type { FastifyInstance } from "fastify";
import {
  addressSnapshot,
  companyAddress,
  companyAddresses,
  companyDefaults,
} from "../../db/account/addresses.js";
import type { AddressRow } from "../../db/schema.js";
import { revokeToken } from "../../db/sessions.js";
import { findSignInUser, storeUserLanguage } from "../../db/sign-in.js";
import { languageOf } from "../problem.js";
import { supportedLanguage } from "../../core/i18n.js";
import {
  clearSessionCookie,
  presentedToken,
  requirePrincipal,
  setSessionCookie,
  SHOP_AUDIENCE,
  signToken,
} from "../auth.js";
import type { AppContext } from "../context.js";
import { customerResource } from "../customer-resource.js";
import { BodyReader } from "../validate.js";
import { requireAbility } from "../../core/abilities.js";
import { verifyPassword } from "../../core/password-hash.js";
import { collection, iri, numericId } from "../../core/iri.js";
import { notFound, unauthorized } from "../../core/problem.js";

export function registerCustomerRoutes(app: FastifyInstance, { db, config }: AppContext) {
  app.post("/api/v2/shop/customers/token", async (request, reply) => {
    const r = new BodyReader(request.body, ["email", "password"]);
    const email = r.string("email", { required: true, email: true });
    const password =
      typeof r.raw("password") === "string" ? (r.raw("password") as string) : undefined;
    if (!password) r.add({ propertyPath: "password", message: "field.required" });
    r.done();
    const user = await findSignInUser(db, email!);
    const ok = await verifyPassword(password!, user?.password_hash ?? null);
    if (!user || !ok || !user.enabled || !user.company_enabled)
      throw unauthorized("error.invalidCredentials");
    // The language the person signs in with is the one their mails are written in (decision
    // 053); a client that names none (no Locale, no Accept-Language) leaves it as it was.
    if (request.headers["locale"] || request.headers["accept-language"])
      await storeUserLanguage(db, user.id, languageOf(request));
    const token = await signToken(config.jwtSecret, user.id, SHOP_AUDIENCE, user.token_version);
    // The storefront's session is this HttpOnly cookie; API clients use the token as a bearer.
    setSessionCookie(request, reply, config, token);
    return { token, customer: iri.customer(user.id) };
  });

  // Sign-out: the token the request carries (bearer header or cookie) is revoked on the
  // server, whatever copies of it exist, and the cookie is cleared. Without a valid token
  // there is nothing to revoke: the cookie is cleared all the same.
  app.delete("/api/v2/shop/customers/token", async (request, reply) => {
    const presented = await presentedToken(request, config.jwtSecret, SHOP_AUDIENCE);
    if (presented) await revokeToken(db, presented.jti, presented.expiresAt);
    clearSessionCookie(request, reply, config);
    return reply.code(204).send();
  });

  // The language the signed-in person chose in the storefront: their mails follow it.
  app.put("/api/v2/shop/customers/:id/language", async (request, reply) => {
    const principal = requirePrincipal(request);
    // Only the signed-in customer's own language.
    if ((request.params as { id: string }).id !== String(principal.userId)) throw notFound();
    const r = new BodyReader(request.body, ["localeCode"]);
    const code = r.string("localeCode", { required: true });
    const language = supportedLanguage(code);
    if (code !== undefined && !language)
      r.add({ propertyPath: "localeCode", message: "field.languageUnknown" });
    r.done();
    await storeUserLanguage(db, principal.userId, language!);
    return reply.code(204).send();
  });

  app.get("/api/v2/shop/customers/:id", async (request) => {
    const principal = requirePrincipal(request);
    const { id } = request.params as { id: string };
    // Only the signed-in customer's own record; colleagues are shop users (account API).
    if (id !== String(principal.userId)) throw notFound();
    return customerResource(db, principal.userId);
  });

  // Reading the address book is the Address book section (account spec 6): checkout is the
  // only other user of addresses, and MARKETING may do neither.
  app.get("/api/v2/shop/addresses", async (request) => {
    const principal = requirePrincipal(request);
    requireAbility(principal, "account.addressBook");
    const [rows, d] = await Promise.all([
      companyAddresses(db, principal.companyId),
      companyDefaults(db, principal.companyId),
    ]);
    return collection(rows.map((a) => addressResource(a, d)));
  });

  app.get("/api/v2/shop/addresses/:id", async (request) => {
    const principal = requirePrincipal(request);
    requireAbility(principal, "account.addressBook");
    const id = numericId((request.params as { id: string }).id);
    if (id === undefined) throw notFound();
    const row = await companyAddress(db, principal.companyId, id);
    if (!row) throw notFound();
    return addressResource(row, await companyDefaults(db, principal.companyId));
  });
}

export function addressResource(
  a: AddressRow,
  defaults: {
    default_billing_address_id: number | null;
    default_shipping_address_id: number | null;
  },
) {
  return {
    "@id": iri.address(a.id),
    "@type": "Address",
    id: a.id,
    ...addressSnapshot(a),
    isBilling: defaults.default_billing_address_id === a.id,
    isShipping: defaults.default_shipping_address_id === a.id,
  };
}
