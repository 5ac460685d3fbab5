import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { collection, iri } from "../iri.js";
import { notFound } from "../problem.js";
import { paging } from "../validate.js";

/** Countries, channels, currencies, payment and shipping methods: reference data. */
export function registerReferenceRoutes(app: FastifyInstance, { db }: AppContext) {
  const countries = async (codes?: string[]) => {
    let q = db.selectFrom("countries").selectAll().where("enabled", "=", true).orderBy("name");
    if (codes) q = q.where("code", "in", codes);
    const rows = await q.execute();
    const provinces = rows.length
      ? await db
          .selectFrom("provinces")
          .selectAll()
          .where(
            "country_code",
            "in",
            rows.map((r) => r.code),
          )
          .orderBy("name")
          .execute()
      : [];
    return rows.map((c) => ({
      "@id": iri.country(c.code),
      "@type": "Country",
      code: c.code,
      name: c.name,
      emea: c.emea,
      provinces: provinces
        .filter((p) => p.country_code === c.code)
        .map((p) => ({ "@id": iri.province(p.code), code: p.code, name: p.name })),
    }));
  };

  app.get("/api/v2/shop/countries", async (request) => {
    const { page, itemsPerPage } = paging(request.query as Record<string, unknown>);
    const all = await countries();
    return collection(all.slice((page - 1) * itemsPerPage, page * itemsPerPage), all.length);
  });
  app.get("/api/v2/shop/countries/:code", async (request) => {
    const [country] = await countries([(request.params as { code: string }).code]);
    if (!country) throw notFound();
    return country;
  });

  const channelResource = (c: { code: string; name: string; base_currency_code: string }) => ({
    "@id": iri.channel(c.code),
    "@type": "Channel",
    code: c.code,
    name: c.name,
    baseCurrency: iri.currency(c.base_currency_code),
  });

  // A signed-in customer sees the channel of their company; visitors see every channel.
  app.get("/api/v2/shop/channels", async (request) => {
    let q = db.selectFrom("channels").selectAll().orderBy("code");
    if (request.principal) {
      q = q.where("code", "=", (eb) =>
        eb
          .selectFrom("companies")
          .select("channel_code")
          .where("id", "=", request.principal!.companyId),
      );
    }
    return collection((await q.execute()).map(channelResource));
  });
  app.get("/api/v2/shop/channels/:code", async (request) => {
    const row = await db
      .selectFrom("channels")
      .selectAll()
      .where("code", "=", (request.params as { code: string }).code)
      .executeTakeFirst();
    if (!row) throw notFound();
    return channelResource(row);
  });
  app.get("/api/v2/shop/currencies/:code", async (request) => {
    const row = await db
      .selectFrom("currencies")
      .selectAll()
      .where("code", "=", (request.params as { code: string }).code)
      .executeTakeFirst();
    if (!row) throw notFound();
    return { "@id": iri.currency(row.code), "@type": "Currency", code: row.code };
  });

  const paymentMethodResource = (m: {
    code: string;
    name: string;
    kind: string;
    position: number;
  }) => ({
    "@id": iri.paymentMethod(m.code),
    "@type": "PaymentMethod",
    code: m.code,
    name: m.name,
    kind: m.kind,
    position: m.position,
  });
  app.get("/api/v2/shop/payment-methods", async () => {
    const rows = await db
      .selectFrom("payment_methods")
      .selectAll()
      .where("enabled", "=", true)
      .orderBy("position")
      .execute();
    return collection(rows.map(paymentMethodResource));
  });
  app.get("/api/v2/shop/payment-methods/:code", async (request) => {
    const row = await db
      .selectFrom("payment_methods")
      .selectAll()
      .where("code", "=", (request.params as { code: string }).code)
      .where("enabled", "=", true)
      .executeTakeFirst();
    if (!row) throw notFound();
    return paymentMethodResource(row);
  });

  const shippingMethodResource = (m: { code: string; name: string; position: number }) => ({
    "@id": iri.shippingMethod(m.code),
    "@type": "ShippingMethod",
    code: m.code,
    name: m.name,
    position: m.position,
  });
  app.get("/api/v2/shop/shipping-methods", async () => {
    const rows = await db
      .selectFrom("shipping_methods")
      .selectAll()
      .where("enabled", "=", true)
      .orderBy("position")
      .execute();
    return collection(rows.map(shippingMethodResource));
  });
  app.get("/api/v2/shop/shipping-methods/:code", async (request) => {
    const row = await db
      .selectFrom("shipping_methods")
      .selectAll()
      .where("code", "=", (request.params as { code: string }).code)
      .where("enabled", "=", true)
      .executeTakeFirst();
    if (!row) throw notFound();
    return shippingMethodResource(row);
  });
}
