import i18next, { type i18n as I18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import enAuth from "../../locales/en/auth.json";
import enCart from "../../locales/en/cart.json";
import enCatalog from "../../locales/en/catalog.json";
import enCommon from "../../locales/en/common.json";
import { LANGUAGES, toLanguage, type Language } from "./locale";

/** The namespaces every page may use from its first render. */
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
  "back-office",
] as const;

type Bundles = Record<(typeof NAMESPACES)[number], object>;

/** English ships in the first bundle: it is the fallback of every other language. */
const ENGLISH: Bundles = { common: enCommon, auth: enAuth, catalog: enCatalog, cart: enCart };

/**
 * The other languages' first-render texts, one small chunk each, fetched only by visitors who
 * chose that language (decision 022); choosing a language reloads the page, so one is enough.
 */
const LOADERS: Readonly<Record<Exclude<Language, "en">, () => Promise<Bundles>>> = {
  fr: () =>
    Promise.all([
      import("../../locales/fr/common.json"),
      import("../../locales/fr/auth.json"),
      import("../../locales/fr/catalog.json"),
      import("../../locales/fr/cart.json"),
    ]).then(([common, auth, catalog, cart]) => ({ common, auth, catalog, cart })),
  de: () =>
    Promise.all([
      import("../../locales/de/common.json"),
      import("../../locales/de/auth.json"),
      import("../../locales/de/catalog.json"),
      import("../../locales/de/cart.json"),
    ]).then(([common, auth, catalog, cart]) => ({ common, auth, catalog, cart })),
  it: () =>
    Promise.all([
      import("../../locales/it/common.json"),
      import("../../locales/it/auth.json"),
      import("../../locales/it/catalog.json"),
      import("../../locales/it/cart.json"),
    ]).then(([common, auth, catalog, cart]) => ({ common, auth, catalog, cart })),
  es: () =>
    Promise.all([
      import("../../locales/es/common.json"),
      import("../../locales/es/auth.json"),
      import("../../locales/es/catalog.json"),
      import("../../locales/es/cart.json"),
    ]).then(([common, auth, catalog, cart]) => ({ common, auth, catalog, cart })),
};

/** A JSON module's texts, whether the bundler hands over the module or its default export. */
function texts(module: object): object {
  return "default" in module ? (module.default as object) : module;
}

/**
 * Creates an i18next instance in `language` from the given resources, initialised synchronously
 * so the first render already has its texts.
 */
export function initI18n(resources: Resource, language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: "en",
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/**
 * The storefront's i18next instance in the stored language (English when unknown or when that
 * language's texts cannot be fetched): English is bundled, another language is fetched first.
 */
export async function createAppI18n(stored: string | null | undefined): Promise<I18n> {
  const language = toLanguage(stored);
  const resources: Record<string, Record<string, object>> = { en: { ...ENGLISH } };
  if (language !== "en") {
    try {
      const bundles = await LOADERS[language]();
      resources[language] = Object.fromEntries(
        Object.entries(bundles).map(([ns, module]) => [ns, texts(module)]),
      );
    } catch {
      // Offline or a stale deployment: English rather than a blank page.
      return initI18n(resources as Resource, "en");
    }
  }
  return initI18n(resources as Resource, language);
}
