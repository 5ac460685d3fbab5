import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
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
import { LANGUAGES, toLanguage } from "./locale";

/** Every UI text, bundled: five small languages cost less than a round trip each. */
export const resources = {
  en: { common: enCommon, auth: enAuth, catalog: enCatalog, cart: enCart },
  fr: { common: frCommon, auth: frAuth, catalog: frCatalog, cart: frCart },
  de: { common: deCommon, auth: deAuth, catalog: deCatalog, cart: deCart },
  it: { common: itCommon, auth: itAuth, catalog: itCatalog, cart: itCart },
  es: { common: esCommon, auth: esAuth, catalog: esCatalog, cart: esCart },
} as const;

export const NAMESPACES = ["common", "auth", "catalog", "cart"] as const;
/** Namespaces their pages add on first render (`useLazyNamespace`): not in the first bundle. */
export const LAZY_NAMESPACES = [
  "help",
  "legal",
  "account-recovery",
  "landing",
  "checkout",
  "account",
  "registration",
  "quick-order",
  "payment",
  "machines",
] as const;

/**
 * Creates the i18next instance of the storefront in the given language (English when unknown),
 * initialised synchronously so the first render already has its texts.
 */
export function createI18n(language: string | null | undefined): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: toLanguage(language),
    fallbackLng: "en",
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
