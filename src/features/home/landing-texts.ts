import de from "../../../locales/de/landing.json";
import en from "../../../locales/en/landing.json";
import es from "../../../locales/es/landing.json";
import fr from "../../../locales/fr/landing.json";
import it from "../../../locales/it/landing.json";
import type { NamespaceBundles } from "../../lib/lazy-namespace";

/** The `landing` namespace (hero, who we are, statistics) in every language. */
export const LANDING_TEXTS: NamespaceBundles = { en, fr, de, it, es };
