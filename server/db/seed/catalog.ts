// Seed catalogue for the wholesale partner portal.
//
// Pure data: a fictional, brand-neutral range of beauty and oral-care devices, skincare and
// accessories. Products are written as compact rows and expanded by `product()` below, which
// derives variant SKUs, RRPs, USD prices and valid EAN-13 codes deterministically.

export interface SeedTaxon {
  code: string;
  name: string;
  description: string;
  parent: string | null;
  position: number;
}

export interface SeedVariant {
  code: string;
  name: string;
  priceEur: number;
  rrpEur: number;
  priceUsd: number;
  rrpUsd: number;
  stock: number;
  weightGrams: number;
  ean: string;
}

export interface SeedProduct {
  code: string;
  name: string;
  description: string;
  mainTaxon: string;
  taxons: string[];
  variants: SeedVariant[];
  related: string[];
  badge: "new" | "bestseller" | "sale" | null;
}

export const BRAND_DEFAULT = "Lumé Atelier";

// ---------------------------------------------------------------------------------------------
// Taxons
// ---------------------------------------------------------------------------------------------

export const taxons: SeedTaxon[] = [
  {
    code: "catalog",
    name: "Catalog",
    description: "The complete wholesale range available to approved partners.",
    parent: null,
    position: 0,
  },
  {
    code: "navigation",
    name: "Shop by category",
    description: "Browse the range by product family.",
    parent: "catalog",
    position: 0,
  },
  {
    code: "facial-cleansing",
    name: "Facial cleansing",
    description:
      "Sonic cleansing devices and the cleansers, balms and powders designed to pair with them.",
    parent: "navigation",
    position: 0,
  },
  {
    code: "skincare-devices",
    name: "Skincare devices",
    description:
      "Microcurrent, LED, radio-frequency and thermal tools that bring treatment-room results " +
      "to the daily routine.",
    parent: "navigation",
    position: 1,
  },
  {
    code: "skincare",
    name: "Skincare",
    description:
      "Serums, creams and masks formulated to work alongside our devices. Dermatologically " +
      "tested and fragrance-free unless stated otherwise.",
    parent: "navigation",
    position: 2,
  },
  {
    code: "oral-care",
    name: "Oral care",
    description: "Sonic toothbrushes, water flossers, replacement heads and whitening care.",
    parent: "navigation",
    position: 3,
  },
  {
    code: "body-care",
    name: "Body care",
    description: "Devices and textures for smooth, firm and radiant skin from the neck down.",
    parent: "navigation",
    position: 4,
  },
  {
    code: "accessories",
    name: "Accessories",
    description:
      "Travel cases, chargers, stands and salon essentials, plus point-of-sale material for " +
      "retail partners.",
    parent: "navigation",
    position: 5,
  },
  {
    code: "treatments",
    name: "Treatments",
    description: "Curated device-and-skincare protocols for spa menus and clinic treatment rooms.",
    parent: "catalog",
    position: 1,
  },
  {
    code: "treatment-deep-cleanse",
    name: "Deep cleanse ritual",
    description:
      "<p>A <strong>30-minute</strong> clarifying protocol for congested and combination " +
      "skin.</p><ul><li>Sonic double cleanse</li><li>Pore vacuum and clay mask</li>" +
      "<li>Balancing finish</li></ul>",
    parent: "treatments",
    position: 0,
  },
  {
    code: "treatment-firming",
    name: "Firming & lifting ritual",
    description:
      "<p>A <strong>45-minute</strong> microcurrent facial that visibly lifts and " +
      "defines.</p><ul><li>Conductive gel prep</li><li>Microcurrent contouring</li>" +
      "<li>Peptide serum infusion</li></ul>",
    parent: "treatments",
    position: 1,
  },
  {
    code: "treatment-glow",
    name: "Radiance ritual",
    description:
      "<p>A <strong>40-minute</strong> brightening treatment for dull, tired " +
      "complexions.</p><ul><li>Vitamin C infusion</li><li>LED light therapy</li>" +
      "<li>Radiant oil massage</li></ul>",
    parent: "treatments",
    position: 2,
  },
  {
    code: "bestsellers",
    name: "Bestsellers",
    description: "The products our partners reorder most often.",
    parent: "catalog",
    position: 2,
  },
  {
    code: "outlet",
    name: "Outlet",
    description: "Discontinued colours and end-of-line stock at reduced wholesale prices.",
    parent: "catalog",
    position: 3,
  },
  {
    code: "home",
    name: "Home collections",
    description: "Featured collections shown on the portal home page.",
    parent: "catalog",
    position: 4,
  },
  {
    code: "eye-skincare",
    name: "Eye skincare",
    description: "Wands, creams and patches that target puffiness, dark circles and fine lines.",
    parent: "home",
    position: 0,
  },
  {
    code: "bear-body",
    name: "Bare body",
    description: "Smoothing, exfoliating and hair-removal essentials for bare-skin confidence.",
    parent: "home",
    position: 1,
  },
  {
    code: "anti-aging",
    name: "Anti-aging",
    description: "Clinically inspired tools and actives for firmer, smoother-looking skin.",
    parent: "home",
    position: 2,
  },
  {
    code: "pore-care",
    name: "Pore care",
    description: "Everything for clear, refined pores, from sonic cleansing to clay masks.",
    parent: "home",
    position: 3,
  },
  {
    code: "facelift-skincare",
    name: "Facelift skincare",
    description: "Non-invasive lifting devices and sculpting textures for a defined contour.",
    parent: "home",
    position: 4,
  },
  {
    code: "luna-devices",
    name: "Cleansing devices",
    description: "Our full family of silicone sonic cleansing devices.",
    parent: "home",
    position: 5,
  },
];

// ---------------------------------------------------------------------------------------------
// Product rows and helpers
// ---------------------------------------------------------------------------------------------

type Badge = SeedProduct["badge"];

/** [SKU suffix, variant name, wholesale EUR cents, stock, shipping weight g, RRP EUR override] */
type VariantRow = [
  suffix: string,
  name: string,
  priceEur: number,
  stock: number,
  weightGrams: number,
  rrpEur?: number,
];

