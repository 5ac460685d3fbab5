import { describe, expect, it } from "vitest";

import { BRAND_DEFAULT, products, taxons } from "../../server/db/seed/catalog.js";
import { badgeSvg, productSvg, shapeNameFor, taxonSvg } from "../../server/db/seed/svg.js";
import { catalogueTranslations, TRANSLATED_LANGUAGES } from "../../server/db/seed/translations.js";

const HOME_COLLECTIONS = [
  "eye-skincare",
  "bear-body",
  "anti-aging",
  "pore-care",
  "facelift-skincare",
  "luna-devices",
];

const taxonCodes = new Set(taxons.map((t) => t.code));
const productCodes = new Set(products.map((p) => p.code));
const allVariants = products.flatMap((p) => p.variants);

function childrenOf(parent: string): string[] {
  return taxons.filter((t) => t.parent === parent).map((t) => t.code);
}

function productsIn(taxon: string): string[] {
  return products.filter((p) => p.taxons.includes(taxon)).map((p) => p.code);
}

function isValidEan13(ean: string): boolean {
  if (!/^\d{13}$/.test(ean)) return false;
  const digits = [...ean].map(Number);
  const sum = digits.slice(0, 12).reduce((acc, digit, i) => acc + digit * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

describe("seed catalogue: identity", () => {
  it("has a default brand name", () => {
    expect(BRAND_DEFAULT).toBe("Lumé Atelier");
  });

  it("has unique taxon, product and variant codes", () => {
    expect(taxonCodes.size).toBe(taxons.length);
    expect(productCodes.size).toBe(products.length);
    expect(new Set(allVariants.map((v) => v.code)).size).toBe(allVariants.length);
    expect(new Set(allVariants.map((v) => v.ean)).size).toBe(allVariants.length);
  });

  it("uses kebab-case taxon codes and UPPER-KEBAB product and variant codes", () => {
    for (const t of taxons) expect(t.code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const p of products) expect(p.code).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)*$/);
    for (const v of allVariants) expect(v.code).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)*$/);
  });

  it("has valid EAN-13 check digits", () => {
    for (const v of allVariants) expect(isValidEan13(v.ean), `${v.code} ${v.ean}`).toBe(true);
  });
});

describe("seed catalogue: taxon tree", () => {
  it("has a single root called catalog", () => {
    expect(taxons.filter((t) => t.parent === null).map((t) => t.code)).toEqual(["catalog"]);
  });

  it("references existing parents only", () => {
    for (const t of taxons) {
      if (t.parent !== null) expect(taxonCodes.has(t.parent), t.code).toBe(true);
    }
  });

  it("places the special taxons directly under catalog", () => {
    const top = childrenOf("catalog");
    for (const code of ["navigation", "treatments", "outlet", "bestsellers", "home"]) {
      expect(top).toContain(code);
    }
  });

  it("has exactly the fixed home collections", () => {
    expect(childrenOf("home").sort()).toEqual([...HOME_COLLECTIONS].sort());
  });
});

