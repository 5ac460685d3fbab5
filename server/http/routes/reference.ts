import type { FastifyInstance } from "fastify";
import {
  enabledPaymentMethod,
  enabledPaymentMethods,
  enabledShippingMethod,
  enabledShippingMethods,
  findChannel,
  findChannels,
  findCountries,
  findCurrency,
} from "../../db/reference-data.js";
import { countryName } from "../../../rules/format.js";
import type { AppContext } from "../context.js";
import { languageOf } from "../problem.js";
import { paging } from "../validate.js";
import { collection, iri } from "../../core/iri.js";
import { notFound } from "../../core/problem.js";

/** Countries, channels, currencies, payment and shipping methods: reference data. */
export function registerReferenceRoutes(app: FastifyInstance, { db }: AppContext) {
  // Country names in the caller's language (issue 30): "Deutschland", "Allemagne", "Germany".
  const countries = async (language: string, codes?: string[]) => {
    const { countries: rows, provinces } = await findCountries(db, codes);
    return (
      rows
        .map((c) => ({
          "@id": iri.country(c.code),
          "@type": "Country",
          code: c.code,
          name: countryName(c.code, language),
          emea: c.emea,
          provinces: provinces
            .filter((p) => p.country_code === c.code)
            .map((p) => ({ "@id": iri.province(p.code), code: p.code, name: p.name })),
        }))
        // In the order of the reader's alphabet ("Allemagne" before "Australie").
        .sort((a, b) => a.name.localeCompare(b.name, language))
    );
  };

  app.get("/api/v2/shop/countries", async (request, reply) => {
    const { page, itemsPerPage } = paging(request.query as Record<string, unknown>);
    reply.header("vary", "Locale, Accept-Language");
    const all = await countries(languageOf(request));
    return collection(all.slice((page - 1) * itemsPerPage, page * itemsPerPage), all.length);
  });
  app.get("/api/v2/shop/countries/:code", async (request, reply) => {
    reply.header("vary", "Locale, Accept-Language");
    const [country] = await countries(languageOf(request), [
      (request.params as { code: string }).code,
    ]);
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
    const rows = await findChannels(db, request.principal?.companyId);
    return collection(rows.map(channelResource));
  });
  app.get("/api/v2/shop/channels/:code", async (request) => {
    const row = await findChannel(db, (request.params as { code: string }).code);
    if (!row) throw notFound();
    return channelResource(row);
  });
  app.get("/api/v2/shop/currencies/:code", async (request) => {
    const row = await findCurrency(db, (request.params as { code: string }).code);
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
    const rows = await enabledPaymentMethods(db);
    return collection(rows.map(paymentMethodResource));
  });
  app.get("/api/v2/shop/payment-methods/:code", async (request) => {
    const row = await enabledPaymentMethod(db, (request.params as { code: string }).code);
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
    const rows = await enabledShippingMethods(db);
    return collection(rows.map(shippingMethodResource));
  });
  app.get("/api/v2/shop/shipping-methods/:code", async (request) => {
    const row = await enabledShippingMethod(db, (request.params as { code: string }).code);
    if (!row) throw notFound();
    return shippingMethodResource(row);
  });
}
