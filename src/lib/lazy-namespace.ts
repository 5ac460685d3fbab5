import type { i18n } from "i18next";
import { useTranslation } from "react-i18next";
import type { LAZY_NAMESPACES } from "./i18n-app";
import type { Language } from "./locale";

/** A lazily added namespace's texts, one dictionary per interface language. */
export type NamespaceBundles = Readonly<Record<Language, object>>;

/**
 * Adds a namespace registered as lazy in `src/lib/i18n.ts` to the app's i18next instance the
 * first time a page that needs it renders (all five languages at once, so switching language
 * later needs no loading), then returns its `t`. The texts ship in the page's own chunk.
 */
export function useLazyNamespace(
  namespace: (typeof LAZY_NAMESPACES)[number],
  bundles: NamespaceBundles,
) {
  const { i18n } = useTranslation();
  for (const [language, bundle] of Object.entries(bundles))
    addBundle(i18n, language, namespace, bundle);
  return useTranslation(namespace);
}

/** Adds one language's texts of a namespace unless they are there already. */
export function addBundle(i18n: i18n, language: string, namespace: string, texts: object) {
  if (!i18n.hasResourceBundle(language, namespace)) {
    i18n.addResourceBundle(language, namespace, texts, true, false);
  }
}
