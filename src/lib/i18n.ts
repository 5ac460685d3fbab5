import type { i18n as I18n } from "i18next";
import deAuth from "../../locales/de/auth.json";
import deCart from "../../locales/de/cart.json";
import deCatalog from "../../locales/de/catalog.json";
import deCommon from "../../locales/de/common.json";
import enAuth from "../../locales/en/auth.json";
import enCart from "../../locales/en/cart.json";
import enCatalog from "../../locales/en/catalog.json";
import enCommon from "../../locales/en/common.json";
import esAuth from "../../locales/es/auth.json";
import esCart from "../../locales/es/cart.json";
import esCatalog from "../../locales/es/catalog.json";
import esCommon from "../../locales/es/common.json";
import frAuth from "../../locales/fr/auth.json";
import frCart from "../../locales/fr/cart.json";
import frCatalog from "../../locales/fr/catalog.json";
import frCommon from "../../locales/fr/common.json";
import itAuth from "../../locales/it/auth.json";
import itCart from "../../locales/it/cart.json";
import itCatalog from "../../locales/it/catalog.json";
import itCommon from "../../locales/it/common.json";
import { initI18n } from "./i18n-app";
import { toLanguage } from "./locale";

/**
 * Every first-render text of every language, bundled: for tests and tools. The app itself uses
 * `createAppI18n` of `./i18n-app`, which bundles English only (decision 022).
 */
export const resources = {
  en: { common: enCommon, auth: enAuth, catalog: enCatalog, cart: enCart },
  fr: { common: frCommon, auth: frAuth, catalog: frCatalog, cart: frCart },
  de: { common: deCommon, auth: deAuth, catalog: deCatalog, cart: deCart },
  it: { common: itCommon, auth: itAuth, catalog: itCatalog, cart: itCart },
  es: { common: esCommon, auth: esAuth, catalog: esCatalog, cart: esCart },
} as const;

export { LAZY_NAMESPACES, NAMESPACES } from "./i18n-app";

/**
 * Creates the i18next instance of the storefront in the given language (English when unknown),
 * initialised synchronously so the first render already has its texts.
 */
export function createI18n(language: string | null | undefined): I18n {
  return initI18n(resources, toLanguage(language));
}
