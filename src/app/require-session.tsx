import "@mantine/core/styles/Center.css";
import { Center, Loader } from "@mantine/core";
import { Outlet, useMatches } from "react-router";
import { useCartReady } from "../lib/cart";
import { useSessionAllowsContent } from "../lib/session";
import type { PageHandle } from "./router";
import { SessionProvider } from "./session";

/**
 * Layout route of the shop pages: runs the session actor and shows the page while valid; a page
 * that uses the cart, once the cart actor runs (its chunk loads alongside the page's). A page
 * marked `withoutCart` shows at once, on the server too (issue 31).
 */
export function RequireSession() {
  return (
    <SessionProvider>
      <SessionGate />
    </SessionProvider>
  );
}

function SessionGate() {
  const allowed = useSessionAllowsContent();
  const cartReady = useCartReady();
  const withoutCart = useMatches().some((m) => (m.handle as PageHandle | undefined)?.withoutCart);
  return allowed && (cartReady || withoutCart) ? (
    <Outlet />
  ) : (
    <Center py={120}>
      <Loader color="clay" type="dots" />
    </Center>
  );
}
