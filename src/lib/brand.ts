/** The brand the demo portal is dressed in (server default BRAND_NAME) and its device line. */
export const BRAND = {
  name: "Lumé Atelier",
  product: "Glow",
  supportEmail: "partners@lume-atelier.example",
} as const;
