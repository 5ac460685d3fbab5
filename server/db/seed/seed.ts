import { createHash, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { formatOrderNumber, paymentDueDate } from "../../domain/checkout.js";
import { computeTotals } from "../../domain/totals.js";
import { splitAmounts } from "../../domain/order-splitting.js";
import { hashPassword } from "../../core/password-hash.js";
import { addressColumns } from "../account/addresses.js";
import { newToken } from "../orders.js";
import type { AddressSnapshot, DB } from "../schema.js";
import { products, taxons } from "./catalog.js";
import { countries, provinces } from "./reference.js";
import { catalogueTranslations, TRANSLATED_LANGUAGES } from "./translations.js";
import { badgeSvg, productSvg, taxonSvg, variantSvg } from "./svg.js";

export const DEMO_PASSWORD = "partner-demo";

const TABLES = [
  "audit_events",
  "partner_applications",
  "support_requests",
  "shopping_list_items",
  "shopping_lists",
  "mail_outbox",
  "password_resets",
  "email_changes",
  "invitations",
  "staff_users",
  "idempotency_keys",
  "shipments",
  "payments",
  "order_items",
  "orders",
  "coupons",
  "shipping_methods",
  "payment_methods",
  "shop_users",
  "addresses",
  "companies",
  "variant_price_tiers",
  "variant_prices",
  "product_variant_translations",
  "product_variants",
  "product_associations",
  "product_taxons",
  "product_images",
  "product_translations",
  "products",
  "taxon_translations",
  "taxons",
  "media",
  "price_lists",
  "provinces",
  "countries",
  "channels",
  "currencies",
];

/** True when the database has no demo data yet (a fresh install). */
export async function isEmpty(db: Kysely<DB>) {
  const row = await db
    .selectFrom("channels")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/**
 * Replaces everything with the demo data: catalogue, two companies with their users,
 * addresses and order history. Deterministic apart from timestamps, which are relative to now.
 */
export async function seed(db: Kysely<DB>, opts: { brandName: string; now?: Date }) {
  const now = opts.now ?? new Date();
  await db.transaction().execute(async (tx) => {
    await sql.raw(`truncate ${TABLES.join(", ")} restart identity cascade`).execute(tx);
    await sql`alter sequence order_number_seq restart with 100001`.execute(tx);
    await seedReference(tx);
    await seedCatalogue(tx, opts.brandName);
    await seedCompanies(tx, now);
    await seedBackOffice(tx, now);
  });
}

export const STAFF_EMAIL = "staff@brand.example";

/**
 * The brand's side and the account extras: a staff account, saved lists, a pending
 * invitation and a partner application awaiting review.
 */
async function seedBackOffice(tx: Kysely<DB>, now: Date) {
  await tx
    .insertInto("staff_users")
    .values({
      email: STAFF_EMAIL,
      password_hash: await hashPassword(DEMO_PASSWORD),
      first_name: "Sofia",
      last_name: "Brandt",
    })
    .execute();
  const spa = await tx
    .selectFrom("companies")
    .select("id")
    .where("name", "=", "Demo Spa GmbH")
    .executeTakeFirstOrThrow();
  const buyer = await tx
    .selectFrom("shop_users")
    .select("id")
    .where("email", "=", "buyer@demo-spa.example")
    .executeTakeFirstOrThrow();
  const lists = [
    {
      name: "Spring restock",
      items: [
        ["GLOW-MINI-ROSE", 24],
        ["FIRM-LIFT-SERUM-30ML", 48],
        ["SONIC-BRUSH-PRO-WHITE", 12],
      ],
    },
    {
      name: "Treatment room essentials",
      items: [
        ["EYE-REVIVE-WAND-GOLD", 6],
        ["FIRM-LIFT-SERUM-30ML", 24],
      ],
    },
  ] as const;
  for (const list of lists) {
    const row = await tx
      .insertInto("shopping_lists")
      .values({
        company_id: spa.id,
        shop_user_id: buyer.id,
        name: list.name,
        created_at: new Date(now.getTime() - 7 * 86_400_000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("shopping_list_items")
      .values(
        list.items.map(([code, quantity], position) => ({
          shopping_list_id: row.id,
          variant_code: code,
          quantity,
          position,
        })),
      )
      .execute();
  }
  // An invited colleague who has not registered yet: Pending in the team list.
  const pending = await tx
    .insertInto("shop_users")
    .values({
      company_id: spa.id,
      email: "new.colleague@demo-spa.example",
      roles: ["ROLE_COMPANY_COMMERCIAL"],
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await tx
    .insertInto("invitations")
    .values({
      shop_user_id: pending.id,
      // The hash of a token nobody holds: the demo invitation is pending, not usable.
      token_hash: createHash("sha256").update(randomBytes(16)).digest("hex"),
      expires_at: new Date(now.getTime() + 7 * 86_400_000),
    })
    .execute();
  // A junior buyer with spending limits (issue 21, part 1; decision 043): an order of theirs
  // over 1,000.00 EUR, or beyond 3,000.00 EUR in a calendar month, waits for an ADMIN's approval.
  await tx
    .insertInto("shop_users")
    .values({
      company_id: spa.id,
      email: "junior.buyer@demo-spa.example",
      password_hash: await hashPassword(DEMO_PASSWORD),
      first_name: "Mia",
      last_name: "Wagner",
      phone_number: "+49 30 1234570",
      job_title: "Junior buyer",
      roles: ["ROLE_COMPANY_COMMERCIAL"],
      order_limit: 100_000,
      monthly_limit: 300_000,
    })
    .execute();
  await tx
    .insertInto("partner_applications")
    .values({
      email: "owner@glow-studio.example",
      company_name: "Glow Studio SARL",
      country_code: "FR",
      payload: JSON.stringify({
        companyName: "Glow Studio SARL",
        customerType: "professional-spa-and-clinic",
        corporateRegistrationNumber: null,
        taxNumber: "FR12345678901",
        jobTitle: "Founder",
        relationships: {
          default_contact: {
            name: "Camille",
            surname: "Laurent",
            email: "owner@glow-studio.example",
            phone: "+33 1 23 45 67 89",
            type: "primary",
          },
          billing_address: {
            country: "FR",
            street: "12 rue de la Paix",
            post_code: "75002",
            town: "Paris",
            company: "Glow Studio SARL",
            name: "Camille",
            surname: "Laurent",
            email: "owner@glow-studio.example",
            phone_number: "+33 1 23 45 67 89",
          },
        },
        evaluation: JSON.stringify({
          type_of_business: "b2c",
          company_status: "existing",
          business_model: "professional-spa-and-clinic",
          trading_countries: ["FR"],
          already_have_product_in_stock: "NO",
        }),
      }),
      created_at: new Date(now.getTime() - 2 * 86_400_000),
    })
    .execute();
}

async function seedReference(tx: Kysely<DB>) {
  await tx
    .insertInto("currencies")
    .values([{ code: "EUR" }, { code: "USD" }])
    .execute();
  await tx
    .insertInto("channels")
    .values([
      { code: "EU_WHOLESALE", name: "Europe wholesale", base_currency_code: "EUR" },
      { code: "US_WHOLESALE", name: "North America wholesale", base_currency_code: "USD" },
    ])
    .execute();
  await tx
    .insertInto("price_lists")
    .values([
      { code: "EUR_CONTRACT", name: "Partner contract prices (EUR)", currency_code: "EUR" },
      { code: "USD_CONTRACT", name: "Partner contract prices (USD)", currency_code: "USD" },
    ])
    .execute();
  await tx
    .insertInto("countries")
    .values(
      countries.map((c) => ({ code: c.code, name: c.name, emea: c.emea, tax_rate_bp: c.taxBp })),
    )
    .execute();
  await tx
    .insertInto("provinces")
    .values(provinces.map((p) => ({ code: p.code, country_code: p.countryCode, name: p.name })))
    .execute();
  await tx
    .insertInto("payment_methods")
    .values([
      { code: "adyen_card", name: "Credit card", kind: "card", position: 0 },
      { code: "invoice", name: "Bank transfer on invoice", kind: "invoice", position: 1 },
    ])
    .execute();
  await tx
    .insertInto("shipping_methods")
    .values([{ code: "air_freight", name: "Air freight (7-10 business days)", position: 0 }])
    .execute();
  await tx
    .insertInto("coupons")
    .values([
      {
        code: "WELCOME10",
        name: "Welcome: 10% off the order",
        percentage_bp: 1000,
        usage_limit: null,
      },
    ])
    .execute();
}

/** The variants that get a picture of their own: those of products with several (decision 051). */
function withOwnPictures(list: typeof products) {
  return list.flatMap((p) => (p.variants.length > 1 ? p.variants.map((v) => ({ p, v })) : []));
}

const svg = (path: string, body: string) => ({
  path,
  content_type: "image/svg+xml",
  body: new TextEncoder().encode(body),
});

async function seedCatalogue(tx: Kysely<DB>, brandName: string) {
  const brand = (text: string) => text.replaceAll("Lumé Atelier", brandName);
  const taxonImage = new Set(
    taxons.filter((t) => t.parent && t.parent !== "catalog").map((t) => t.code),
  );
  await tx
    .insertInto("media")
    .values([
      ...products.map((p) => svg(`/media/products/${p.code}.svg`, productSvg(p.code, p.name))),
      // A variant of a product with several has its own picture (decision 051).
      ...withOwnPictures(products).map(({ p, v }) =>
        svg(`/media/products/${v.code}.svg`, variantSvg(p, v)),
      ),
      ...[...taxonImage].map((code) =>
        // Covers carry no words: the name beside them is in the reader's language.
        svg(
          `/media/taxons/${code}.svg`,
          taxonSvg(code, taxons.find((t) => t.code === code)!.name, { label: false }),
        ),
      ),
      ...(["new", "bestseller", "sale"] as const).map((k) =>
        svg(`/media/badges/${k}.svg`, badgeSvg(k)),
      ),
    ])
    .execute();
  // Parents first: the tree is inserted in an order where each parent already exists.
  const ordered = [...taxons].sort((a, b) => depth(a.code) - depth(b.code));
  for (const t of ordered) {
    await tx
      .insertInto("taxons")
      .values({
        code: t.code,
        parent_code: t.parent,
        name: t.name,
        description: brand(t.description),
        position: t.position,
        image_path: taxonImage.has(t.code) ? `/media/taxons/${t.code}.svg` : null,
      })
      .execute();
  }
  await tx
    .insertInto("products")
    .values(
      products.map((p, n) => ({
        code: p.code,
        name: p.name,
        slug: p.code.toLowerCase(),
        description: brand(p.description),
        main_taxon_code: p.mainTaxon,
        position: n,
      })),
    )
    .execute();
  await tx
    .insertInto("product_images")
    .values(
      products.flatMap((p) => [
        { product_code: p.code, type: "main", path: `/media/products/${p.code}.svg`, position: 0 },
        ...(p.badge
          ? [
              {
                product_code: p.code,
                type: "badge",
                path: `/media/badges/${p.badge}.svg`,
                position: 1,
              },
            ]
          : []),
      ]),
    )
    .execute();
  await tx
    .insertInto("product_taxons")
    .values(
      products.flatMap((p, n) =>
        p.taxons.map((t) => ({ product_code: p.code, taxon_code: t, position: n })),
      ),
    )
    .execute();
  const associations = products.flatMap((p) =>
    p.related.map((r, n) => ({
      product_code: p.code,
      type: "related",
      associated_code: r,
      position: n,
    })),
  );
  if (associations.length)
    await tx.insertInto("product_associations").values(associations).execute();
  const variants = products.flatMap((p) => p.variants.map((v, n) => ({ p, v, n })));
  await tx
    .insertInto("product_variants")
    .values(
      variants.map(({ p, v, n }) => ({
        code: v.code,
        product_code: p.code,
        name: v.name,
        position: n,
        ean: v.ean,
        weight_grams: v.weightGrams,
        on_hand: v.stock,
      })),
    )
    .execute();
  await tx
    .insertInto("product_images")
    .values(
      withOwnPictures(products).map(({ p, v }) => ({
        product_code: p.code,
        variant_code: v.code,
        type: "main",
        path: `/media/products/${v.code}.svg`,
        position: 0,
      })),
    )
    .execute();
  // Outlet prices are reductions: the list price before the reduction is kept as originalPrice.
  const outlet = (p: (typeof products)[number], price: number) =>
    p.taxons.includes("outlet") ? Math.round((price * 1.25) / 10) * 10 : price;
  await tx
    .insertInto("variant_prices")
    .values(
      variants.flatMap(({ p, v }) => [
        {
          price_list_code: "EUR_CONTRACT",
          variant_code: v.code,
          price: v.priceEur,
          original_price: outlet(p, v.priceEur),
          rrp_price: v.rrpEur,
        },
        {
          price_list_code: "USD_CONTRACT",
          variant_code: v.code,
          price: v.priceUsd,
          original_price: outlet(p, v.priceUsd),
          rrp_price: v.rrpUsd,
        },
      ]),
    )
    .execute();
  // Volume prices for Demo Spa GmbH's price list (decision 040): the first tier is the
  // entry's own price.
  await tx
    .insertInto("variant_price_tiers")
    .values(
      demoVolumePrices.flatMap(({ variant, tiers }) => {
        const base = variants.find(({ v }) => v.code === variant)!.v.priceEur;
        return [[1, base] as const, ...tiers].map(([minQuantity, price]) => ({
          price_list_code: "EUR_CONTRACT",
          variant_code: variant,
          min_quantity: minQuantity,
          price,
        }));
      }),
    )
    .execute();
  await seedCatalogueTranslations(tx, brand);
}

/**
 * The demo volume prices in EUR_CONTRACT (Demo Spa GmbH's list), after the first tier (1 unit
 * at the entry's price): the example on the sculpting cream (1-11 at 24.00, 12-47 at
 * 22.50, 48+ at 21.00) and two consumables spas buy by the box.
 */
const demoVolumePrices: { variant: string; tiers: (readonly [number, number])[] }[] = [
  {
    variant: "FIRM-LIFT-CREAM-50ML",
    tiers: [
      [12, 2250],
      [48, 2100],
    ],
  },
  {
    variant: "PORE-CLAY-MASK-75ML",
    tiers: [
      [12, 1390],
      [48, 1290],
    ],
  },
  {
    variant: "EYE-REVIVE-PATCHES-30-PAIRS",
    tiers: [
      [24, 1100],
      [96, 1020],
    ],
  },
];

/**
 * The catalogue's texts in French, German, Italian and Spanish (decision 030), from the data
 * files in ./translations/: a row per product, variant and taxon and language that has one.
 */
async function seedCatalogueTranslations(tx: Kysely<DB>, brand: (text: string) => string) {
  for (const locale of TRANSLATED_LANGUAGES) {
    const texts = catalogueTranslations[locale];
    const taxonRows = taxons.flatMap((t) => {
      const text = texts.taxons[t.code];
      return text
        ? [{ taxon_code: t.code, locale, name: text.name, description: brand(text.description) }]
        : [];
    });
    const productRows = products.flatMap((p) => {
      const text = texts.products[p.code];
      return text
        ? [{ product_code: p.code, locale, name: text.name, description: brand(text.description) }]
        : [];
    });
    const variantRows = products.flatMap((p) =>
      p.variants.flatMap((v) => {
        const name = texts.variants[v.name];
        return name ? [{ variant_code: v.code, locale, name }] : [];
      }),
    );
    if (taxonRows.length) await tx.insertInto("taxon_translations").values(taxonRows).execute();
    if (productRows.length)
      await tx.insertInto("product_translations").values(productRows).execute();
    if (variantRows.length)
      await tx.insertInto("product_variant_translations").values(variantRows).execute();
  }
}

function depth(code: string): number {
  let d = 0;
  let t = taxons.find((x) => x.code === code);
  while (t?.parent) {
    d++;
    t = taxons.find((x) => x.code === t!.parent);
  }
  return d;
}

interface DemoCompany {
  name: string;
  legalName: string;
  email: string;
  phone: string;
  taxNumber: string | null;
  registrationNumber: string | null;
  channel: string;
  priceList: string;
  currency: "EUR" | "USD";
  minimalOrderValue: number;
  agent: { name: string; email: string };
  addresses: Omit<AddressSnapshot, "provinceName">[];
  users: {
    email: string;
    firstName: string;
    lastName: string;
    jobTitle: string;
    roles: string[];
    phone: string;
  }[];
}

const demoCompanies: DemoCompany[] = [
  {
    name: "Demo Spa GmbH",
    legalName: "Demo Spa Wellness GmbH",
    email: "office@demo-spa.example",
    phone: "+49 30 1234567",
    taxNumber: "DE123456789",
    registrationNumber: "HRB 123456 B",
    channel: "EU_WHOLESALE",
    priceList: "EUR_CONTRACT",
    currency: "EUR",
    minimalOrderValue: 50_000,
    agent: { name: "Clara Weiss", email: "clara.weiss@lume-atelier.example" },
    addresses: [
      {
        firstName: "Anna",
        lastName: "Becker",
        company: "Demo Spa GmbH",
        street: "Friedrichstraße 120",
        city: "Berlin",
        postcode: "10117",
        countryCode: "DE",
        provinceCode: null,
        phoneNumber: "+49 30 1234567",
        email: "office@demo-spa.example",
      },
      {
        firstName: "Jonas",
        lastName: "Keller",
        company: "Demo Spa GmbH (Hamburg studio)",
        street: "Jungfernstieg 7",
        city: "Hamburg",
        postcode: "20354",
        countryCode: "DE",
        provinceCode: null,
        phoneNumber: "+49 40 7654321",
        email: "hamburg@demo-spa.example",
      },
    ],
    users: [
      {
        email: "admin@demo-spa.example",
        firstName: "Anna",
        lastName: "Becker",
        jobTitle: "Managing director",
        roles: ["ROLE_COMPANY_ADMIN"],
        phone: "+49 30 1234567",
      },
      {
        email: "buyer@demo-spa.example",
        firstName: "Jonas",
        lastName: "Keller",
        jobTitle: "Purchasing",
        roles: ["ROLE_COMPANY_COMMERCIAL"],
        phone: "+49 30 1234568",
      },
      {
        email: "marketing@demo-spa.example",
        firstName: "Lea",
        lastName: "Hoffmann",
        jobTitle: "Marketing",
        roles: ["ROLE_COMPANY_MARKETING"],
        phone: "+49 30 1234569",
      },
    ],
  },
  {
    name: "Demo Retail Inc.",
    legalName: "Demo Retail Incorporated",
    email: "office@demo-retail.example",
    phone: "+1 212 555 0100",
    taxNumber: null,
    registrationNumber: "NY-4481230",
    channel: "US_WHOLESALE",
    priceList: "USD_CONTRACT",
    currency: "USD",
    minimalOrderValue: 55_000,
    agent: { name: "Michael Grant", email: "michael.grant@lume-atelier.example" },
    addresses: [
      {
        firstName: "Rachel",
        lastName: "Moore",
        company: "Demo Retail Inc.",
        street: "350 Fifth Avenue",
        city: "New York",
        postcode: "10118",
        countryCode: "US",
        provinceCode: "US-NY",
        phoneNumber: "+1 212 555 0100",
        email: "office@demo-retail.example",
      },
      {
        firstName: "Daniel",
        lastName: "Ortiz",
        company: "Demo Retail Inc. (West Coast DC)",
        street: "2100 E 7th Street",
        city: "Los Angeles",
        postcode: "90021",
        countryCode: "US",
        provinceCode: "US-CA",
        phoneNumber: "+1 213 555 0142",
        email: "dc@demo-retail.example",
      },
    ],
    users: [
      {
        email: "admin@demo-retail.example",
        firstName: "Rachel",
        lastName: "Moore",
        jobTitle: "Owner",
        roles: ["ROLE_COMPANY_ADMIN"],
        phone: "+1 212 555 0100",
      },
    ],
  },
];

/** Past orders of each company: [state, paymentState, shippingState, age in days, lines]. */
const history: [string, string, string, number][] = [
  ["completed", "paid", "shipped", 160],
  ["fulfilled", "paid", "shipped", 140],
  ["invoiced", "paid", "shipped", 120],
  ["shipped", "paid", "shipped", 95],
  ["cancelled", "cancelled", "cancelled", 80],
  ["approved", "partially_paid", "ready", 60],
  ["waiting", "awaiting_payment", "ready", 45],
  ["payment missing", "awaiting_payment", "ready", 30],
  ["new", "awaiting_payment", "ready", 12],
  ["new", "awaiting_payment", "ready", 3],
  ["shipped", "paid", "shipped", 20], // split into two orders below
];

async function seedCompanies(tx: Kysely<DB>, now: Date) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const provinceName = (code: string | null) =>
    provinces.find((p) => p.code === code)?.name ?? null;
  for (const [ci, c] of demoCompanies.entries()) {
    const company = await tx
      .insertInto("companies")
      .values({
        name: c.name,
        legal_name: c.legalName,
        email: c.email,
        phone: c.phone,
        tax_number: c.taxNumber,
        registration_number: c.registrationNumber,
        channel_code: c.channel,
        price_list_code: c.priceList,
        currency_code: c.currency,
        minimal_order_value: c.minimalOrderValue,
        sales_agent_name: c.agent.name,
        sales_agent_email: c.agent.email,
      })
      .returning(["id", "payment_terms_days"])
      .executeTakeFirstOrThrow();
    const addressIds: number[] = [];
    for (const a of c.addresses) {
      const row = await tx
        .insertInto("addresses")
        .values({
          company_id: company.id,
          ...addressColumns({ ...a, provinceName: provinceName(a.provinceCode) }),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      addressIds.push(row.id);
    }
    await tx
      .updateTable("companies")
      .set({
        default_billing_address_id: addressIds[0]!,
        default_shipping_address_id: addressIds[1]!,
      })
      .where("id", "=", company.id)
      .execute();
    const userIds: number[] = [];
    for (const u of c.users) {
      const row = await tx
        .insertInto("shop_users")
        .values({
          company_id: company.id,
          email: u.email,
          password_hash: passwordHash,
          first_name: u.firstName,
          last_name: u.lastName,
          phone_number: u.phone,
          job_title: u.jobTitle,
          roles: u.roles,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      userIds.push(row.id);
    }
    const billing = {
      ...c.addresses[0]!,
      provinceName: provinceName(c.addresses[0]!.provinceCode),
    };
    const shippingAddress = {
      ...c.addresses[1]!,
      provinceName: provinceName(c.addresses[1]!.provinceCode),
    };
    const tax = countries.find((x) => x.code === shippingAddress.countryCode)!.taxBp;
    for (const [n, [state, paymentState, shippingState, age]] of history.entries()) {
      // Lines are picked deterministically from the in-stock catalogue, 3 to 6 per order.
      const picks = [0, 1, 2, 3, 4, 5]
        .slice(0, 3 + ((n + ci) % 4))
        .map((k) => products[(n * 7 + k * 11 + ci * 5) % products.length]!)
        .map((p) => p.variants.find((v) => v.stock > 0) ?? p.variants[0]!);
      const unique = [...new Map(picks.map((v) => [v.code, v])).values()];
      const lines = unique.map((v, k) => ({
        variant: v,
        quantity: 10 + ((n * 3 + k * 5) % 40),
        unitPrice: c.currency === "EUR" ? v.priceEur : v.priceUsd,
        rrp: c.currency === "EUR" ? v.rrpEur : v.rrpUsd,
      }));
      const split = n === history.length - 1;
      const groups = split
        ? [lines.slice(0, Math.ceil(lines.length / 2)), lines.slice(Math.ceil(lines.length / 2))]
        : [lines];
      const created = new Date(now.getTime() - age * 86_400_000);
      let parentId: number | null = null;
      let parentNumber = "";
      // The order is priced whole; a split order's parts share its amounts (decision 028).
      const whole = computeTotals({
        lines: lines.map((l) => ({
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          weightGrams: l.variant.weightGrams,
        })),
        promotionBp: n === 3 ? 1000 : 0,
        shippingCountry: shippingAddress.countryCode,
        taxRateBp: tax,
      });
      const shares = splitAmounts(
        lines.map((l, k) => ({
          id: k,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          total: whole.lines[k]!.total,
          taxTotal: whole.lines[k]!.taxTotal,
        })),
        whole,
        groups.map((group) =>
          group.map((l) => ({ itemId: lines.indexOf(l), quantity: l.quantity })),
        ),
      );
      for (const [g, group] of groups.entries()) {
        const totals = shares[g]!;
        const seq =
          g === 0
            ? (await sql<{ n: number }>`select nextval('order_number_seq')::int as n`.execute(tx))
                .rows[0]!.n
            : 0;
        const number = g === 0 ? formatOrderNumber(seq) : `${parentNumber}-${g + 1}`;
        if (g === 0) parentNumber = number;
        const order = await tx
          .insertInto("orders")
          .values({
            token_value: newToken(),
            number,
            company_id: company.id,
            shop_user_id: userIds[n % userIds.length]!,
            state,
            checkout_state: "completed",
            payment_state: paymentState,
            shipping_state: shippingState,
            currency_code: c.currency,
            notes: n === 1 ? "Please deliver to the back entrance before 10 am." : null,
            coupon_code: n === 3 ? "WELCOME10" : null,
            billing_address: JSON.stringify(billing),
            shipping_address: JSON.stringify(shippingAddress),
            items_subtotal: totals.itemsSubtotal,
            items_total: totals.itemsTotal,
            shipping_total: totals.shippingTotal,
            shipping_tax_total: totals.shippingTaxTotal,
            tax_total: totals.taxTotal,
            order_promotion_total: totals.orderPromotionTotal,
            total: totals.total,
            minimal_order_value: c.minimalOrderValue,
            parent_order_id: parentId,
            split_index: split ? g + 1 : null,
            split_count: split ? groups.length : null,
            created_at: created,
            updated_at: created,
            checkout_completed_at: created,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        if (g === 0) parentId = order.id;
        await tx
          .insertInto("order_items")
          .values(
            group.map((l, k) => {
              const p = products.find((x) => x.variants.includes(l.variant))!;
              const t = totals.lines[k]!;
              return {
                order_id: order.id,
                variant_code: l.variant.code,
                product_code: p.code,
                product_name: p.name,
                variant_name: l.variant.name,
                quantity: l.quantity,
                unit_price: l.unitPrice,
                original_unit_price: l.rrp,
                discounted_unit_price: t.discountedUnitPrice,
                subtotal: t.subtotal,
                total: t.total,
                tax_total: t.taxTotal,
                position: k,
              };
            }),
          )
          .execute();
        // As at checkout: a card is charged before the order is placed, so only a paid order was
        // paid by card; an order still (partly) open is an invoice, due by the company's payment
        // terms after it was placed (the same rule as a real order, issue 30).
        const method = paymentState === "paid" && n % 3 === 0 ? "adyen_card" : "invoice";
        const due = paymentDueDate(
          created,
          method === "adyen_card" ? "card" : "invoice",
          company.payment_terms_days,
        );
        const paymentRows =
          paymentState === "partially_paid"
            ? [
                { state: "completed", amount: Math.floor(totals.total / 2) },
                { state: "new", amount: totals.total - Math.floor(totals.total / 2) },
              ]
            : [
                {
                  state:
                    ({ paid: "completed", cancelled: "cancelled" } as Record<string, string>)[
                      paymentState
                    ] ?? "new",
                  amount: totals.total,
                },
              ];
        await tx
          .insertInto("payments")
          .values(
            paymentRows.map((p) => ({
              order_id: order.id,
              method_code: method,
              state: p.state,
              amount: p.amount,
              currency_code: c.currency,
              due_date: due,
              created_at: created,
              updated_at:
                p.state === "completed" ? new Date(created.getTime() + 5 * 86_400_000) : created,
            })),
          )
          .execute();
        await tx
          .insertInto("shipments")
          .values({ order_id: order.id, method_code: "air_freight", state: shippingState })
          .execute();
      }
    }
  }
}
