import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import deAuth from "../../locales/de/auth.json";
import deCommon from "../../locales/de/common.json";
import enAuth from "../../locales/en/auth.json";
import enCommon from "../../locales/en/common.json";
import esAuth from "../../locales/es/auth.json";
import esCommon from "../../locales/es/common.json";
import frAuth from "../../locales/fr/auth.json";
import frCommon from "../../locales/fr/common.json";
import itAuth from "../../locales/it/auth.json";
import itCommon from "../../locales/it/common.json";
import { LANGUAGES, toLanguage } from "./locale";

/** Every UI text, bundled: five small languages cost less than a round trip each. */
export const resources = {
  en: { common: enCommon, auth: enAuth },
  fr: { common: frCommon, auth: frAuth },
  de: { common: deCommon, auth: deAuth },
  it: { common: itCommon, auth: itAuth },
  es: { common: esCommon, auth: esAuth },
} as const;

export const NAMESPACES = ["common", "auth"] as const;

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
