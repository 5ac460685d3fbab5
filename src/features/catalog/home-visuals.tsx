import type { CSSProperties, ReactNode } from "react";

// Decorative artwork of the shop home, drawn inline (no image files, no external requests) in
// the theme's colours through CSS variables, so a re-themed brand recolours it too.

const v = (name: string) => `var(--mantine-color-${name})`;
const fill = (color: string, opacity = 1): CSSProperties => ({ fill: v(color), opacity });
const line = (color: string, width = 2, opacity = 1): CSSProperties => ({
  fill: "none",
  stroke: v(color),
  strokeWidth: width,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  opacity,
});
const white = (opacity: number): CSSProperties => ({ fill: "white", opacity });

/** The banner backgrounds, one per banner (soft gradients of the brand's neutrals and clay). */
export const BANNER_BACKGROUNDS = [
  `linear-gradient(120deg, ${v("stone-0")} 0%, ${v("clay-1")} 100%)`,
  `linear-gradient(120deg, ${v("clay-0")} 0%, ${v("stone-2")} 100%)`,
  `linear-gradient(120deg, ${v("stone-1")} 0%, ${v("clay-2")} 100%)`,
  `linear-gradient(120deg, ${v("stone-0")} 0%, ${v("stone-2")} 100%)`,
  `linear-gradient(120deg, ${v("clay-1")} 0%, ${v("stone-1")} 100%)`,
  `linear-gradient(120deg, ${v("stone-1")} 0%, ${v("clay-1")} 100%)`,
] as const;

/** Product silhouettes standing on a shared floor line, centred on x=260. */
const BANNER_ART: readonly ReactNode[] = [
  // Sonic cleansing device with its pulsation rings.
  <g key="cleanse">
    {[150, 120, 90].map((r, i) => (
      <circle key={r} cx="260" cy="200" r={r} style={line("clay-4", 1.5, 0.25 + i * 0.2)} />
    ))}
    <rect x="205" y="110" width="110" height="190" rx="55" style={fill("clay-3")} />
    <rect x="205" y="110" width="110" height="190" rx="55" style={line("clay-5", 1.5, 0.6)} />
    <circle cx="260" cy="245" r="11" style={white(0.85)} />
    <g style={fill("clay-6", 0.35)}>
      {[232, 260, 288, 246, 274].map((x, i) => (
        <circle key={x} cx={x} cy={i < 3 ? 150 : 172} r="4" />
      ))}
    </g>
  </g>,
  // Microcurrent wand: two spheres and the current between them.
  <g key="lift">
    <circle cx="260" cy="200" r="150" style={white(0.45)} />
    <path d="M150 250 C 200 120, 320 120, 370 250" style={line("clay-5", 1.5, 0.55)} />
    <path d="M175 250 C 215 150, 305 150, 345 250" style={line("clay-4", 1.5, 0.45)} />
    <rect x="246" y="190" width="28" height="150" rx="14" style={fill("stone-5")} />
    <circle cx="226" cy="178" r="34" style={fill("clay-3")} />
    <circle cx="294" cy="178" r="34" style={fill("clay-3")} />
    <circle cx="216" cy="168" r="10" style={white(0.7)} />
    <circle cx="284" cy="168" r="10" style={white(0.7)} />
  </g>,
  // LED mask: an oval face shield and its points of light.
  <g key="led">
    {Array.from({ length: 12 }, (_, i) => {
      const a = (i / 12) * Math.PI * 2;
      return (
        <line
          key={i}
          x1={260 + Math.cos(a) * 135}
          y1={200 + Math.sin(a) * 135}
          x2={260 + Math.cos(a) * 165}
          y2={200 + Math.sin(a) * 165}
          style={line("clay-5", 2, 0.5)}
        />
      );
    })}
    <ellipse cx="260" cy="200" rx="95" ry="120" style={white(0.75)} />
    <ellipse cx="260" cy="200" rx="95" ry="120" style={line("clay-4", 2)} />
    <ellipse cx="225" cy="180" rx="22" ry="10" style={fill("stone-2")} />
    <ellipse cx="295" cy="180" rx="22" ry="10" style={fill("stone-2")} />
    <g style={fill("clay-5", 0.55)}>
      {[
        [230, 120],
        [260, 112],
        [290, 120],
        [210, 230],
        [310, 230],
        [240, 270],
        [280, 270],
        [260, 250],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="5" />
      ))}
    </g>
  </g>,
  // Sonic toothbrush and a few water droplets.
  <g key="oral">
    <circle cx="260" cy="200" r="150" style={white(0.4)} />
    <rect x="238" y="150" width="44" height="190" rx="22" style={fill("stone-1")} />
    <rect x="238" y="150" width="44" height="190" rx="22" style={line("stone-5", 1.5)} />
    <rect x="252" y="70" width="16" height="90" rx="8" style={fill("clay-4")} />
    <rect x="246" y="48" width="28" height="44" rx="12" style={white(1)} />
    <rect x="246" y="48" width="28" height="44" rx="12" style={line("clay-4", 2)} />
    <circle cx="260" cy="240" r="9" style={fill("clay-4")} />
    {[
      { x: 340, y: 120, r: 14 },
      { x: 372, y: 168, r: 9 },
      { x: 180, y: 110, r: 11 },
    ].map(({ x, y, r }) => (
      <path
        key={x}
        d={`M${x} ${y - r * 1.8} C ${x + r} ${y - r * 0.4}, ${x + r} ${y + r}, ${x} ${y + r} C ${x - r} ${y + r}, ${x - r} ${y - r * 0.4}, ${x} ${y - r * 1.8} Z`}
        style={fill("clay-3", 0.8)}
      />
    ))}
  </g>,
  // Serum bottle with its dropper and falling drops.
  <g key="serum">
    <circle cx="260" cy="210" r="140" style={white(0.45)} />
    <rect x="250" y="40" width="20" height="40" rx="10" style={fill("stone-6")} />
    <rect x="236" y="76" width="48" height="44" rx="8" style={fill("stone-6")} />
    <rect x="200" y="116" width="120" height="220" rx="24" style={fill("clay-2")} />
    <rect x="200" y="116" width="120" height="220" rx="24" style={line("clay-5", 1.5, 0.6)} />
    <rect x="222" y="190" width="76" height="84" rx="6" style={white(0.75)} />
    <rect x="212" y="130" width="12" height="190" rx="6" style={white(0.45)} />
    <circle cx="360" cy="140" r="7" style={fill("clay-5", 0.6)} />
    <circle cx="372" cy="182" r="5" style={fill("clay-5", 0.45)} />
  </g>,
  // Body brush: a round head with soft bristle rings.
  <g key="body">
    <circle cx="260" cy="200" r="150" style={white(0.35)} />
    <rect x="246" y="240" width="28" height="110" rx="14" style={fill("stone-5")} />
    <circle cx="260" cy="180" r="95" style={fill("clay-3")} />
    {[75, 55, 35].map((r) => (
      <circle key={r} cx="260" cy="180" r={r} style={line("clay-1", 2, 0.9)} />
    ))}
    <circle cx="260" cy="180" r="12" style={white(0.9)} />
  </g>,
];

