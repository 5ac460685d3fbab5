import de from "../../../locales/de/registration.json";
import en from "../../../locales/en/registration.json";
import es from "../../../locales/es/registration.json";
import fr from "../../../locales/fr/registration.json";
import it from "../../../locales/it/registration.json";
import type { NamespaceBundles } from "../../lib/lazy-namespace";

/** The `registration` namespace in every language. */
export const REGISTRATION_TEXTS: NamespaceBundles = { en, fr, de, it, es };
