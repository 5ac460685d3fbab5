import de from "../../../locales/de/payment.json";
import en from "../../../locales/en/payment.json";
import es from "../../../locales/es/payment.json";
import fr from "../../../locales/fr/payment.json";
import it from "../../../locales/it/payment.json";
import type { NamespaceBundles } from "../../lib/lazy-namespace";

/** The `payment` namespace (the 'Order payment' dialog) in every language. */
export const PAYMENT_TEXTS: NamespaceBundles = { en, fr, de, it, es };
