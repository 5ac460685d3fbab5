import "@mantine/core/styles/Center.css";
import { Center, Loader } from "@mantine/core";
import { Outlet } from "react-router";
import { useCartReady } from "../lib/cart";
import { useSessionAllowsContent } from "../lib/session";
import { SessionProvider } from "./session";

/**
 * Layout route of the shop pages: runs the session actor and shows the page while valid and
 * once the cart actor runs (its chunk loads alongside the page's; shop pages read the cart).
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
  return allowed && cartReady ? (
    <Outlet />
  ) : (
    <Center py={120}>
      <Loader color="clay" type="dots" />
    </Center>
  );
}
