// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createElement as h } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../src/lib/i18n";

const services = vi.hoisted(() => ({
  loadRegistrationCountries: vi.fn(),
  submitRegistration: vi.fn(),
}));
vi.mock("../../src/features/registration/registration.services", () => services);

const { Component: RegistrationPage } =
  await import("../../src/features/registration/registration-page");

const COUNTRIES = [
  { code: "FR", name: "France", emea: true, provinces: [] },
  {
    code: "US",
    name: "United States",
    emea: false,
    provinces: [{ code: "US-NY", name: "New York" }],
  },
];

function renderPage() {
  const router = createMemoryRouter([{ path: "/register", Component: RegistrationPage }], {
    initialEntries: ["/register"],
  });
  render(
    h(
      I18nextProvider,
      { i18n: createI18n("en") },
      h(MantineProvider, { env: "test" }, h(RouterProvider, { router })),
    ),
  );
}

const textbox = (name: string) => screen.getByRole("textbox", { name });

async function type(name: string, value: string) {
  await act(async () => {
    fireEvent.change(textbox(name), { target: { value } });
  });
}

async function choose(name: string, option: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole("combobox", { name }));
  });
  const choice = await screen.findByRole("option", { name: option });
  await act(async () => {
    fireEvent.click(choice);
  });
}

async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

beforeEach(() => {
  services.loadRegistrationCountries.mockReset().mockResolvedValue(COUNTRIES);
  services.submitRegistration.mockReset();
});
afterEach(cleanup);

describe("partner registration page", () => {
  // A whole four-step journey rendered in happy-dom: over 20 s when the shared CPUs are busy,
  // so the suite's 30 s left no margin.
  it(
    "shows the spec's messages, the fields the country asks for, and the generic failure",
    {
      timeout: 90_000,
    },
    async () => {
      services.submitRegistration
        .mockRejectedValueOnce(new Error(""))
        .mockResolvedValueOnce(undefined);
      renderPage();
      await screen.findByRole("heading", { name: "Contact information", level: 2 });
      expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe(
        "/login",
      );
      await press("Continue");
      expect(screen.getAllByText("Field is required")).toHaveLength(4);
      await type("Email", "anna@atelier-nord.example");
      await type("First name", "Anna");
      await type("Last name", "Berg");
      await type("Phone", "+1 212 555 0100");
      await press("Continue");
      await screen.findByRole("heading", { name: "Company information", level: 2 });

      await type("Company name", "Atelier Nord Inc.");
      await choose("Type of business", "B2B – selling to businesses");
      await choose("Country", "United States");
      expect(screen.queryByRole("textbox", { name: "VAT number" })).toBeNull();
      await type("Registration number", "NY-4471");
      await press("Continue");
      await screen.findByRole("heading", { name: "Address", level: 2 });
      await type("Street address", "12 Mercer Street");
      await type("City", "New York");
      await type("Postal code", "10013");
      await choose("State / province", "New York");
      await press("Continue");
      await screen.findByRole("heading", { name: "Evaluation", level: 2 });

      await choose("Company status", "Existing company");
      await choose("Business model", "Omnichannel");
      expect(textbox("Number of physical stores")).toBeTruthy();
      expect(textbox("Number of online shops")).toBeTruthy();
      await type("Number of physical stores", "3");
      await type("Number of online shops", "1");
      await act(async () => {
        fireEvent.click(screen.getByRole("checkbox", { name: /I accept the terms/ }));
      });
      await press("Register");
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toContain(
        "Something went wrong! Please try again or contact us at partners@lume-atelier.example",
      );
      expect(services.submitRegistration).toHaveBeenCalledTimes(1);
      const sent = services.submitRegistration.mock.calls[0]![0];
      expect(sent.values).toMatchObject({ billingCountry: "US", state: "US-NY", storesCount: "3" });

      await press("Register");
      await screen.findByText("Thank you for your application!");
    },
  );
});
