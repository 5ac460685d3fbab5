import { useTranslation } from "react-i18next";
import type { CarouselLabels } from "./carousel";

// The storefront's lists and carousel labels live once, in the catalog namespace (always
// loaded), so the shop home and the landing page cannot drift apart.

/** A list of texts from the catalog namespace (empty if the key is missing). */
export function useCatalogList<T>(key: string): T[] {
  const { t } = useTranslation("catalog");
  const value = t(key, { returnObjects: true }) as unknown;
  return Array.isArray(value) ? (value as T[]) : [];
}

/** The labels of a carousel, `name` being its accessible name. */
export function useCarouselLabels(name: string): CarouselLabels {
  const { t } = useTranslation("catalog");
  return {
    carousel: name,
    previous: t("home.carousel.previous"),
    next: t("home.carousel.next"),
    pause: t("home.carousel.pause"),
    play: t("home.carousel.play"),
    goTo: (n) => t("home.carousel.goTo", { n }),
    slide: (n, total) => t("home.carousel.slide", { n, total }),
  };
}