describe("seed catalogue: products", () => {
  it("has at least 66 products", () => {
    expect(products.length).toBeGreaterThanOrEqual(66);
  });

  it("references existing taxons and related products only", () => {
    for (const p of products) {
      expect(p.taxons).toContain(p.mainTaxon);
      for (const code of p.taxons) expect(taxonCodes.has(code), `${p.code} -> ${code}`).toBe(true);
      for (const code of p.related) {
        expect(productCodes.has(code), `${p.code} -> ${code}`).toBe(true);
        expect(code).not.toBe(p.code);
      }
      expect(p.related.length).toBeLessThanOrEqual(4);
    }
  });

  it("has at least 40 products with 2-4 related products", () => {
    const withRelated = products.filter((p) => p.related.length >= 2 && p.related.length <= 4);
    expect(withRelated.length).toBeGreaterThanOrEqual(40);
  });

  it("has at least 6 navigation categories with at least 8 products each", () => {
    const categories = childrenOf("navigation");
    expect(categories.length).toBeGreaterThanOrEqual(6);
    for (const c of categories) expect(productsIn(c).length, c).toBeGreaterThanOrEqual(8);
    for (const p of products) expect(categories, p.code).toContain(p.mainTaxon);
  });

  it("has exactly 3 treatments with 3-6 products each", () => {
    const treatments = childrenOf("treatments");
    expect(treatments).toHaveLength(3);
    for (const t of treatments) {
      expect(productsIn(t).length, t).toBeGreaterThanOrEqual(3);
      expect(productsIn(t).length, t).toBeLessThanOrEqual(6);
      const description = taxons.find((x) => x.code === t)?.description ?? "";
      expect(description).toMatch(/<p>|<ul>|<strong>/);
    }
  });

  it("has at least 10 bestsellers and 6 outlet products marked as sale", () => {
    expect(productsIn("bestsellers").length).toBeGreaterThanOrEqual(10);
    const outlet = products.filter((p) => p.taxons.includes("outlet"));
    expect(outlet.length).toBeGreaterThanOrEqual(6);
    for (const p of outlet) expect(p.badge, p.code).toBe("sale");
  });

  it("has 4-10 products in each home collection", () => {
    for (const code of HOME_COLLECTIONS) {
      expect(productsIn(code).length, code).toBeGreaterThanOrEqual(4);
      expect(productsIn(code).length, code).toBeLessThanOrEqual(10);
    }
  });

  it("has between 1 and 3 variants per product", () => {
    for (const p of products) {
      expect(p.variants.length, p.code).toBeGreaterThanOrEqual(1);
      expect(p.variants.length, p.code).toBeLessThanOrEqual(3);
    }
  });

  it("has sane prices, stocks and weights", () => {
    for (const v of allVariants) {
      for (const n of [v.priceEur, v.rrpEur, v.priceUsd, v.rrpUsd, v.stock, v.weightGrams]) {
        expect(Number.isInteger(n), v.code).toBe(true);
      }
      expect(v.priceEur, v.code).toBeGreaterThan(0);
      expect(v.rrpEur, v.code).toBeGreaterThan(v.priceEur);
      expect(v.rrpUsd, v.code).toBeGreaterThan(v.priceUsd);
      expect(v.priceUsd, v.code).toBeGreaterThan(v.priceEur);
      expect(v.stock, v.code).toBeGreaterThanOrEqual(0);
      expect(v.weightGrams, v.code).toBeGreaterThan(0);
    }
  });

  it("has a sold-out travel case", () => {
    const travelCase = products.find((p) => p.code === "TRAVEL-CASE-CLASSIC");
    expect(travelCase?.variants).toHaveLength(1);
    expect(travelCase?.variants[0]?.code).toBe("TRAVEL-CASE-CLASSIC-BLACK");
    expect(travelCase?.variants[0]?.stock).toBe(0);
    const soldOut = products.filter((p) => p.variants.every((v) => v.stock === 0));
    expect(soldOut.map((p) => p.code)).toEqual(["TRAVEL-CASE-CLASSIC"]);
  });

  it("contains the fixture products the other tests depend on", () => {
    const find = (code: string) => products.find((p) => p.code === code);
    expect(find("GLOW-MINI")?.variants.map((v) => v.code)).toEqual([
      "GLOW-MINI-ROSE",
      "GLOW-MINI-MINT",
      "GLOW-MINI-PEARL",
    ]);
    expect(find("GLOW-MINI")?.taxons).toContain("bestsellers");
    expect(find("GLOW-MINI")?.mainTaxon).toBe("facial-cleansing");
    expect(find("SONIC-BRUSH-PRO")?.mainTaxon).toBe("oral-care");
    expect(find("SONIC-BRUSH-PRO")?.taxons).toContain("bestsellers");
    expect(find("SONIC-BRUSH-PRO")?.variants[0]?.code).toBe("SONIC-BRUSH-PRO-WHITE");
    expect(find("FIRM-LIFT-SERUM")?.variants).toEqual([
      expect.objectContaining({
        code: "FIRM-LIFT-SERUM-30ML",
        priceEur: 1900,
        rrpEur: 3900,
        priceUsd: 2090,
        rrpUsd: 4290,
      }),
    ]);
    const wand = find("EYE-REVIVE-WAND");
    expect(wand?.mainTaxon).toBe("skincare-devices");
    expect(wand?.taxons).toEqual(expect.arrayContaining(["eye-skincare", "anti-aging"]));
    expect(wand?.variants.map((v) => v.code)).toContain("EYE-REVIVE-WAND-GOLD");
  });
});

