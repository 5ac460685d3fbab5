import { createBrowserRouter, type RouteObject } from "react-router";
import { AppLayout } from "./layout/app-layout";
import { RequireSession } from "./require-session";

/** Every route of storefront spec section 2; screens load on demand. */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    children: [
      { index: true, lazy: () => import("../features/home/landing-page") },
      { path: "login", lazy: () => import("../features/auth/sign-in-page") },
      { path: "register", lazy: () => import("../features/registration/registration-page") },
      {
        path: "register/:token",
        lazy: () => import("../features/team-registration/team-registration-page"),
      },
      {
        path: "forgotten-password",
        lazy: () => import("../features/auth/forgotten-password-page"),
      },
      {
        path: "forgotten-password/:token",
        lazy: () => import("../features/auth/forgotten-password-reset-page"),
      },
      { path: "product-catalog", lazy: () => import("../features/content/product-catalog-page") },
      { path: "privacy/terms-and-conditions", lazy: () => import("../features/legal/terms-page") },
      {
        path: "privacy/privacy-policy",
        lazy: () => import("../features/legal/privacy-policy-page"),
      },
      // The auditor view: staff sign in on the page itself (no shop session).
      { path: "machines", lazy: () => import("../features/machines/machines-page") },
      {
        Component: RequireSession,
        children: [
          { path: "shop", lazy: () => import("../features/catalog/shop-home-page") },
          { path: "shop/products", lazy: () => import("../features/catalog/search-page") },
          {
            path: "shop/products/:productCode",
            lazy: () => import("../features/catalog/product-page"),
          },
          {
            path: "shop/category/:taxonCode",
            lazy: () => import("../features/catalog/category-page"),
          },
          { path: "shop/treatments", lazy: () => import("../features/content/treatments-page") },
          { path: "shop/about", lazy: () => import("../features/content/about-page") },
          { path: "shop/help", lazy: () => import("../features/help/help-page") },
          {
            path: "shop/quick-order",
            lazy: () => import("../features/quick-order/quick-order-page"),
          },
          { path: "shop/outlet", lazy: () => import("../features/content/outlet-page") },
          { path: "shop/account", lazy: () => import("../features/account/account-page") },
          {
            path: "shop/account/:section",
            lazy: () => import("../features/account/account-page"),
          },
          { path: "checkout", lazy: () => import("../features/checkout/checkout-page") },
        ],
      },
      { path: "*", lazy: () => import("./pages/not-found") },
    ],
  },
];

/** The browser router of the storefront. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
