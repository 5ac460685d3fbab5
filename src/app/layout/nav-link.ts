import type { CSSProperties } from "react";

/** The look of the header's text links. */
export const navLink: CSSProperties = {
  fontSize: 13,
  letterSpacing: "0.14em",
  textTransform: "uppercase",
  color: "var(--mantine-color-stone-8)",
  textDecoration: "none",
};
