import { lazy, Suspense } from "react";
import { useIsClient } from "../../lib/server-render";

const CookieBar = lazy(() => import("./cookie-bar").then((m) => ({ default: m.CookieBar })));

/**
 * The cookie bar, loaded after the page (decision 026): the consent lives in the browser's
 * storage, so the server cannot render it and the first frame does not need its machine. It
 * is fixed at the bottom: appearing later moves nothing.
 */
export function DeferredCookieBar() {
  return useIsClient() ? (
    <Suspense fallback={null}>
      <CookieBar />
    </Suspense>
  ) : null;
}
