import {
  Badge,
  createTheme,
  darken,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from "@mantine/core";

/** One accent: a muted rose-clay, the colour of the brand's packaging. */
const clay: MantineColorsTuple = [
  "#fbf3f1",
  "#f3e4e0",
  "#e7c8bf",
  "#dbab9c",
  "#d0917e",
  "#c9806b",
  // From shade 6 on dark enough for white text and for small text on the stone surfaces
  // (WCAG AA 4.5:1 on stone.1; Lighthouse's accessibility audit, decision 022).
  "#9a5b49",
  "#8a5141",
  "#744336",
  "#5c352b",
];

/** Mantine's red with shades 6-9 darkened so error texts reach 4.5:1 on every surface. */
const red: MantineColorsTuple = [
  "#fff5f5",
  "#ffe3e3",
  "#ffc9c9",
  "#ffa8a8",
  "#ff8787",
  "#ff6b6b",
  "#c92a2a",
  "#b02525",
  "#9a2020",
  "#801a1a",
];

/** Warm greys for text, rules and surfaces. */
const stone: MantineColorsTuple = [
  "#faf8f6",
  "#f3f0ec",
  "#e6e1db",
  "#d6cfc7",
  "#b9b0a6",
  "#958b81",
  "#74695f",
  "#574e46",
  "#3b3530",
  "#221e1b",
];

const serif =
  '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", "URW Palladio L", ' +
  '"P052", Georgia, "DejaVu Serif", serif';
const sans =
  'system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Helvetica, Arial, "Liberation Sans", ' +
  "sans-serif";

/** The storefront's look: serif headings, quiet neutrals, one clay accent, soft corners. */
export const theme = createTheme({
  primaryColor: "clay",
  primaryShade: 6,
  colors: { clay, stone, red },
  black: "#2b2622",
  white: "#fffdfb",
  fontFamily: sans,
  headings: {
    fontFamily: serif,
    fontWeight: "400",
    sizes: {
      // Smaller on a phone, so one long German word ("Schnellbestellung") fits a 360 px screen.
      h1: { fontSize: "clamp(2rem, 1.4rem + 2.5vw, 2.75rem)", lineHeight: "1.15" },
      h2: { fontSize: "clamp(1.5rem, 1.15rem + 1.5vw, 2rem)", lineHeight: "1.2" },
      h3: { fontSize: "1.4rem", lineHeight: "1.3" },
    },
  },
  defaultRadius: "sm",
  spacing: { xs: "0.625rem", sm: "0.875rem", md: "1.25rem", lg: "2rem", xl: "3rem" },
  components: {
    Button: { defaultProps: { radius: "xl" } },
    TextInput: { defaultProps: { radius: "sm", size: "md" } },
    PasswordInput: { defaultProps: { radius: "sm", size: "md" } },
    // A badge shows its whole text ("TEILWEISE BEZAHLT"): Mantine's fixed height and ellipsis
    // would cut it. In a row too narrow for it a badge shrinks down to its longest word and wraps
    // onto a second line (it must not keep its width: a German row at 360 px then widened the page).
    Badge: Badge.extend({
      styles: {
        root: {
          height: "auto",
          minHeight: "var(--badge-height)",
          maxWidth: "100%",
          overflow: "visible",
        },
        label: {
          whiteSpace: "normal",
          overflow: "visible",
          textOverflow: "clip",
          overflowWrap: "break-word",
        },
      },
    }),
  },
});

/**
 * Mantine's defaults our surfaces fail WCAG AA with (axe, issue 30): dimmed texts and
 * placeholders in gray 6 and 5 (3.3:1 and 2:1 on white) take stone 6 (5.3:1); the text of a
 * light badge or alert (the colour's shade 9 on its shade 1) is darkened where it stays under
 * 4.5:1 (green 3.8, orange 3.6, yellow 2.7, teal 4.3, lime 3.3).
 */
const DARKER_LIGHT_TEXT = ["green", "orange", "yellow", "teal", "lime"] as const;
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-stone-6)",
    "--mantine-color-placeholder": "var(--mantine-color-stone-6)",
    ...Object.fromEntries(
      DARKER_LIGHT_TEXT.map((name) => [
        `--mantine-color-${name}-light-color`,
        darken(DEFAULT_THEME.colors[name][9], 0.3),
      ]),
    ),
  },
  dark: {},
});