/** The artwork of banner `index` (0-5), scaled to its box. */
export function BannerArt({ index }: { index: number }) {
  return (
    <svg
      viewBox="0 0 520 400"
      width="100%"
      height="100%"
      preserveAspectRatio="xMidYMid meet"
      aria-hidden
      focusable="false"
    >
      <ellipse cx="260" cy="352" rx="150" ry="12" style={fill("stone-6", 0.12)} />
      {BANNER_ART[index % BANNER_ART.length]}
    </svg>
  );
}

/** Line glyphs for the 12 technologies, in the order of `home.technologies.items`. */
const TECHNOLOGY_GLYPHS: readonly ReactNode[] = [
  // Sonic pulsations: waves.
  <path key="0" d="M6 24c4-8 8-8 12 0s8 8 12 0 8-8 12 0" />,
  // Two zones.
  <g key="1">
    <circle cx="18" cy="24" r="10" />
    <circle cx="32" cy="24" r="6" />
  </g>,
  // Micro-current: a lift arrow over an arc.
  <g key="2">
    <path d="M10 34c6-10 22-10 28 0" />
    <path d="M24 30V10M17 17l7-7 7 7" />
  </g>,
  // LED light: a sun.
  <g key="3">
    <circle cx="24" cy="24" r="7" />
    <path d="M24 6v5M24 37v5M6 24h5M37 24h5M11 11l3.5 3.5M33.5 33.5L37 37M11 37l3.5-3.5M33.5 14.5L37 11" />
  </g>,
  // Warmth: rising heat.
  <path
    key="4"
    d="M16 38c-4-6 4-10 0-16s0-10 0-10M24 38c-4-6 4-10 0-16s0-10 0-10M32 38c-4-6 4-10 0-16s0-10 0-10"
  />,
  // Cooling: a snow crystal.
  <path key="5" d="M24 6v36M8.4 15l31.2 18M8.4 33l31.2-18M20 9l4 4 4-4M20 39l4-4 4 4" />,
  // Hygiene: a shield.
  <g key="6">
    <path d="M24 6l14 5v11c0 9-6 16-14 20-8-4-14-11-14-20V11z" />
    <path d="M18 24l4 4 8-8" />
  </g>,
  // App guidance: a phone.
  <g key="7">
    <rect x="14" y="6" width="20" height="36" rx="4" />
    <path d="M21 36h6M19 16h10M19 22h6" />
  </g>,
  // Soft silicone: a drop.
  <path key="8" d="M24 6c7 10 12 16 12 23a12 12 0 0 1-24 0c0-7 5-13 12-23z" />,
  // Pressure control: a gauge.
  <g key="9">
    <path d="M8 32a16 16 0 0 1 32 0" />
    <path d="M24 32l8-10" />
    <circle cx="24" cy="32" r="2" />
  </g>,
  // Water flossing: droplets in a jet.
  <g key="10">
    <path d="M10 38L34 14" />
    <path d="M36 8c2 3 4 5 4 7a4 4 0 0 1-8 0c0-2 2-4 4-7z" />
    <circle cx="16" cy="24" r="1.5" />
    <circle cx="24" cy="34" r="1.5" />
  </g>,
  // Long-life battery.
  <g key="11">
    <rect x="6" y="16" width="32" height="16" rx="3" />
    <path d="M42 21v6M11 21v6M16 21v6M21 21v6" />
  </g>,
];