interface ProductRow {
  code: string;
  name: string;
  main: string;
  /** Extra taxons besides the main one: bestsellers, outlet, treatments, home collections. */
  tags?: string[];
  badge?: Badge;
  description: string;
  variants: VariantRow[];
  related?: string[];
}

/** Recommended retail price: about 2.05x wholesale, rounded to a retail-friendly price point. */
function rrpFor(priceEur: number): number {
  const raw = priceEur * 2.05;
  return raw < 2000 ? Math.round(raw / 100) * 100 - 10 : Math.round(raw / 500) * 500 - 100;
}

/**
 * USD price: 1.08x the EUR price, rounded up to a .x9 ending below USD 20 and to a .90 ending
 * from USD 20 upwards (e.g. EUR 19.00 -> USD 20.90, EUR 12.00 -> USD 12.99).
 */
function usdFor(eurCents: number): number {
  const scaled = eurCents * 108; // USD cents x 100, kept integral to avoid float drift
  return scaled < 200000
    ? Math.ceil((scaled - 900) / 1000) * 10 + 9
    : Math.ceil((scaled - 9000) / 10000) * 100 + 90;
}

/** Appends the EAN-13 check digit to a 12-digit body. */
function ean13(body: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    sum += (body.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** Fictional GS1 company prefix shared by every item in the range. */
const EAN_PREFIX = "4067891";

function product(row: ProductRow, index: number): SeedProduct {
  return {
    code: row.code,
    name: row.name,
    description: row.description,
    mainTaxon: row.main,
    taxons: [...new Set([row.main, ...(row.tags ?? [])])],
    variants: row.variants.map(([suffix, name, priceEur, stock, weightGrams, rrp], v) => {
      const rrpEur = rrp ?? rrpFor(priceEur);
      const item = String(index + 1).padStart(3, "0") + String(v + 1).padStart(2, "0");
      return {
        code: `${row.code}-${suffix}`,
        name,
        priceEur,
        rrpEur,
        priceUsd: usdFor(priceEur),
        rrpUsd: usdFor(rrpEur),
        stock,
        weightGrams,
        ean: ean13(EAN_PREFIX + item),
      };
    }),
    related: row.related ?? [],
    badge: row.badge ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Products (append new rows at the end to keep existing EAN codes stable)
// ---------------------------------------------------------------------------------------------

const rows: ProductRow[] = [
  // --- Facial cleansing -----------------------------------------------------------------------
  {
    code: "GLOW-MINI",
    name: "Glow Mini Sonic Cleansing Device",
    main: "facial-cleansing",
    tags: ["bestsellers", "treatment-deep-cleanse", "pore-care", "luna-devices"],
    badge: "bestseller",
    description:
      "A palm-sized silicone cleansing device with 8,000 sonic pulsations per minute. Soft " +
      "touch-points lift away make-up, sunscreen and impurities in 60 seconds. One charge lasts " +
      "up to 200 uses and the body is fully waterproof.",
    variants: [
      ["ROSE", "Rose", 4900, 1840, 210],
      ["MINT", "Mint", 4900, 960, 210],
      ["PEARL", "Pearl", 4900, 14, 210],
    ],
    related: ["PURE-FOAM-CLEANSER", "TRAVEL-CASE-CLASSIC", "DEVICE-CLEANSING-SPRAY"],
  },
  {
    code: "GLOW-PRO",
    name: "Glow Pro Sonic Cleansing Device",
    main: "facial-cleansing",
    tags: ["bestsellers", "pore-care", "luna-devices"],
    description:
      "Our most advanced cleansing device, with 16 intensity levels and a dedicated anti-aging " +
      "massage side. An app-free skin timer guides each zone of the face. Ideal for retail " +
      "counters and spa take-home programmes.",
    variants: [
      ["BLUSH", "Blush", 8900, 620, 320],
      ["GRAPHITE", "Graphite", 8900, 410, 320],
    ],
    related: ["GLOW-MINI", "PURE-CLEANSING-BALM", "TRAVEL-CASE-CLASSIC"],
  },
  {
    code: "GLOW-MEN",
    name: "Glow Men Cleansing & Shave Prep Device",
    main: "facial-cleansing",
    tags: ["luna-devices"],
    description:
      "A cleansing device with firmer, longer touch-points that reach through stubble. Use it " +
      "before shaving to lift hairs and reduce irritation. Matte slate finish with a magnetic " +
      "charging port.",
    variants: [["SLATE", "Slate", 7900, 380, 300]],
    related: ["PURE-GEL-CLEANSER", "SILK-SHAVE-OIL"],
  },
  {
    code: "GLOW-GO",
    name: "Glow Go Travel Cleansing Device",
    main: "facial-cleansing",
    tags: ["luna-devices"],
    badge: "new",
    description:
      "A slim travel-size cleanser that slips into any wash bag. Two speeds, a one-minute timer " +
      "and a battery that lasts a full month between charges.",
    variants: [
      ["LAVENDER", "Lavender", 3400, 1150, 160],
      ["SKY", "Sky", 3400, 870, 160],
    ],
    related: ["GLOW-MINI", "PURE-MICELLAR-WATER", "TRAVEL-POUCH-VEGAN-LEATHER"],
  },
  {
    code: "HALO-BRUSH-CLEANSER",
    name: "Halo Rotating Facial Brush",
    main: "facial-cleansing",
    tags: ["outlet", "luna-devices"],
    badge: "sale",
    description:
      "A rotating facial brush with two interchangeable bristle heads for normal and sensitive " +
      "skin. This coral edition is end-of-line and offered at a reduced partner price while " +
      "stock lasts.",
    variants: [["CORAL", "Coral", 2900, 240, 280]],
    related: ["GLOW-MINI", "PURE-FOAM-CLEANSER"],
  },
  {
    code: "PORE-VAC-CLARIFIER",
    name: "Pore Vacuum Clarifier",
    main: "facial-cleansing",
    tags: ["treatment-deep-cleanse", "pore-care"],
    badge: "new",
    description:
      "Gentle suction with three interchangeable tips draws out blackheads and excess sebum. " +
      "A built-in blue light ring helps calm the skin after extraction. Designed for use after " +
      "steaming or a warm cleanse.",
    variants: [["WHITE", "White", 5900, 460, 340]],
    related: ["PORE-CLAY-MASK", "PORE-REFINE-TONER", "GLOW-MINI"],
  },
  {
    code: "PURE-FOAM-CLEANSER",
    name: "Pure Micro-Foam Cleanser",
    main: "facial-cleansing",
    tags: ["treatment-deep-cleanse", "pore-care"],
    description:
      "A low-pH cleansing foam that creates a dense, cushioning lather on any silicone device. " +
      "Amino-acid surfactants cleanse thoroughly without stripping the skin barrier.",
    variants: [["150ML", "150 ml", 1200, 2300, 210]],
    related: ["GLOW-MINI", "PORE-REFINE-TONER"],
  },
  {
    code: "PURE-CLEANSING-BALM",
    name: "Pure Melting Cleansing Balm",
    main: "facial-cleansing",
    tags: ["bestsellers"],
    description:
      "A sorbet-textured balm that melts into a silky oil and dissolves long-wear make-up and " +
      "SPF. It rinses clean with water, leaving skin soft and comfortable. The perfect first " +
      "step of a double cleanse.",
    variants: [["100ML", "100 ml", 1400, 1600, 180]],
    related: ["PURE-FOAM-CLEANSER", "GLOW-PRO", "REUSABLE-CLEANSING-PADS"],
  },
  {
    code: "PURE-ENZYME-POWDER",
    name: "Pure Enzyme Exfoliating Powder",
    main: "facial-cleansing",
    tags: ["pore-care"],
    description:
      "A water-activated rice and papaya enzyme powder for a gentle daily polish. It smooths " +
      "texture and brightens without grains or harsh acids.",
    variants: [["60G", "60 g", 1300, 940, 110]],
    related: ["PURE-FOAM-CLEANSER", "PORE-CLAY-MASK"],
  },
  {
    code: "PURE-GEL-CLEANSER",
    name: "Pure Gentle Gel Cleanser",
    main: "facial-cleansing",
    tags: ["outlet"],
    badge: "sale",
    description:
      "A clear, fragrance-free gel cleanser for sensitive and reactive skin. This is the " +
      "previous packaging design, offered at outlet pricing until sold through.",
    variants: [
      ["150ML", "150 ml", 950, 520, 200],
      ["300ML", "300 ml", 1600, 180, 360],
    ],
    related: ["GLOW-MEN", "HYDRA-BARRIER-CREAM"],
  },
  {
    code: "PURE-MICELLAR-WATER",
    name: "Pure Micellar Cleansing Water",
    main: "facial-cleansing",
    description:
      "A no-rinse micellar water that lifts make-up and impurities in one sweep. Enriched with " +
      "panthenol to soothe, it is suitable for the delicate eye area.",
    variants: [["200ML", "200 ml", 900, 3100, 250]],
    related: ["REUSABLE-CLEANSING-PADS", "PURE-CLEANSING-BALM"],
  },
  {
    code: "GLOW-MINI-STARTER-SET",
    name: "Glow Mini Starter Set",
    main: "facial-cleansing",
    description:
      "A gift-boxed set with the Glow Mini device and a full-size Pure Micro-Foam Cleanser. A " +
      "ready-made retail bundle for holiday and gifting displays.",
    variants: [
      ["ROSE", "Rose", 5900, 320, 420],
      ["MINT", "Mint", 5900, 180, 420],
    ],
    related: ["GLOW-MINI", "PURE-FOAM-CLEANSER", "COUNTER-TESTER-DISPLAY"],
  },

  // --- Skincare devices -----------------------------------------------------------------------
  {
    code: "EYE-REVIVE-WAND",
    name: "Eye Revive Warming Eye Wand",
    main: "skincare-devices",
    tags: ["treatment-firming", "eye-skincare", "anti-aging"],
    description:
      "A slim wand that combines gentle warmth with T-sonic pulsations to help eye creams absorb. " +
      "Regular use visibly reduces puffiness and the look of fine lines. The polished tip stays " +
      "at a comfortable 42 °C.",
    variants: [
      ["GOLD", "Gold", 4500, 780, 160],
      ["SILVER", "Silver", 4500, 340, 160],
    ],
    related: ["EYE-REVIVE-CREAM", "EYE-REVIVE-PATCHES", "EYE-COOL-PEN"],
  },
  {
    code: "FIRM-LIFT-MICROCURRENT",
    name: "Firm Lift Microcurrent Toning Device",
    main: "skincare-devices",
    tags: ["bestsellers", "treatment-firming", "anti-aging", "facelift-skincare"],
    badge: "bestseller",
    description:
      "Low-level microcurrent stimulates facial muscles for a lifted, sculpted look in five " +
      "minutes a day. Dual spherical electrodes glide along the jaw, cheeks and brow. Supplied " +
      "with a 100 ml conductive gel.",
    variants: [["CHAMPAGNE", "Champagne", 14900, 520, 420]],
    related: ["CONDUCTIVE-GEL", "FIRM-LIFT-SERUM", "FIRM-LIFT-CREAM"],
  },
  {
    code: "AURA-LED-MASK",
    name: "Aura LED Light Therapy Mask",
    main: "skincare-devices",
    tags: ["bestsellers", "treatment-glow", "anti-aging"],
    description:
      "A flexible silicone mask with 120 medical-grade LEDs in red, near-infrared and blue light. " +
      "Ten-minute sessions support collagen, calm redness and clarify blemishes. Hands-free and " +
      "rechargeable.",
    variants: [["WHITE", "White", 24900, 18, 890]],
    related: ["LED-MASK-STAND", "GLOW-VITAMIN-C-SERUM", "AURA-LED-WAND"],
  },
  {
    code: "AURA-LED-WAND",
    name: "Aura LED Spot Wand",
    main: "skincare-devices",
    tags: ["pore-care"],
    description:
      "A targeted LED wand with blue light for blemishes and red light for recovery. Its small " +
      "head treats chin, nose and forehead zones precisely.",
    variants: [
      ["WHITE", "White", 6900, 410, 190],
      ["BLUSH", "Blush", 6900, 260, 190],
    ],
    related: ["AURA-LED-MASK", "PORE-REFINE-TONER"],
  },
  {
    code: "VELVET-RF-LIFT",
    name: "Velvet RF Lifting Device",
    main: "skincare-devices",
    tags: ["anti-aging", "facelift-skincare"],
    badge: "new",
    description:
      "Multipolar radio-frequency heats the deeper layers of the skin to support firmness and " +
      "elasticity. Real-time temperature sensing keeps every session safe and comfortable. " +
      "Recommended for clinic take-home programmes.",
    variants: [["PEARL", "Pearl", 19900, 8, 560]],
    related: ["CONDUCTIVE-GEL", "FIRM-LIFT-CREAM", "FIRM-LIFT-MICROCURRENT"],
  },
  {
    code: "CRYO-ICE-GLOBES",
    name: "Cryo Facial Ice Globes",
    main: "skincare-devices",
    tags: ["eye-skincare", "facelift-skincare"],
    description:
      "A pair of chilled glass globes that de-puff, tighten and soothe. Keep them in the fridge " +
      "for an instant morning refresh or a cooling finish to any facial.",
    variants: [
      ["FROST", "Frost", 2900, 640, 380],
      ["ROSE", "Rose", 2900, 510, 380],
    ],
    related: ["EYE-REVIVE-PATCHES", "HYDRA-NANO-MISTER"],
  },
  {
    code: "THERMO-SERUM-INFUSER",
    name: "Thermo Serum Infuser",
    main: "skincare-devices",
    tags: ["treatment-glow"],
    description:
      "Warming and ionic modes help serums penetrate, while a cooling mode closes the routine. " +
      "The stainless-steel head is easy to sanitise between clients.",
    variants: [
      ["ROSE", "Rose", 7900, 300, 230],
      ["SAGE", "Sage", 7900, 220, 230],
    ],
    related: ["GLOW-VITAMIN-C-SERUM", "RETINAL-NIGHT-SERUM"],
  },
  {
    code: "SCULPT-ROLLER",
    name: "Sculpt Microcurrent Roller",
    main: "skincare-devices",
    tags: ["outlet", "facelift-skincare"],
    badge: "sale",
    description:
      "A solar-powered facial roller that delivers a gentle microcurrent as it glides. This gold " +
      "finish has been discontinued and is available in the outlet while stock lasts.",
    variants: [["GOLD", "Gold", 3900, 190, 240]],
    related: ["FIRM-LIFT-MICROCURRENT", "FIRM-LIFT-SERUM"],
  },
  {
    code: "HYDRA-NANO-MISTER",
    name: "Hydra Nano Facial Mister",
    main: "skincare-devices",
    description:
      "An ultrasonic mister that turns toner or water into a fine, cooling nano-mist. Refresh " +
      "make-up and hydrate on the go with a single button.",
    variants: [
      ["WHITE", "White", 2900, 1380, 150],
      ["PINK", "Pink", 2900, 990, 150],
    ],
    related: ["PORE-REFINE-TONER", "HYDRA-BARRIER-CREAM"],
  },
  {
    code: "EYE-COOL-PEN",
    name: "Eye Cool Sonic Pen",
    main: "skincare-devices",
    tags: ["eye-skincare"],
    description:
      "A cooling stainless-steel tip paired with soft sonic vibration to de-puff the under-eye " +
      "area. Pocket-sized and USB-C rechargeable.",
    variants: [["SILVER", "Silver", 3900, 450, 150]],
    related: ["EYE-REVIVE-WAND", "EYE-REVIVE-CREAM"],
  },
  {
    code: "ULTRASONIC-SKIN-SCRUBBER",
    name: "Ultrasonic Skin Scrubber",
    main: "skincare-devices",
    tags: ["treatment-deep-cleanse"],
    description:
      "A spatula-style device that uses ultrasonic vibration to lift dead cells and debris from " +
      "pores. Its lift mode helps push serums deeper after exfoliation.",
    variants: [["WHITE", "White", 4900, 370, 220]],
    related: ["PORE-VAC-CLARIFIER", "PORE-CLAY-MASK"],
  },
  {
    code: "FIRM-LIFT-NECK-DEVICE",
    name: "Firm Lift Neck & Décolleté Device",
    main: "skincare-devices",
    tags: ["facelift-skincare"],
    description:
      "A contoured head combines microcurrent, warmth and red LED for the neck and décolleté. " +
      "Three guided programmes target the jawline, neck and chest.",
    variants: [["CHAMPAGNE", "Champagne", 11900, 140, 390]],
    related: ["FIRM-LIFT-NECK-CREAM", "CONDUCTIVE-GEL"],
  },

  // --- Skincare -------------------------------------------------------------------------------
  {
    code: "FIRM-LIFT-SERUM",
    name: "Firm Lift Peptide Serum",
    main: "skincare",
    tags: ["bestsellers", "treatment-firming", "anti-aging", "facelift-skincare"],
    badge: "bestseller",
    description:
      "A lightweight serum with a peptide complex and plant-derived collagen boosters. It " +
      "visibly firms and smooths, and doubles as a conductive layer for microcurrent devices. " +
      "Fragrance-free and suitable for all skin types.",
    variants: [["30ML", "30 ml", 1900, 2650, 120, 3900]],
    related: ["FIRM-LIFT-MICROCURRENT", "FIRM-LIFT-CREAM", "EYE-REVIVE-WAND"],
  },
  {
    code: "FIRM-LIFT-CREAM",
    name: "Firm Lift Sculpting Cream",
    main: "skincare",
    tags: ["treatment-firming", "anti-aging", "facelift-skincare"],
    description:
      "A rich sculpting cream with peptides and shea butter to nourish and redefine contours. " +
      "It sinks in quickly and sits well under make-up.",
    variants: [["50ML", "50 ml", 2400, 1480, 230]],
    related: ["FIRM-LIFT-SERUM", "FIRM-LIFT-NECK-CREAM"],
  },
  {
    code: "FIRM-LIFT-NECK-CREAM",
    name: "Firm Lift Neck Cream",
    main: "skincare",
    description:
      "A targeted cream for the neck and décolleté that helps smooth horizontal lines. Apply " +
      "with upward strokes or pair with the Firm Lift Neck & Décolleté Device.",
    variants: [["50ML", "50 ml", 2200, 690, 220]],
    related: ["FIRM-LIFT-NECK-DEVICE", "FIRM-LIFT-CREAM"],
  },
  {
    code: "EYE-REVIVE-CREAM",
    name: "Eye Revive Caffeine Eye Cream",
    main: "skincare",
    tags: ["eye-skincare"],
    description:
      "A silky eye cream with caffeine and niacinamide to brighten dark circles. The cooling " +
      "metal applicator tip helps reduce morning puffiness.",
    variants: [["15ML", "15 ml", 1600, 1320, 90]],
    related: ["EYE-REVIVE-WAND", "EYE-REVIVE-PATCHES"],
  },
  {
    code: "EYE-REVIVE-PATCHES",
    name: "Eye Revive Hydrogel Patches",
    main: "skincare",
    tags: ["eye-skincare"],
    description:
      "Thirty pairs of hydrogel patches infused with hyaluronic acid and peptides. Apply for " +
      "twenty minutes before an event for a rested, smoother eye area.",
    variants: [["30-PAIRS", "30 pairs", 1200, 2100, 140]],
    related: ["EYE-REVIVE-CREAM", "CRYO-ICE-GLOBES"],
  },
  {
    code: "GLOW-VITAMIN-C-SERUM",
    name: "Glow Vitamin C Serum",
    main: "skincare",
    tags: ["bestsellers", "treatment-glow"],
    description:
      "A stabilised 15% vitamin C serum with ferulic acid that brightens and evens skin tone. " +
      "Airless packaging keeps the formula potent to the last drop.",
    variants: [["30ML", "30 ml", 2100, 3080, 120]],
    related: ["AURA-LED-MASK", "DAILY-SHIELD-SPF50", "THERMO-SERUM-INFUSER"],
  },
  {
    code: "PORE-REFINE-TONER",
    name: "Pore Refine BHA Toner",
    main: "skincare",
    tags: ["pore-care"],
    description:
      "A gentle 2% salicylic acid toner that unclogs pores and controls shine. Witch-hazel-free " +
      "and alcohol-free, it is suitable for daily use.",
    variants: [["150ML", "150 ml", 1300, 1760, 230]],
    related: ["PORE-CLAY-MASK", "PURE-FOAM-CLEANSER"],
  },
  {
    code: "PORE-CLAY-MASK",
    name: "Pore Detox Clay Mask",
    main: "skincare",
    tags: ["treatment-deep-cleanse", "pore-care"],
    description:
      "A creamy kaolin and green clay mask that draws out impurities in ten minutes. Added " +
      "allantoin keeps the skin calm and comfortable after rinsing.",
    variants: [["75ML", "75 ml", 1500, 1190, 160]],
    related: ["PORE-VAC-CLARIFIER", "PORE-REFINE-TONER", "ULTRASONIC-SKIN-SCRUBBER"],
  },
  {
    code: "HYDRA-BARRIER-CREAM",
    name: "Hydra Barrier Moisturiser",
    main: "skincare",
    tags: ["bestsellers"],
    badge: "bestseller",
    description:
      "A ceramide-rich daily moisturiser that restores the skin barrier and locks in hydration " +
      "for 48 hours. Its whipped texture suits both dry and combination skin.",
    variants: [
      ["50ML", "50 ml", 1900, 2840, 200],
      ["100ML", "100 ml", 3200, 960, 340],
    ],
    related: ["GLOW-VITAMIN-C-SERUM", "DAILY-SHIELD-SPF50", "HYDRA-NANO-MISTER"],
  },
  {
    code: "RETINAL-NIGHT-SERUM",
    name: "Night Renewal Retinal Serum",
    main: "skincare",
    tags: ["anti-aging"],
    badge: "new",
    description:
      "An encapsulated retinal serum that refines texture and softens lines overnight. A " +
      "squalane base keeps irritation low, making it suitable for retinoid beginners.",
    variants: [["30ML", "30 ml", 2900, 720, 120]],
    related: ["HYDRA-BARRIER-CREAM", "FIRM-LIFT-SERUM"],
  },
  {
    code: "DAILY-SHIELD-SPF50",
    name: "Daily Shield SPF 50 Fluid",
    main: "skincare",
    description:
      "An invisible, fast-absorbing broad-spectrum sunscreen fluid. No white cast and a soft " +
      "matte finish that works under make-up.",
    variants: [["50ML", "50 ml", 1400, 2210, 110]],
    related: ["GLOW-VITAMIN-C-SERUM", "HYDRA-BARRIER-CREAM"],
  },
  {
    code: "GLOW-SHEET-MASK-SET",
    name: "Glow Sheet Mask Set",
    main: "skincare",
    tags: ["outlet"],
    badge: "sale",
    description:
      "Five biocellulose sheet masks soaked in a niacinamide and vitamin C essence. This " +
      "seasonal gift edition is now available at outlet pricing.",
    variants: [["5-PACK", "5 masks", 1000, 430, 150]],
    related: ["GLOW-VITAMIN-C-SERUM", "SPA-HEADBAND"],
  },
  {
    code: "SILK-LIP-TREATMENT",
    name: "Silk Lip Treatment",
    main: "skincare",
    description:
      "A cushiony lip balm with plant oils and peptides that softens and plumps overnight. " +
      "Available clear or with a sheer rose tint.",
    variants: [
      ["CLEAR", "Clear", 900, 1650, 80],
      ["ROSE-TINT", "Rose tint", 900, 1120, 80],
    ],
  },

  // --- Oral care ------------------------------------------------------------------------------
  {
    code: "SONIC-BRUSH-PRO",
    name: "Sonic Brush Pro Toothbrush",
    main: "oral-care",
    tags: ["bestsellers"],
    badge: "bestseller",
    description:
      "A premium sonic toothbrush with 40,000 strokes per minute, five cleaning modes and a " +
      "pressure sensor. The slim aluminium handle lasts up to four weeks per charge. Supplied " +
      "with two brush heads and a travel case.",
    variants: [
      ["WHITE", "White", 6900, 2400, 340],
      ["BLACK", "Black", 6900, 1580, 340],
    ],
    related: ["SONIC-HEADS-SENSITIVE", "SONIC-CHARGING-STAND", "AQUA-FLOSS-JET"],
  },
  {
    code: "SONIC-BRUSH-ESSENTIAL",
    name: "Sonic Brush Essential Toothbrush",
    main: "oral-care",
    tags: ["bestsellers"],
    description:
      "Everyday sonic cleaning with two modes, a two-minute timer and a 30-second quadrant " +
      "pacer. A dependable entry price point for pharmacy and retail shelves.",
    variants: [
      ["WHITE", "White", 3500, 3100, 260],
      ["MINT", "Mint", 3500, 2200, 260],
    ],
    related: ["SONIC-HEADS-WHITENING", "ENAMEL-CARE-TOOTHPASTE"],
  },
  {
    code: "SONIC-BRUSH-KIDS",
    name: "Sonic Brush Kids Toothbrush",
    main: "oral-care",
    description:
      "A gentle sonic toothbrush sized for children aged three and up. Extra-soft bristles and " +
      "a musical two-minute timer make brushing fun.",
    variants: [
      ["BERRY", "Berry", 2900, 880, 210],
      ["OCEAN", "Ocean", 2900, 760, 210],
    ],
    related: ["SONIC-BRUSH-ESSENTIAL", "ENAMEL-CARE-TOOTHPASTE"],
  },
  {
    code: "SONIC-BRUSH-TRAVEL",
    name: "Sonic Brush Travel Toothbrush",
    main: "oral-care",
    description:
      "A compact sonic toothbrush that runs on one AAA battery and clips into its own case. " +
      "Perfect for gyms, hotels and overnight bags.",
    variants: [
      ["SAND", "Sand", 3900, 540, 220],
      ["NAVY", "Navy", 3900, 0, 220],
    ],
    related: ["SONIC-TRAVEL-CASE", "SONIC-HEADS-SENSITIVE"],
  },
  {
    code: "AQUA-FLOSS-JET",
    name: "Aqua Floss Water Flosser",
    main: "oral-care",
    tags: ["bestsellers"],
    badge: "bestseller",
    description:
      "A countertop water flosser with ten pressure settings and a 600 ml reservoir. It removes " +
      "plaque between teeth and along the gumline more comfortably than string floss. Includes " +
      "four colour-coded tips.",
    variants: [["WHITE", "White", 5900, 1270, 780]],
    related: ["AQUA-FLOSS-TIPS", "SONIC-BRUSH-PRO", "AQUA-FLOSS-MINI"],
  },
  {
    code: "AQUA-FLOSS-MINI",
    name: "Aqua Floss Cordless Mini",
    main: "oral-care",
    badge: "new",
    description:
      "A cordless, collapsible water flosser that fits in a toiletry bag. Three modes and a " +
      "waterproof body make it easy to use in the shower.",
    variants: [
      ["WHITE", "White", 4500, 600, 420],
      ["SAGE", "Sage", 4500, 450, 420],
    ],
    related: ["AQUA-FLOSS-TIPS", "AQUA-FLOSS-JET"],
  },
  {
    code: "SONIC-HEADS-SENSITIVE",
    name: "Sonic Sensitive Brush Heads",
    main: "oral-care",
    description:
      "Four replacement heads with ultra-soft tapered bristles for sensitive teeth and gums. " +
      "Fits every Sonic Brush handle.",
    variants: [["4-PACK", "4-pack", 1200, 4200, 60]],
    related: ["SONIC-BRUSH-PRO", "SONIC-HEADS-WHITENING"],
  },
  {
    code: "SONIC-HEADS-WHITENING",
    name: "Sonic Whitening Brush Heads",
    main: "oral-care",
    description:
      "Four replacement heads with a polishing cup that lifts surface stains from coffee and " +
      "tea. Fits every Sonic Brush handle.",
    variants: [["4-PACK", "4-pack", 1200, 3600, 60]],
    related: ["SONIC-BRUSH-ESSENTIAL", "BRIGHT-WHITENING-PEN"],
  },
  {
    code: "AQUA-FLOSS-TIPS",
    name: "Aqua Floss Replacement Tips",
    main: "oral-care",
    description:
      "Four classic jet tips for every Aqua Floss flosser. Replace every three months for best " +
      "hygiene.",
    variants: [["4-PACK", "4-pack", 900, 1900, 50]],
    related: ["AQUA-FLOSS-JET", "AQUA-FLOSS-MINI"],
  },
  {
    code: "BRIGHT-WHITENING-PEN",
    name: "Bright Whitening Pen",
    main: "oral-care",
    description:
      "A peroxide-free whitening gel in a precise brush pen. Paint on after brushing for a " +
      "visibly brighter smile in two weeks.",
    variants: [["2ML", "2 ml", 1400, 980, 40]],
    related: ["BRIGHT-LED-WHITENING-KIT", "SONIC-HEADS-WHITENING"],
  },
  {
    code: "ENAMEL-CARE-TOOTHPASTE",
    name: "Enamel Care Toothpaste",
    main: "oral-care",
    description:
      "A low-abrasion fluoride toothpaste with hydroxyapatite to strengthen enamel. Its fresh " +
      "mint flavour is free from sodium lauryl sulfate.",
    variants: [["75ML", "75 ml", 500, 4800, 110]],
    related: ["SONIC-BRUSH-ESSENTIAL", "SONIC-BRUSH-KIDS"],
  },
  {
    code: "BRIGHT-LED-WHITENING-KIT",
    name: "Bright LED Whitening Kit",
    main: "oral-care",
    tags: ["outlet"],
    badge: "sale",
    description:
      "A blue LED mouthpiece with three whitening gel syringes for a ten-day at-home programme. " +
      "The previous kit edition is available in the outlet at a reduced price.",
    variants: [["WHITE", "White", 4900, 210, 280]],
    related: ["BRIGHT-WHITENING-PEN", "SONIC-BRUSH-PRO"],
  },

  // --- Body care ------------------------------------------------------------------------------
  {
    code: "CONTOUR-BODY-MASSAGER",
    name: "Contour Body Massager",
    main: "body-care",
    tags: ["bear-body"],
    description:
      "A quiet percussion massager with four silicone heads for shoulders, legs and back. It " +
      "relieves tension after training and supports lymphatic drainage massage.",
    variants: [["SAND", "Sand", 8900, 260, 880]],
    related: ["FIRM-BODY-CONTOUR-CREAM", "RADIANT-BODY-OIL"],
  },
  {
    code: "SILK-IPL-HAIR-REMOVAL",
    name: "Silk IPL Hair Removal Device",
    main: "body-care",
    tags: ["bestsellers", "bear-body"],
    description:
      "An intense pulsed light device with a skin-tone sensor and 500,000 flashes. Visible " +
      "hair reduction after four treatments, with a precision window for face and bikini line. " +
      "Integrated cooling keeps each pulse comfortable.",
    variants: [["WHITE", "White", 18900, 410, 850]],
    related: ["VELVET-BODY-LOTION", "SILK-SHAVE-OIL", "SILK-SONIC-BODY-BRUSH"],
  },
  {
    code: "SILK-SONIC-BODY-BRUSH",
    name: "Silk Sonic Body Brush",
    main: "body-care",
    tags: ["bear-body"],
    description:
      "A large sonic body brush with a long detachable handle for hard-to-reach areas. Soft " +
      "silicone bristles exfoliate gently and prevent ingrown hairs.",
    variants: [
      ["STONE", "Stone", 4900, 520, 360],
      ["BLUSH", "Blush", 4900, 410, 360],
    ],
    related: ["VELVET-SUGAR-SCRUB", "VELVET-BODY-LOTION"],
  },
  {
    code: "VELVET-BODY-LOTION",
    name: "Velvet Body Lotion",
    main: "body-care",
    tags: ["bear-body"],
    description:
      "A fast-absorbing lotion with urea and squalane for soft, comfortable skin all day. The " +
      "delicate neroli scent suits spa retail.",
    variants: [["250ML", "250 ml", 1300, 1900, 310]],
    related: ["VELVET-SUGAR-SCRUB", "HAND-RENEW-CREAM"],
  },
  {
    code: "VELVET-SUGAR-SCRUB",
    name: "Velvet Sugar Body Scrub",
    main: "body-care",
    tags: ["bear-body"],
    description:
      "Fine cane sugar in a nourishing oil base buffs away dry skin. It melts into a silky milk " +
      "on contact with water and rinses clean.",
    variants: [["200ML", "200 ml", 1400, 1400, 290]],
    related: ["VELVET-BODY-LOTION", "SILK-SONIC-BODY-BRUSH"],
  },
  {
    code: "FIRM-BODY-CONTOUR-CREAM",
    name: "Firm Body Contour Cream",
    main: "body-care",
    description:
      "A caffeine and pink pepper cream that visibly firms thighs, hips and arms. Massage in " +
      "with the Contour Cupping Device for best results.",
    variants: [["200ML", "200 ml", 2200, 880, 280]],
    related: ["CONTOUR-CUPPING-DEVICE", "CONTOUR-BODY-MASSAGER"],
  },
  {
    code: "SILK-SHAVE-OIL",
    name: "Silk Shave Oil",
    main: "body-care",
    description:
      "A clear, lightweight shave oil that lets blades glide without nicks or razor burn. It " +
      "also works as a pre-shave for the face.",
    variants: [["100ML", "100 ml", 1100, 960, 150]],
    related: ["SILK-IPL-HAIR-REMOVAL", "GLOW-MEN"],
  },
  {
    code: "HAND-RENEW-CREAM",
    name: "Hand Renew Cream",
    main: "body-care",
    description:
      "A non-greasy hand cream with niacinamide to soften and even out the look of age spots. " +
      "A popular till-point item for salons and pharmacies.",
    variants: [["75ML", "75 ml", 900, 2600, 100]],
    related: ["VELVET-BODY-LOTION", "SILK-LIP-TREATMENT"],
  },
  {
    code: "SMOOTH-FOOT-FILE",
    name: "Smooth Electronic Foot File",
    main: "body-care",
    tags: ["outlet"],
    badge: "sale",
    description:
      "A rechargeable foot file with a rotating mineral roller that buffs away hard skin in " +
      "minutes. Last units of the first edition, offered at outlet pricing.",
    variants: [["WHITE", "White", 3500, 17, 260]],
    related: ["VELVET-BODY-LOTION", "HAND-RENEW-CREAM"],
  },
  {
    code: "CONTOUR-CUPPING-DEVICE",
    name: "Contour Vacuum Cupping Device",
    main: "body-care",
    description:
      "Electric cupping with adjustable suction and gentle warmth to smooth the look of " +
      "cellulite. Two cup sizes for body and décolleté.",
    variants: [["BLUSH", "Blush", 5900, 320, 300]],
    related: ["FIRM-BODY-CONTOUR-CREAM", "RADIANT-BODY-OIL"],
  },
  {
    code: "RADIANT-BODY-OIL",
    name: "Radiant Dry Body Oil",
    main: "body-care",
    tags: ["treatment-glow", "bear-body"],
    badge: "new",
    description:
      "A dry-touch oil with a subtle golden shimmer for luminous legs and shoulders. Absorbs " +
      "in seconds and leaves no residue on clothing.",
    variants: [["100ML", "100 ml", 1900, 1100, 190]],
    related: ["CONTOUR-BODY-MASSAGER", "VELVET-SUGAR-SCRUB"],
  },

  // --- Accessories ----------------------------------------------------------------------------
  {
    code: "TRAVEL-CASE-CLASSIC",
    name: "Travel Case Classic",
    main: "accessories",
    description:
      "A hard-shell zip case with a moulded insert for any Glow cleansing device. The water-" +
      "resistant shell protects devices in luggage and gym bags.",
    variants: [["BLACK", "Black", 1200, 0, 180]],
    related: ["GLOW-MINI", "GLOW-PRO"],
  },
  {
    code: "TRAVEL-POUCH-VEGAN-LEATHER",
    name: "Vegan Leather Travel Pouch",
    main: "accessories",
    description:
      "A soft vegan leather pouch sized for a device, cleanser and serum. A wipe-clean lining " +
      "makes it practical for everyday use.",
    variants: [
      ["TAUPE", "Taupe", 1400, 690, 120],
      ["BLUSH", "Blush", 1400, 0, 120],
    ],
    related: ["GLOW-GO", "TRAVEL-CASE-CLASSIC"],
  },
  {
    code: "USB-C-CHARGING-CABLE",
    name: "USB-C Charging Cable",
    main: "accessories",
    description:
      "A braided one-metre USB-C cable compatible with every rechargeable device in the range. " +
      "Sold individually for replacements and retail add-ons.",
    variants: [["1M", "1 m", 600, 3400, 40]],
    related: ["GLOW-MINI", "EYE-REVIVE-WAND"],
  },
  {
    code: "SONIC-CHARGING-STAND",
    name: "Sonic Brush Charging Stand",
    main: "accessories",
    description:
      "An inductive charging stand with a holder for two spare brush heads. Its weighted base " +
      "keeps the toothbrush upright on any countertop.",
    variants: [["WHITE", "White", 1500, 820, 190]],
    related: ["SONIC-BRUSH-PRO", "SONIC-HEADS-SENSITIVE"],
  },
  {
    code: "SONIC-TRAVEL-CASE",
    name: "Sonic Brush Travel Case",
    main: "accessories",
    description:
      "A ventilated travel case that holds a Sonic Brush handle and one spare head. Clips shut " +
      "securely and dries quickly.",
    variants: [["GREY", "Grey", 900, 1460, 90]],
    related: ["SONIC-BRUSH-TRAVEL", "SONIC-BRUSH-ESSENTIAL"],
  },
  {
    code: "DEVICE-CLEANSING-SPRAY",
    name: "Device Cleansing Spray",
    main: "accessories",
    description:
      "An alcohol-free cleansing spray for silicone devices, brush heads and LED masks. It " +
      "removes residue and keeps surfaces hygienic between uses.",
    variants: [["100ML", "100 ml", 800, 2300, 130]],
    related: ["GLOW-MINI", "AURA-LED-MASK"],
  },
  {
    code: "LED-MASK-STAND",
    name: "LED Mask Display Stand",
    main: "accessories",
    description:
      "A clear acrylic stand that stores the Aura LED mask in shape and doubles as a counter " +
      "display.",
    variants: [["CLEAR", "Clear", 1900, 150, 200]],
    related: ["AURA-LED-MASK", "COUNTER-TESTER-DISPLAY"],
  },
  {
    code: "CONDUCTIVE-GEL",
    name: "Microcurrent Conductive Gel",
    main: "accessories",
    tags: ["treatment-firming"],
    description:
      "A water-based aloe gel that helps microcurrent and radio-frequency devices glide and " +
      "conduct evenly. Fragrance-free and non-comedogenic.",
    variants: [["100ML", "100 ml", 900, 1740, 140]],
    related: ["FIRM-LIFT-MICROCURRENT", "VELVET-RF-LIFT"],
  },
  {
    code: "SPA-HEADBAND",
    name: "Spa Terry Headband",
    main: "accessories",
    description:
      "A plush terry headband with a soft elastic that keeps hair away from the face during " +
      "cleansing and masks.",
    variants: [
      ["IVORY", "Ivory", 450, 2800, 40],
      ["BLUSH", "Blush", 450, 2100, 40],
      ["SAGE", "Sage", 450, 1500, 40],
    ],
    related: ["REUSABLE-CLEANSING-PADS", "GLOW-SHEET-MASK-SET"],
  },
  {
    code: "REUSABLE-CLEANSING-PADS",
    name: "Reusable Cleansing Pads",
    main: "accessories",
    description:
      "Seven bamboo-velour pads with a laundry net, replacing hundreds of disposable cotton " +
      "pads. Machine-washable at 60 °C.",
    variants: [["7-PACK", "7-pack", 600, 1900, 60]],
    related: ["PURE-MICELLAR-WATER", "SPA-HEADBAND"],
  },
  {
    code: "LED-COMPACT-MIRROR",
    name: "LED Compact Mirror",
    main: "accessories",
    tags: ["outlet"],
    badge: "sale",
    description:
      "A rechargeable compact mirror with dimmable daylight LEDs and 1x/10x magnification. " +
      "Previous-season finishes are available at outlet pricing.",
    variants: [
      ["SILVER", "Silver", 1700, 230, 190],
      ["ROSE-GOLD", "Rose gold", 1700, 5, 190],
    ],
    related: ["TRAVEL-POUCH-VEGAN-LEATHER", "SPA-HEADBAND"],
  },
  {
    code: "COUNTER-TESTER-DISPLAY",
    name: "Counter Tester Display",
    main: "accessories",
    description:
      "An acrylic counter unit with six tester slots and an interchangeable header card. " +
      "Available to retail partners to showcase the device range at the point of sale.",
    variants: [["ACRYLIC", "Acrylic", 2900, 60, 200]],
    related: ["GLOW-MINI-STARTER-SET", "LED-MASK-STAND"],
  },
];

export const products: SeedProduct[] = rows.map(product);
