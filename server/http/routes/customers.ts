import type { FastifyInstance } from "fastify";
import type { AddressRow } from "../../db/schema.js";
import {
  requirePrincipal,
  signToken,
  TOKEN_COOKIE,
  TOKEN_TTL_SECONDS,
  verifyPassword,
} from "../auth.js";
import type { AppContext } from "../context.js";
import { collection, iri, numericId } from "../iri.js";
import { notFound, unauthorized } from "../problem.js";
import { BodyReader } from "../validate.js";

export function registerCustomerRoutes(app: FastifyInstance, { db, config }: AppContext) {
  app.post("/api/v2/shop/customers/token", async (request, reply) => {
    const r = new BodyReader(request.body, ["email", "password"]);
    const email = r.string("email", { required: true, email: true });
    const password =
      typeof r.raw("password") === "string" ? (r.raw("password") as string) : undefined;
    if (!password) r.add({ propertyPath: "password", message: "field.required" });
    r.done();
    const user = await db
      .selectFrom("shop_users")
      .innerJoin("companies", "companies.id", "shop_users.company_id")
      .select([
        "shop_users.id",
        "shop_users.password_hash",
        "shop_users.enabled",
        "companies.enabled as company_enabled",
      ])
      .where((eb) => eb(eb.fn("lower", ["shop_users.email"]), "=", email!.toLowerCase()))
      .executeTakeFirst();
    const ok = await verifyPassword(password!, user?.password_hash ?? null);
    if (!user || !ok || !user.enabled || !user.company_enabled)
      throw unauthorized("error.invalidCredentials");
    const token = await signToken(config.jwtSecret, user.id);
    reply.setCookie(TOKEN_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.env === "production",
      maxAge: TOKEN_TTL_SECONDS,
    });
    return { token, customer: iri.customer(user.id) };
  });

  app.get("/api/v2/shop/customers/:id", async (request) => {
    const principal = requirePrincipal(request);
    const { id } = request.params as { id: string };
    // Only the signed-in customer's own record; colleagues are shop users (account API).
    if (id !== String(principal.userId)) throw notFound();
    const row = await db
      .selectFrom("shop_users as u")
      .innerJoin("companies as c", "c.id", "u.company_id")
      .select([
        "u.id",
        "u.email",
        "u.first_name",
        "u.last_name",
        "u.phone_number",
        "u.job_title",
        "u.roles",
        "c.name as company_name",
        "c.tax_number",
        "c.currency_code",
        "c.minimal_order_value",
        "c.channel_code",
        "c.default_billing_address_id",
        "c.default_shipping_address_id",
        "c.sales_agent_name",
        "c.sales_agent_email",
      ])
      .where("u.id", "=", principal.userId)
      .executeTakeFirstOrThrow();
    const colleagues = await db
      .selectFrom("shop_users")
      .select("id")
      .where("company_id", "=", principal.companyId)
      .orderBy("id")
      .execute();
    const fullName = [row.first_name, row.last_name].filter(Boolean).join(" ");
    return {
      "@id": iri.customer(row.id),
      "@type": "Customer",
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      fullName,
      phoneNumber: row.phone_number,
      jobTitle: row.job_title,
      companyName: row.company_name,
      taxNumber: row.tax_number,
      currencyCode: row.currency_code,
      minimalOrderValue: row.minimal_order_value,
      channel: iri.channel(row.channel_code),
      defaultBillingAddress: row.default_billing_address_id
        ? iri.address(row.default_billing_address_id)
        : null,
      defaultShippingAddress: row.default_shipping_address_id
        ? iri.address(row.default_shipping_address_id)
        : null,
      userRoles: row.roles,
      shopUserId: row.id,
      shopUsers: colleagues.map((c) => iri.shopUser(c.id)),
      personResponsible: { name: row.sales_agent_name, email: row.sales_agent_email },
    };
  });

  const defaults = async (companyId: number) =>
    db
      .selectFrom("companies")
      .select(["default_billing_address_id", "default_shipping_address_id"])
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow();

  app.get("/api/v2/shop/addresses", async (request) => {
    const principal = requirePrincipal(request);
    const [rows, d] = await Promise.all([
      db
        .selectFrom("addresses")
        .selectAll()
        .where("company_id", "=", principal.companyId)
        .orderBy("id")
        .execute(),
      defaults(principal.companyId),
    ]);
    return collection(rows.map((a) => addressResource(a, d)));
  });

  app.get("/api/v2/shop/addresses/:id", async (request) => {
    const principal = requirePrincipal(request);
    const id = numericId((request.params as { id: string }).id);
    if (id === undefined) throw notFound();
    const row = await db
      .selectFrom("addresses")
      .selectAll()
      .where("id", "=", id)
      .where("company_id", "=", principal.companyId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return addressResource(row, await defaults(principal.companyId));
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
    firstName: a.first_name,
    lastName: a.last_name,
    phoneNumber: a.phone_number,
    company: a.company,
    countryCode: a.country_code,
    provinceCode: a.province_code,
    provinceName: a.province_name,
    street: a.street,
    city: a.city,
    postcode: a.postcode,
    email: a.email,
    isBilling: defaults.default_billing_address_id === a.id,
    isShipping: defaults.default_shipping_address_id === a.id,
  };
}
