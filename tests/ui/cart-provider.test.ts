// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { createElement as h, useEffect } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as CartActorModule from "../../src/app/cart-actor";
import { createI18n } from "../../src/lib/i18n";

const started = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/lib/gateway", () => ({
  // The cart's first call never answers: the actor stays in "finding", which is all we check.
  gateway: vi.fn(() => new Promise(() => {})),
  onGatewayUnauthorized: () => () => {},
}));
vi.mock("../../src/app/cart-actor", async (importOriginal) => {
  const actual = await importOriginal<typeof CartActorModule>();
  return {
    ...actual,
    startCartActor: (...args: Parameters<typeof actual.startCartActor>) => {
      started.count += 1;
      return actual.startCartActor(...args);
    },
  };
});

const { CartProvider } = await import("../../src/app/cart");
const { CartContext, CartReady, useCartReady } = await import("../../src/lib/cart");

let mounts = 0;
function Page() {
  useEffect(() => void (mounts += 1), []);
  return h("p", { "data-testid": "page" }, useCartReady() ? "ready" : "waiting");
}
function CartState() {
  return h(
    "span",
    { "data-testid": "state" },
    CartContext.useSelector((s) => String(s.value)),
  );
}

const i18n = createI18n("en");
const tree = (token: string | null) =>
  h(
    I18nextProvider,
    { i18n },
    h(CartProvider, {
      token,
      children: [
        h(Page, { key: "page" }),
        h(CartReady, { key: "cart", fallback: h("i", null, "no cart"), children: h(CartState) }),
      ],
    }),
  );

afterEach(() => {
  cleanup();
  mounts = 0;
  started.count = 0;
});

describe("CartProvider", () => {
  it("loads and starts no cart for a signed-out visit", async () => {
    render(tree(null));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId("page").textContent).toBe("waiting");
    expect(screen.getByText("no cart")).toBeTruthy();
    expect(started.count).toBe(0);
  });

  it("starts the cart when someone signs in without remounting the page, and stops it on sign-out", async () => {
    const { rerender } = render(tree(null));
    const page = screen.getByTestId("page");
    rerender(tree("token-1"));
    expect(await screen.findByText("ready", {}, { timeout: 10_000 })).toBe(page);
    expect(mounts).toBe(1);
    expect(started.count).toBe(1);
    expect(screen.getByTestId("state").textContent).toBe("finding");

    rerender(tree(null));
    expect(screen.getByTestId("state").textContent).toBe("signedOut");
    // Signing in again reuses the visit's actor.
    rerender(tree("token-2"));
    expect(screen.getByTestId("state").textContent).toBe("finding");
    expect(started.count).toBe(1);
    expect(mounts).toBe(1);
  });
});
