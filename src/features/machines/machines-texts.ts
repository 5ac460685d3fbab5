import de from "../../../locales/de/machines.json";
import en from "../../../locales/en/machines.json";
import es from "../../../locales/es/machines.json";
import fr from "../../../locales/fr/machines.json";
import it from "../../../locales/it/machines.json";
import type { NamespaceBundles } from "../../lib/lazy-namespace";

/** The `machines` namespace (auditor view chrome) in every language. */
export const MACHINES_TEXTS: NamespaceBundles = { en, fr, de, it, es };
