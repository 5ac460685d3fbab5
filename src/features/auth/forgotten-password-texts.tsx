import de from "../../../locales/de/account-recovery.json";
import en from "../../../locales/en/account-recovery.json";
import es from "../../../locales/es/account-recovery.json";
import fr from "../../../locales/fr/account-recovery.json";
import it from "../../../locales/it/account-recovery.json";
import type { NamespaceBundles } from "../../lib/lazy-namespace";

/** The `account-recovery` namespace (forgotten password, reset link) in every language. */
export const ACCOUNT_RECOVERY_TEXTS: NamespaceBundles = { en, fr, de, it, es };
