import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { AppLayout } from "./layout/app-layout";

/**
 * What the server needs of a lazily loaded route: its module's path in Vite's manifest, to link
 * the page's style sheets and preload its chunks in the rendered HTML (decision 026).
 */
export interface PageHandle {
  module: string;
  /** The page's document title, a key of `pageTitle` in common.json (src/app/page-title.ts). */
  title?: string;
  /**
   * A shop page that shows before the cart runs (issue 31): the server renders it with its
   * data and the browser hydrates it at once; what it does with the cart waits for the cart.
   * Other shop pages show a loader until the cart's chunk has loaded and its actor runs.
   */
  withoutCart?: boolean;
}
const page = (module: string, title?: string, withoutCart?: true): PageHandle => ({
  module,
  title,
  ...(withoutCart ? { withoutCart } : {}),
});

/** Every route of storefront spec section 2; screens load on demand. */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    children: [
      {
        index: true,
        lazy: () => import("../features/home/landing-page"),
        handle: page("src/features/home/landing-page.tsx", "landing"),
      },
      {
        path: "login",
        lazy: () => import("../features/auth/sign-in-page"),
        handle: page("src/features/auth/sign-in-page.tsx", "signIn"),
      },
      {
        path: "register",
        lazy: () => import("../features/registration/registration-page"),
        handle: page("src/features/registration/registration-page.tsx", "registration"),
      },
      {
        path: "register/:token",
        lazy: () => import("../features/team-registration/team-registration-page"),
        handle: page(
          "src/features/team-registration/team-registration-page.tsx",
          "teamRegistration",
        ),
      },
      {
        path: "forgotten-password",
        lazy: () => import("../features/auth/forgotten-password-page"),
        handle: page("src/features/auth/forgotten-password-page.tsx", "forgottenPassword"),
      },
      {
        path: "confirm-email/:token",
        lazy: () => import("../features/account/confirm-email-page"),
        handle: page("src/features/account/confirm-email-page.tsx", "confirmEmail"),
      },
      {
        path: "forgotten-password/:token",
        lazy: () => import("../features/auth/forgotten-password-reset-page"),
        handle: page("src/features/auth/forgotten-password-reset-page.tsx", "resetPassword"),
      },
      {
        path: "product-catalog",
        lazy: () => import("../features/content/product-catalog-page"),
        handle: page("src/features/content/product-catalog-page.tsx", "productCatalog"),
      },
      {
        path: "privacy/terms-and-conditions",
        lazy: () => import("../features/legal/terms-page"),
        handle: page("src/features/legal/terms-page.tsx", "terms"),
      },
      {
        path: "privacy/privacy-policy",
        lazy: () => import("../features/legal/privacy-policy-page"),
        handle: page("src/features/legal/privacy-policy-page.tsx", "privacy"),
      },
      // The auditor view: staff sign in on the page itself (no shop session).
      {
        path: "machines",
        lazy: () => import("../features/machines/machines-page"),
        handle: page("src/features/machines/machines-page.tsx", "machines"),
      },
      // The staff's volume price editor (decision 040): staff sign in on the page itself.
      {
        path: "back-office/volume-prices",
        lazy: () => import("../features/back-office/volume-prices-page"),
        handle: page("src/features/back-office/volume-prices-page.tsx", "volumePrices"),
      },
      {
        // The session machine and its gateway load with the first shop page, not before.
        lazy: () => import("./require-session").then((m) => ({ Component: m.RequireSession })),
        handle: page("src/app/require-session.tsx"),
        children: [
          {
            path: "shop",
            lazy: () => import("../features/catalog/shop-home-page"),
            handle: page("src/features/catalog/shop-home-page.tsx", "shop", true),
          },
          {
            path: "shop/products",
            lazy: () => import("../features/catalog/search-page"),
            handle: page("src/features/catalog/search-page.tsx", "search", true),
          },
          {
            path: "shop/products/:productCode",
            lazy: () => import("../features/catalog/product-page"),
            handle: page("src/features/catalog/product-page.tsx", "product", true),
          },
          {
            path: "shop/category/:taxonCode",
            lazy: () => import("../features/catalog/category-page"),
            handle: page("src/features/catalog/category-page.tsx", "category", true),
          },
          {
            path: "shop/treatments",
            lazy: () => import("../features/content/treatments-page"),
            handle: page("src/features/content/treatments-page.tsx", "treatments", true),
          },
          {
            path: "shop/about",
            lazy: () => import("../features/content/about-page"),
            handle: page("src/features/content/about-page.tsx", "about", true),
          },
          {
            path: "shop/help",
            lazy: () => import("../features/help/help-page"),
            handle: page("src/features/help/help-page.tsx", "help"),
          },
          {
            path: "shop/quick-order",
            lazy: () => import("../features/quick-order/quick-order-page"),
            handle: page("src/features/quick-order/quick-order-page.tsx", "quickOrder"),
          },
          {
            path: "shop/outlet",
            lazy: () => import("../features/content/outlet-page"),
            handle: page("src/features/content/outlet-page.tsx", "outlet", true),
          },
          {
            path: "shop/account",
            lazy: () => import("../features/account/account-page"),
            handle: page("src/features/account/account-page.tsx", "account"),
          },
          {
            path: "shop/account/:section",
            lazy: () => import("../features/account/account-page"),
            handle: page("src/features/account/account-page.tsx", "account"),
          },
          {
            path: "checkout",
            lazy: () => import("../features/checkout/checkout-page"),
            handle: page("src/features/checkout/checkout-page.tsx", "checkout"),
          },
        ],
      },
      {
        path: "*",
        lazy: () => import("./pages/not-found"),
        handle: page("src/app/pages/not-found.tsx", "notFound"),
      },
    ],
  },
];

/**
 * Loads the lazy routes the URL matches and puts their modules in place, so the router starts
 * initialised: the page renders (or hydrates the server's HTML) at once, with no hydration
 * fallback in between (React Router warns "No `HydrateFallback` element" otherwise).
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      try {
        Object.assign(route, await route.lazy(), { lazy: undefined });
      } catch {
        // The chunk did not arrive: the router tries again and shows its error page.
      }
    }),
  );
}

/** The browser router of the storefront (after `loadMatchedRoutes` of the current URL). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
