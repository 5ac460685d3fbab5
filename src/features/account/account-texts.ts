import de from "../../../locales/de/account.json";
import en from "../../../locales/en/account.json";
import es from "../../../locales/es/account.json";
import fr from "../../../locales/fr/account.json";
import it from "../../../locales/it/account.json";
import type { NamespaceBundles } from "../../lib/lazy-namespace";

/** The `account` namespace (every section of the account page) in every language. */
export const ACCOUNT_TEXTS: NamespaceBundles = { en, fr, de, it, es };
