import de from "../../../locales/de/legal.json";
import en from "../../../locales/en/legal.json";
import es from "../../../locales/es/legal.json";
import fr from "../../../locales/fr/legal.json";
import it from "../../../locales/it/legal.json";
import type { NamespaceBundles } from "../../lib/lazy-namespace";

/** The `legal` namespace (terms, European entity, privacy policy) in every language. */
export const LEGAL_TEXTS: NamespaceBundles = { en, fr, de, it, es };

/** One numbered section of a legal text; paragraphs are separated by blank lines. */
export interface LegalSection {
  heading: string;
  body: string;
}
