// Deterministic placeholder artwork for seeded products, taxons and badges.
//
// Every image is a self-contained SVG 1.1 document: no scripts, no external references and no
// web fonts. Colours and shapes are derived from an FNV-1a hash of the code so that the same
// code always yields the same picture.

const SVG_NS = "http://www.w3.org/2000/svg";
const FONT = "Helvetica Neue, Helvetica, Arial, sans-serif";

/** 32-bit FNV-1a hash of a string. */
function fnv1a(input: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Escapes text for use in XML content and attribute values. */
function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** HSL (degrees, 0-100, 0-100) to a #rrggbb colour; SVG 1.1 predates CSS hsl(). */
function hsl(h: number, s: number, l: number): string {
  const sat = s / 100;
  const lig = l / 100;
  const a = sat * Math.min(lig, 1 - lig);
  const channel = (n: number): string => {
    const k = (n + h / 30) % 12;
    const value = lig - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

interface Palette {
  id: string;
  light: string;
  soft: string;
  accent: string;
  deep: string;
}

function palette(code: string): Palette {
  const hash = fnv1a(code);
  const hue = hash % 360;
  const shift = 20 + ((hash >>> 9) % 40);
  return {
    id: hash.toString(36),
    light: hsl(hue, 60, 95),
    soft: hsl((hue + shift) % 360, 48, 86),
    accent: hsl(hue, 32, 62),
    deep: hsl(hue, 22, 28),
  };
}

/** Font size that keeps `text` within `width` px for an average sans-serif glyph width. */
function fitFont(text: string, width: number, max: number): number {
  return Math.max(14, Math.min(max, Math.floor(width / (Math.max(text.length, 1) * 0.56))));
}

type Shape = (p: Palette) => string;

/** Rounded pill-shaped cleansing device with a button. */
const pillDevice: Shape = (p) =>
  `<rect x="215" y="150" width="170" height="290" rx="85" fill="url(#b${p.id})"/>` +
  `<rect x="215" y="150" width="170" height="290" rx="85" fill="none" stroke="#fff" ` +
  `stroke-opacity=".7" stroke-width="3"/>` +
  `<circle cx="300" cy="330" r="16" fill="#fff" fill-opacity=".75"/>` +
  `<g fill="${p.deep}" fill-opacity=".18"><circle cx="270" cy="200" r="5"/>` +
  `<circle cx="300" cy="195" r="5"/><circle cx="330" cy="200" r="5"/>` +
  `<circle cx="285" cy="225" r="5"/><circle cx="315" cy="225" r="5"/></g>`;

/** Stylised product silhouettes, centred on x=300 and standing on y=440. */
const SHAPES: readonly Shape[] = [
  pillDevice,
  // Tall serum bottle with a dropper.
  (p) =>
    `<rect x="290" y="92" width="20" height="40" rx="10" fill="${p.deep}" fill-opacity=".8"/>` +
    `<rect x="272" y="128" width="56" height="52" rx="8" fill="${p.deep}" fill-opacity=".85"/>` +
    `<rect x="230" y="176" width="140" height="264" rx="26" fill="url(#b${p.id})"/>` +
    `<rect x="252" y="260" width="96" height="110" rx="6" fill="#fff" fill-opacity=".65"/>` +
    `<rect x="242" y="190" width="14" height="230" rx="7" fill="#fff" fill-opacity=".45"/>`,
  // Wide cosmetic jar with a lid.
  (p) =>
    `<rect x="185" y="250" width="230" height="62" rx="18" fill="${p.deep}" fill-opacity=".85"/>` +
    `<rect x="175" y="300" width="250" height="140" rx="34" fill="url(#b${p.id})"/>` +
    `<rect x="225" y="340" width="150" height="56" rx="6" fill="#fff" fill-opacity=".65"/>` +
    `<rect x="195" y="258" width="210" height="10" rx="5" fill="#fff" fill-opacity=".3"/>`,
  // Sonic brush: slim handle with a brush head.
  (p) =>
    `<rect x="272" y="200" width="56" height="240" rx="28" fill="url(#b${p.id})"/>` +
    `<rect x="290" y="104" width="20" height="110" rx="10" fill="${p.accent}"/>` +
    `<rect x="284" y="70" width="32" height="56" rx="14" fill="#fff" stroke="${p.accent}" ` +
    `stroke-width="3"/>` +
    `<circle cx="300" cy="300" r="11" fill="#fff" fill-opacity=".8"/>` +
    `<rect x="280" y="215" width="8" height="200" rx="4" fill="#fff" fill-opacity=".45"/>`,
];

/** A hard-shell zip case with a wrist strap, for travel cases and pouches. */
const zipCase: Shape = (p) =>
  `<rect x="128" y="300" width="52" height="70" rx="26" fill="none" stroke="${p.accent}" ` +
  `stroke-width="9"/>` +
  `<rect x="170" y="240" width="260" height="200" rx="74" fill="url(#b${p.id})"/>` +
  `<rect x="184" y="254" width="232" height="172" rx="62" fill="none" stroke="${p.deep}" ` +
  `stroke-opacity=".45" stroke-width="3" stroke-dasharray="7 5"/>` +
  `<rect x="372" y="228" width="16" height="40" rx="6" fill="${p.deep}" fill-opacity=".8"/>` +
  `<ellipse cx="300" cy="340" rx="54" ry="22" fill="#fff" fill-opacity=".55"/>` +
  `<rect x="200" y="270" width="10" height="140" rx="5" fill="#fff" fill-opacity=".45"/>`;

/** The silhouettes' names, for tests and for whoever reads a picture's choice. */
export const SHAPE_NAMES = ["device", "bottle", "jar", "brush", "case"] as const;
export type ShapeName = (typeof SHAPE_NAMES)[number];
const SHAPE_OF: Record<ShapeName, Shape> = {
  device: SHAPES[0]!,
  bottle: SHAPES[1]!,
  jar: SHAPES[2]!,
  brush: SHAPES[3]!,
  case: zipCase,
};

/**
 * Keyword hints mapping to a silhouette. Cases come first: a "Sonic Brush Travel Case" is a
 * case, not a brush.
 */
const SHAPE_KEYWORDS: ReadonlyArray<readonly [RegExp, ShapeName]> = [
  [/\bcase\b|\bpouch\b/, "case"],
  [/\bled\b|light therapy/, "device"],
  [/brush|floss|toothpaste|whitening/, "brush"],
  [/serum|oil|toner|water|fluid|spray|gel\b/, "bottle"],
  [/cream|balm|mask|lotion|powder|patches|scrub\b/, "jar"],
  [/device|wand|pen|massager|mister|infuser|scrubber|roller|clarifier|lift\b/, "device"],
];

/**
 * Picks a silhouette from keywords in the code and name, falling back to a hash of the code
 * over the four original silhouettes (so products without a keyword keep their pictures).
 */
export function shapeNameFor(code: string, name: string): ShapeName {
  const text = `${code} ${name}`.toLowerCase();
  const byKeyword = SHAPE_KEYWORDS.find(([pattern]) => pattern.test(text));
  return byKeyword ? byKeyword[1] : SHAPE_NAMES[fnv1a(`${code}#shape`) % SHAPES.length]!;
}

function shapeFor(code: string, name: string): Shape {
  return SHAPE_OF[shapeNameFor(code, name)] ?? pillDevice;
}

/**
 * Colours of the seeded variants that are colours (issue 30): a variant's picture is tinted
 * with its colour. Other variant names (sizes, pack counts) keep the product's own colours.
 */
const VARIANT_COLOURS: Readonly<Record<string, string>> = {
  rose: "#e3a0ab",
  mint: "#8fd3ba",
  pearl: "#e6dccb",
  blush: "#efb7ab",
  graphite: "#55595f",
  lavender: "#b3a0de",
  sky: "#8fc3ea",
  gold: "#d6b25a",
  silver: "#b9bec4",
  white: "#eeeeea",
  frost: "#c4e1ee",
  sage: "#a9c19c",
  pink: "#f09dbd",
  clear: "#dde6ea",
  "rose tint": "#e2939e",
  black: "#2e2e33",
  berry: "#a2497a",
  ocean: "#3a7bb3",
  sand: "#d9c29a",
  navy: "#2b3d66",
  stone: "#a39a8e",
  taupe: "#8a7b6d",
  ivory: "#f1e8d0",
  "rose gold": "#d9a293",
};

/** The colour a variant name stands for, if it is one (case does not matter). */
export function variantColour(variantName: string): string | undefined {
  return VARIANT_COLOURS[variantName.trim().toLowerCase()];
}

/** Hue (degrees) and saturation (0-100) of a #rrggbb colour. */
function hueOf(hex: string): { h: number; s: number } {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const l = (max + min) / 2;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (d !== 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
  }
  return { h: Math.round((h * 60 + 360) % 360), s: Math.round(s * 100) };
}

/** A palette around a colour: its own tone for the device, lighter ones behind it. */
function tintedPalette(id: string, colour: string): Palette {
  const { h, s } = hueOf(colour);
  return {
    id: fnv1a(id).toString(36),
    light: hsl(h, Math.min(s, 60), 96),
    soft: hsl(h, Math.min(s, 45), 88),
    accent: colour,
    deep: hsl(h, Math.min(s, 25), 26),
  };
}

export function productSvg(code: string, name: string): string {
  return pictureSvg(palette(code), shapeFor(code, name), name, code);
}

/**
 * A variant's own picture (issue 30, decision 051): the product's silhouette in the variant's
 * colour when its name is a colour (the product's colours otherwise), titled with the product
 * and variant names and labelled with the variant's code.
 */
export function variantSvg(
  product: { code: string; name: string },
  variant: { code: string; name: string },
): string {
  const colour = variantColour(variant.name);
  const p = colour ? tintedPalette(variant.code, colour) : palette(variant.code);
  return pictureSvg(
    p,
    shapeFor(product.code, product.name),
    `${product.name} — ${variant.name}`,
    variant.code,
  );
}

function pictureSvg(p: Palette, shape: Shape, name: string, code: string): string {
  const label = escapeXml(name);
  const size = fitFont(name, 520, 30);
  return (
    `<svg xmlns="${SVG_NS}" version="1.1" width="600" height="600" viewBox="0 0 600 600">` +
    `<title>${label}</title>` +
    `<defs><linearGradient id="g${p.id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.soft}"/>` +
    `</linearGradient><linearGradient id="b${p.id}" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${p.accent}"/>` +
    `</linearGradient></defs>` +
    `<rect width="600" height="600" fill="url(#g${p.id})"/>` +
    `<circle cx="300" cy="270" r="190" fill="#fff" fill-opacity=".35"/>` +
    `<ellipse cx="300" cy="446" rx="150" ry="14" fill="${p.deep}" fill-opacity=".12"/>` +
    shape(p) +
    `<text x="300" y="530" text-anchor="middle" font-family="${FONT}" font-size="${size}" ` +
    `fill="${p.deep}" letter-spacing="1">${label}</text>` +
    `<text x="300" y="565" text-anchor="middle" font-family="${FONT}" font-size="13" ` +
    `fill="${p.deep}" fill-opacity=".6" letter-spacing="3">${escapeXml(code)}</text>` +
    `</svg>`
  );
}

/**
 * A category or collection cover. With `label: false` the name is only the image's title, not
 * drawn: the pages print the name in the reader's language beside the cover (decision 030).
 */
export function taxonSvg(code: string, name: string, { label: drawn = true } = {}): string {
  const p = palette(code);
  const hash = fnv1a(`${code}#cover`);
  const label = escapeXml(name);
  const size = fitFont(name, 900, 72);
  const cx1 = 120 + (hash % 260);
  const cx2 = 820 + ((hash >>> 8) % 260);
  const r1 = 160 + ((hash >>> 16) % 120);
  const r2 = 120 + ((hash >>> 24) % 140);
  return (
    `<svg xmlns="${SVG_NS}" version="1.1" width="1200" height="600" viewBox="0 0 1200 600">` +
    `<title>${label}</title>` +
    `<defs><linearGradient id="t${p.id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.soft}"/>` +
    `</linearGradient></defs>` +
    `<rect width="1200" height="600" fill="url(#t${p.id})"/>` +
    `<circle cx="${cx1}" cy="120" r="${r1}" fill="#fff" fill-opacity=".35"/>` +
    `<circle cx="${cx2}" cy="480" r="${r2}" fill="${p.accent}" fill-opacity=".18"/>` +
    `<circle cx="${cx2}" cy="480" r="${r2 + 40}" fill="none" stroke="#fff" ` +
    `stroke-opacity=".6" stroke-width="2"/>` +
    (drawn
      ? `<text x="600" y="${300 + Math.round(size / 3)}" text-anchor="middle" ` +
        `font-family="${FONT}" font-size="${size}" font-weight="300" fill="${p.deep}" ` +
        `letter-spacing="2">${label}</text>` +
        `<rect x="560" y="${340 + Math.round(size / 3)}" width="80" height="2" fill="${p.deep}" ` +
        `fill-opacity=".5"/>`
      : "") +
    `</svg>`
  );
}

const BADGES = {
  new: { fill: "#7fa89a", lines: ["NEW"] },
  bestseller: { fill: "#c9a45c", lines: ["BEST", "SELLER"] },
  sale: { fill: "#d46a6a", lines: ["SALE"] },
} as const;

export function badgeSvg(kind: "new" | "bestseller" | "sale"): string {
  const badge = BADGES[kind];
  const lines: readonly string[] = badge.lines;
  const size = lines.length > 1 ? 18 : 28;
  const top = lines.length > 1 ? 55 : 70;
  const text = lines
    .map((line, i) => `<tspan x="60" y="${top + i * 22}">${escapeXml(line)}</tspan>`)
    .join("");
  return (
    `<svg xmlns="${SVG_NS}" version="1.1" width="120" height="120" viewBox="0 0 120 120">` +
    `<title>${escapeXml(kind)}</title>` +
    `<circle cx="60" cy="60" r="56" fill="${badge.fill}"/>` +
    `<circle cx="60" cy="60" r="48" fill="none" stroke="#fff" stroke-opacity=".7" ` +
    `stroke-width="1.5"/>` +
    `<text text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="700" ` +
    `fill="#fff" letter-spacing="1">${text}</text>` +
    `</svg>`
  );
}
