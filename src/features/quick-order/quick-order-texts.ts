import de from "../../../locales/de/quick-order.json";
import en from "../../../locales/en/quick-order.json";
import es from "../../../locales/es/quick-order.json";
import fr from "../../../locales/fr/quick-order.json";
import it from "../../../locales/it/quick-order.json";
import type { NamespaceBundles } from "../../lib/lazy-namespace";

/** The `quick-order` namespace in every language. */
export const QUICK_ORDER_TEXTS: NamespaceBundles = { en, fr, de, it, es };
