// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createElement as h } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../src/lib/i18n";

const gatewayMock = vi.hoisted(() => vi.fn());
const endServerSession = vi.hoisted(() => vi.fn());
vi.mock("../../src/lib/gateway", () => ({
  gateway: gatewayMock,
  onGatewayUnauthorized: () => () => {},
  endServerSession,
  signOutSettled: () => Promise.resolve(),
}));

const { Component: SignInPage } = await import("../../src/features/auth/sign-in-page");

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/login", Component: SignInPage },
      { path: "/shop", Component: () => h("p", null, "shop home") },
    ],
    { initialEntries: [path] },
  );
  render(
    h(
      I18nextProvider,
      { i18n: createI18n("en") },
      h(MantineProvider, null, h(RouterProvider, { router })),
    ),
  );
  return router;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  localStorage.clear();
  gatewayMock.mockReset();
});
afterEach(cleanup);

describe("sign-in page", () => {
  it("clears a stored session when visited, and ends it on the server", () => {
    localStorage.setItem("customer", JSON.stringify({ value: "7", expiry: Date.now() + 1000 }));
    endServerSession.mockClear();
    renderAt("/login");
    expect(localStorage.getItem("customer")).toBeNull();
    expect(endServerSession).toHaveBeenCalled();
  });

  it("shows the server's message in a closable snackbar", async () => {
    gatewayMock.mockResolvedValue({
      signIn: { __typename: "InvalidCredentialsError", message: "Invalid credentials." },
    });
    renderAt("/login");
    fill("Email", "buyer@demo-spa.example");
    fill("Password", "nope");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Invalid credentials.");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Close" }));
    });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("does not call the gateway without both fields", async () => {
    renderAt("/login");
    fill("Email", "buyer@demo-spa.example");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    });
    expect(gatewayMock).not.toHaveBeenCalled();
  });

  it("stores the customer (never a token) for 12 hours and goes to /shop on success", async () => {
    gatewayMock.mockResolvedValue({
      signIn: { __typename: "SignInSuccess", customerId: "7" },
    });
    const router = renderAt("/login");
    fill("Email", " buyer@demo-spa.example ");
    fill("Password", "partner-demo");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    });
    await screen.findByText("shop home");
    expect(router.state.location.pathname).toBe("/shop");
    expect(gatewayMock.mock.calls[0]?.[1]).toEqual({
      email: "buyer@demo-spa.example",
      password: "partner-demo",
    });
    const stored = JSON.parse(localStorage.getItem("customer")!) as {
      value: string;
      expiry: number;
    };
    expect(stored.value).toBe("7");
    expect(stored.expiry - Date.now()).toBeGreaterThan(12 * 3600_000 - 60_000);
    expect(localStorage.getItem("token")).toBeNull();
  });
});
