/** The brand the demo portal is dressed in (server default BRAND_NAME) and its device line. */
export const BRAND = {
  name: "Lumé Atelier",
  product: "Glow",
  supportEmail: "partners@lume-atelier.example",
  /** The brand's press room (releases, press kit, media contact) and its blog: public sites. */
  pressUrl: "https://press.lume-atelier.example/",
  blogUrl: "https://blog.lume-atelier.example/",
} as const;
