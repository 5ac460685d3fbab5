import de from "../../../locales/de/back-office.json";
import en from "../../../locales/en/back-office.json";
import es from "../../../locales/es/back-office.json";
import fr from "../../../locales/fr/back-office.json";
import it from "../../../locales/it/back-office.json";
import type { NamespaceBundles } from "../../lib/lazy-namespace";

/** The `back-office` namespace (the staff's volume price editor) in every language. */
export const BACK_OFFICE_TEXTS: NamespaceBundles = { en, fr, de, it, es };