/** The glyph of technology `index` in a soft clay disc. */
export function TechnologyIcon({ index }: { index: number }) {
  return (
    <svg width="56" height="56" viewBox="0 0 48 48" aria-hidden focusable="false">
      <circle cx="24" cy="24" r="24" style={fill("clay-0")} />
      <g transform="translate(6 6) scale(0.75)" style={line("clay-7", 2.4)}>
        {TECHNOLOGY_GLYPHS[index % TECHNOLOGY_GLYPHS.length]}
      </g>
    </svg>
  );
}

/** A laurel wreath framing an award's year. */
export function AwardLaurel({ year }: { year: string }) {
  const leaves = Array.from({ length: 6 }, (_, i) => i);
  return (
    <svg width="120" height="84" viewBox="0 0 120 84" aria-hidden focusable="false">
      <g style={line("clay-5", 1.5)}>
        <path d="M40 74C20 66 12 46 16 22" />
        <path d="M80 74c20-8 28-28 24-52" />
      </g>
      <g style={fill("clay-3")}>
        {leaves.map((i) => (
          <g key={i}>
            <ellipse
              cx={18 + i * 1.5 + (i > 3 ? i * 2 : 0)}
              cy={26 + i * 8.5}
              rx="7"
              ry="3.2"
              transform={`rotate(${-60 + i * 12} ${18 + i * 1.5 + (i > 3 ? i * 2 : 0)} ${26 + i * 8.5})`}
            />
            <ellipse
              cx={102 - i * 1.5 - (i > 3 ? i * 2 : 0)}
              cy={26 + i * 8.5}
              rx="7"
              ry="3.2"
              transform={`rotate(${60 - i * 12} ${102 - i * 1.5 - (i > 3 ? i * 2 : 0)} ${26 + i * 8.5})`}
            />
          </g>
        ))}
      </g>
      <text
        x="60"
        y="50"
        textAnchor="middle"
        style={{ fill: v("stone-8"), fontSize: 18, letterSpacing: "0.08em" }}
        fontFamily="inherit"
      >
        {year}
      </text>
    </svg>
  );
}

/** An opening quotation mark for press quotes. */
export function QuoteMark() {
  return (
    <svg width="34" height="26" viewBox="0 0 34 26" aria-hidden focusable="false">
      <path
        d="M0 26V15C0 6 5 1 13 0l1 4c-4 1-7 4-7 9h6v13zm20 0V15c0-9 5-14 13-15l1 4c-4 1-7 4-7 9h6v13z"
        style={fill("clay-3")}
      />
    </svg>
  );
}
