import type { ReactNode } from "react";

// Where the landing page's social links lead: the brand's public channels. A brand dressing the
// portal differently replaces them here; the press room and the blog (linked by the landing,
// the shop home and the about page) are in src/lib/brand.ts.

const glyph = (children: ReactNode) => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    aria-hidden
    focusable="false"
    style={{
      fill: "none",
      stroke: "currentColor",
      strokeWidth: 1.6,
      strokeLinecap: "round",
      strokeLinejoin: "round",
    }}
  >
    {children}
  </svg>
);

/** The brand's social channels, with simple line glyphs (no third-party logos or scripts). */
export const SOCIAL_LINKS: ReadonlyArray<{ name: string; url: string; icon: ReactNode }> = [
  {
    name: "Instagram",
    url: "https://www.instagram.com/lumeatelier/",
    icon: glyph(
      <>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="0.6" style={{ fill: "currentColor" }} />
      </>,
    ),
  },
  {
    name: "Facebook",
    url: "https://www.facebook.com/lumeatelier/",
    icon: glyph(
      <path d="M14 21v-8h3l.5-3.5H14V7.5c0-1 .4-1.7 1.8-1.7H18V2.7A24 24 0 0 0 15.3 2.5C12.6 2.5 11 4.1 11 7v2.5H8V13h3v8" />,
    ),
  },
  {
    name: "YouTube",
    url: "https://www.youtube.com/@lumeatelier",
    icon: glyph(
      <>
        <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
        <path d="M10 9.5v5l4.5-2.5z" style={{ fill: "currentColor" }} />
      </>,
    ),
  },
  {
    name: "LinkedIn",
    url: "https://www.linkedin.com/company/lumeatelier/",
    icon: glyph(
      <>
        <rect x="3" y="3" width="18" height="18" rx="3" />
        <path d="M8 10.5V17M8 7.5v.01M12 17v-6.5M12 13.5c0-2 1.2-3 2.6-3s2.4 1 2.4 3V17" />
      </>,
    ),
  },
  {
    name: "TikTok",
    url: "https://www.tiktok.com/@lumeatelier",
    icon: glyph(<path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.6 2.2 4.3 5 4.5" />),
  },
];
