import de from "../../../locales/de/checkout.json";
import en from "../../../locales/en/checkout.json";
import es from "../../../locales/es/checkout.json";
import fr from "../../../locales/fr/checkout.json";
import it from "../../../locales/it/checkout.json";
import type { NamespaceBundles } from "../../lib/lazy-namespace";

/** The `checkout` namespace in every language. */
export const CHECKOUT_TEXTS: NamespaceBundles = { en, fr, de, it, es };
