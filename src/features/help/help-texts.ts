import de from "../../../locales/de/help.json";
import en from "../../../locales/en/help.json";
import es from "../../../locales/es/help.json";
import fr from "../../../locales/fr/help.json";
import it from "../../../locales/it/help.json";
import type { NamespaceBundles } from "../../lib/lazy-namespace";

/** The `help` namespace (sales agent, support dialog, FAQ) in every language. */
export const HELP_TEXTS: NamespaceBundles = { en, fr, de, it, es };

/** The FAQ's four categories, in the order the page shows them. */
export const FAQ_CATEGORIES = ["orders", "products", "payments", "other"] as const;

/** Translation keys of the support subjects, by the value the server expects. */
export const SUBJECT_KEYS = {
  "Profile setup": "profileSetup",
  Order: "order",
  Invoice: "invoice",
  "Sales Inquiry": "salesInquiry",
  Other: "other",
} as const;
