// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createElement as h } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../src/lib/i18n";
import { writeSession } from "../../src/lib/storage";

vi.mock("../../src/lib/gateway", () => ({
  gateway: vi.fn(() => new Promise(() => {})),
  onGatewayUnauthorized: () => () => {},
}));

const { SessionProvider, useStoredSessionToken } = await import("../../src/app/session");
const { SessionContext } = await import("../../src/lib/session");

function State() {
  const value = SessionContext.useSelector((s) => String(s.value));
  return h("output", { "data-testid": "state" }, value);
}
function Header() {
  return h("span", { "data-testid": "header" }, useStoredSessionToken() ?? "signed out");
}
const page = (name: string, next: string) => () =>
  h("main", null, h("h1", null, name), h(Link, { to: next }, `to ${next}`));

const i18n = createI18n("en");
function renderShop() {
  const router = createMemoryRouter(
    [
      {
        element: h("div", null, h(Header), h(SessionProvider, null, h(State), h(Outlet))),
        children: [
          { path: "/shop", Component: page("Shop", "/shop/treatments") },
          { path: "/shop/treatments", Component: page("Treatments", "/shop") },
          { path: "/login", Component: page("Login", "/shop") },
        ],
      },
    ],
    { initialEntries: ["/shop"] },
  );
  render(h(I18nextProvider, { i18n }, h(RouterProvider, { router })));
  return router;
}

/** Moves the stored token's expiry into the past, as time passing would. */
function expireStoredSession() {
  const stored = JSON.parse(localStorage.getItem("token")!) as { value: string };
  localStorage.setItem("token", JSON.stringify({ value: stored.value, expiry: Date.now() - 1 }));
}

beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe("the shop's session actor", () => {
  it("ends a session that ran out while the person clicked around, at the next navigation", async () => {
    writeSession("tok", "2");
    const router = renderShop();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.getByTestId("state").textContent).toBe("valid");
    expect(screen.getByTestId("header").textContent).toBe("tok");

    expireStoredSession();
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "to /shop/treatments" }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId("state").textContent).toBe("expired");
    // Storage is cleared by the expiry path, and the header follows at once.
    expect(localStorage.getItem("token")).toBeNull();
    expect(screen.getByTestId("header").textContent).toBe("signed out");
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(router.state.location.pathname).toBe("/login");
  });

  it("keeps a session that is still in date across navigations", async () => {
    writeSession("tok", "2");
    renderShop();
    await act(() => vi.advanceTimersByTimeAsync(600));
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "to /shop/treatments" }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole("heading", { name: "Treatments" })).toBeTruthy();
    expect(screen.getByTestId("state").textContent).toBe("valid");
  });
});