describe("seed artwork", () => {
  const samples = [
    ...products.map((p) => productSvg(p.code, p.name)),
    ...taxons.map((t) => taxonSvg(t.code, t.name)),
    badgeSvg("new"),
    badgeSvg("bestseller"),
    badgeSvg("sale"),
  ];

  it("produces standalone SVG documents under 4 KB", () => {
    for (const svg of samples) {
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg.endsWith("</svg>")).toBe(true);
      expect(svg).not.toMatch(/<script|href=|@import|url\((?!#)/i);
      expect(byteLength(svg)).toBeLessThan(4096);
    }
  });

  it("uses the expected view boxes", () => {
    expect(productSvg("X", "X")).toContain('viewBox="0 0 600 600"');
    expect(taxonSvg("x", "X")).toContain('viewBox="0 0 1200 600"');
    expect(badgeSvg("sale")).toContain('viewBox="0 0 120 120"');
  });

  it("draws a cover without words when asked (decision 030)", () => {
    const cover = taxonSvg("eye-skincare", "Eye skincare", { label: false });
    expect(cover).not.toContain("<text");
    expect(cover).toContain("<title>Eye skincare</title>");
    expect(taxonSvg("eye-skincare", "Eye skincare")).toContain(">Eye skincare</text>");
  });

  it("draws travel cases and pouches as a zip case, not as a toothbrush (issue 17)", () => {
    expect(shapeNameFor("TRAVEL-CASE-CLASSIC", "Travel Case Classic")).toBe("case");
    expect(shapeNameFor("SONIC-TRAVEL-CASE", "Sonic Brush Travel Case")).toBe("case");
    expect(shapeNameFor("TRAVEL-POUCH-VEGAN-LEATHER", "Vegan Leather Travel Pouch")).toBe("case");
    const picture = productSvg("TRAVEL-CASE-CLASSIC", "Travel Case Classic");
    expect(picture).toContain("stroke-dasharray");
    expect(picture).not.toContain('width="32" height="56"');
    // Products without a keyword keep the picture they had.
    expect(shapeNameFor("SONIC-BRUSH-PRO", "Sonic Brush Pro")).toBe("brush");
    expect(shapeNameFor("GLOW-MINI", "Glow Mini Cleansing Device")).toBe("device");
  });

  it("is deterministic", () => {
    expect(productSvg("GLOW-MINI", "Glow Mini")).toBe(productSvg("GLOW-MINI", "Glow Mini"));
    expect(taxonSvg("outlet", "Outlet")).toBe(taxonSvg("outlet", "Outlet"));
  });

  it("escapes names", () => {
    const name = `A & B <x> "q" 'a'`;
    for (const svg of [productSvg("A-B", name), taxonSvg("a-b", name)]) {
      expect(svg).toContain("A &amp; B &lt;x&gt; &quot;q&quot; &apos;a&apos;");
      expect(svg).not.toContain("<x>");
      expect(byteLength(svg)).toBeLessThan(4096);
    }
  });

  it("stays under 4 KB for very long names", () => {
    const name = "Extraordinarily Long Product Name & Co. ".repeat(4);
    expect(byteLength(productSvg("LONG-NAME", name))).toBeLessThan(4096);
    expect(byteLength(taxonSvg("long-name", name))).toBeLessThan(4096);
  });
});

describe("seed catalogue: translations (decision 030)", () => {
  const variantNames = new Set(allVariants.map((v) => v.name));

  it.each(TRANSLATED_LANGUAGES)(
    "translates every taxon, product and variant name into %s",
    (lng) => {
      const texts = catalogueTranslations[lng];
      expect(Object.keys(texts.taxons).sort()).toEqual([...taxonCodes].sort());
      expect(Object.keys(texts.products).sort()).toEqual([...productCodes].sort());
      expect(Object.keys(texts.variants).sort()).toEqual([...variantNames].sort());
      for (const t of taxons) {
        const text = texts.taxons[t.code]!;
        expect(text.name.trim(), t.code).not.toBe("");
        expect(text.description.trim(), t.code).not.toBe("");
        // Rich descriptions keep their markup: the same tags in the same order.
        const tags = (html: string) => html.match(/<\/?[a-z]+>/g) ?? [];
        expect(tags(text.description), t.code).toEqual(tags(t.description));
      }
      for (const p of products) {
        const text = texts.products[p.code]!;
        expect(text.name.trim(), p.code).not.toBe("");
        // A description is written, not copied: never the English text.
        expect(text.description, p.code).not.toBe(p.description);
        expect(text.description.length, p.code).toBeGreaterThan(p.description.length * 0.7);
      }
    },
  );

  it("keeps each product's brand line in every language", () => {
    // The brand part of a name (Glow Mini, Firm Lift, Sonic Brush, ...) is not translated.
    const brandOf = (name: string) => name.split(" ")[0]!;
    const branded = products.filter((p) =>
      /^(Glow|Pure|Firm|Aura|Velvet|Silk|Sonic|Aqua|Bright|Contour|Hydra|Eye|Pore)\b/.test(p.name),
    );
    expect(branded.length).toBeGreaterThan(40);
    for (const lng of TRANSLATED_LANGUAGES)
      for (const p of branded)
        expect(catalogueTranslations[lng].products[p.code]!.name, `${lng} ${p.code}`).toMatch(
          new RegExp(`^${brandOf(p.name)}\\b`),
        );
  });
});
