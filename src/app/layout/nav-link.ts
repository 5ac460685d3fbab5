import type { CSSProperties } from "react";

/**
 * The look of the header's text links: one line each in every language (German wrapped at
 * 1,440 px before), and 44 px high for a finger.
 */
export const navLink: CSSProperties = {
  display: "inline-flex",
  alignItems: "center",
  minHeight: 44,
  fontSize: 13,
  letterSpacing: "0.12em",
  textTransform: "uppercase",
  whiteSpace: "nowrap",
  color: "var(--mantine-color-stone-8)",
  textDecoration: "none",
};
