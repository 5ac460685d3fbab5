import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { addBundle } from "../../lib/lazy-namespace";
import deAbout from "../../../locales/de/about.json";
import deContent from "../../../locales/de/content.json";
import enAbout from "../../../locales/en/about.json";
import enContent from "../../../locales/en/content.json";
import esAbout from "../../../locales/es/about.json";
import esContent from "../../../locales/es/content.json";
import frAbout from "../../../locales/fr/about.json";
import frContent from "../../../locales/fr/content.json";
import itAbout from "../../../locales/it/about.json";
import itContent from "../../../locales/it/content.json";

/**
 * The content pages' texts live in their lazy chunk, not in the first bundle: they are added
 * to the i18next instance when one of these pages is first shown.
 */
const BUNDLES = {
  en: { about: enAbout, content: enContent },
  fr: { about: frAbout, content: frContent },
  de: { about: deAbout, content: deContent },
  it: { about: itAbout, content: itContent },
  es: { about: esAbout, content: esContent },
} as const;

/** Renders its children once the "about" and "content" namespaces are registered. */
export function WithContentTexts({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  for (const [language, namespaces] of Object.entries(BUNDLES)) {
    for (const [namespace, texts] of Object.entries(namespaces))
      addBundle(i18n, language, namespace, texts);
  }
  return children;
}
