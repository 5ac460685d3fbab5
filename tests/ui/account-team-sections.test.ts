// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createElement as h, type ComponentType } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../src/lib/i18n";
import { readSession, writeSession } from "../../src/lib/storage";

const answers = vi.hoisted(() => new Map<string, (vars: unknown) => unknown>());
const gatewayMock = vi.hoisted(() =>
  // The documents are strings: the operation is the name after `query`/`mutation`.
  vi.fn(async (doc: { toString(): string }, vars: unknown) => {
    const name = /\b(?:query|mutation)\s+(\w+)/.exec(String(doc))?.[1] ?? "";
    const answer = answers.get(name);
    if (!answer) throw new Error(`no answer for ${name}`);
    return answer(vars);
  }),
);
vi.mock("../../src/lib/gateway", () => ({
  gateway: gatewayMock,
  onGatewayUnauthorized: () => () => {},
  endServerSession: () => {},
}));

const { TeamSection } = await import("../../src/features/account/team/team-section");
const { AddressBookSection } =
  await import("../../src/features/account/addresses/address-book-section");
const { MyInformationSection } =
  await import("../../src/features/account/me/my-information-section");
const { Component: TeamRegistrationPage } =
  await import("../../src/features/team-registration/team-registration-page");

function renderAt(path: string, routes: { path: string; Component: ComponentType }[]) {
  const router = createMemoryRouter(
    [...routes, { path: "/login", Component: () => h("p", null, "sign-in page") }],
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

const member = (id: string, email: string, isSelf: boolean, status = "ACTIVE") => ({
  id,
  email,
  firstName: status === "ACTIVE" ? "Name" : null,
  lastName: status === "ACTIVE" ? "Surname" : null,
  roles: ["COMMERCIAL"],
  role: isSelf ? "ADMIN" : "COMMERCIAL",
  status,
  isSelf,
});

beforeEach(() => {
  localStorage.clear();
  answers.clear();
  gatewayMock.mockClear();
});
afterEach(cleanup);

describe("company users section", () => {
  it("offers no role change and no removal on one's own row", async () => {
    answers.set("CompanyUsers", () => ({
      companyUsers: [
        member("1", "admin@demo-spa.example", true),
        member("2", "new.colleague@demo-spa.example", false, "PENDING"),
      ],
    }));
    renderAt("/", [{ path: "/", Component: TeamSection }]);
    const rows = await screen.findAllByTestId("team-row");
    expect(within(rows[0]!).queryByRole("button")).toBeNull();
    expect(within(rows[0]!).queryByRole("combobox")).toBeNull();
    expect(within(rows[0]!).getByText("You")).toBeTruthy();
    expect(within(rows[1]!).getByRole("button", { name: /Remove/ })).toBeTruthy();
    expect(within(rows[1]!).getByText("Pending")).toBeTruthy();
  });

  it("asks before removing and removes only after confirming", async () => {
    answers.set("CompanyUsers", () => ({
      companyUsers: [
        member("1", "admin@demo-spa.example", true),
        member("2", "buyer@demo-spa.example", false),
      ],
    }));
    answers.set("RemoveCompanyUser", () => ({
      removeCompanyUser: { __typename: "Deleted", success: true },
    }));
    renderAt("/", [{ path: "/", Component: TeamSection }]);
    await screen.findAllByTestId("team-row");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Remove buyer@demo-spa.example" }));
    });
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(
      "Are you sure you want to remove the company user buyer@demo-spa.example?",
    );
    expect(gatewayMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    });
    await vi.waitFor(() => expect(screen.getAllByTestId("team-row")).toHaveLength(1));
  });
});

describe("address book section", () => {
  it("locks the default billing address and keeps the default shipping address", async () => {
    const address = (id: string, street: string, billing: boolean, shipping: boolean) => ({
      id,
      firstName: "Anna",
      lastName: "Becker",
      company: "Demo Spa GmbH",
      street,
      postcode: "10117",
      city: "Berlin",
      countryCode: "DE",
      provinceCode: null,
      provinceName: null,
      phoneNumber: null,
      email: null,
      isDefaultBilling: billing,
      isDefaultShipping: shipping,
    });
    answers.set("AddressBook", () => ({
      addresses: [
        address("1", "Billing Street 1", true, false),
        address("2", "Shipping Street 2", false, true),
        address("3", "Other Street 3", false, false),
      ],
      countries: [{ code: "DE", name: "Germany", provinces: [] }],
    }));
    renderAt("/", [{ path: "/", Component: AddressBookSection }]);
    const rows = await screen.findAllByTestId("address-row");
    expect(within(rows[0]!).getByText("Billing Street 1, 10117 Berlin, Germany")).toBeTruthy();
    expect(within(rows[0]!).queryByRole("button", { name: /Edit/ })).toBeNull();
    expect(within(rows[0]!).queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(within(rows[1]!).getByRole("button", { name: /Edit/ })).toBeTruthy();
    expect(within(rows[1]!).queryByRole("button", { name: /Remove/ })).toBeNull();
    const shippingSwitch = within(rows[1]!).getByRole("switch") as HTMLInputElement;
    expect(shippingSwitch.checked && shippingSwitch.disabled).toBe(true);
    expect(within(rows[2]!).getByRole("button", { name: /Remove/ })).toBeTruthy();
    expect((within(rows[2]!).getByRole("switch") as HTMLInputElement).disabled).toBe(false);
  });
});

describe("my information section", () => {
  it("enables the password change only when filled and keeps the session (the server sets its new cookie)", async () => {
    writeSession("5");
    answers.set("MyInformation", () => ({
      me: {
        id: "5",
        email: "buyer@demo-spa.example",
        firstName: "Jonas",
        lastName: "Keller",
        fullName: "Jonas Keller",
        phoneNumber: null,
        jobTitle: null,
        companyName: "Demo Spa GmbH",
        roles: ["ROLE_COMPANY_COMMERCIAL"],
      },
    }));
    answers.set("ChangePassword", () => ({
      changePassword: { __typename: "PasswordChanged" },
    }));
    renderAt("/", [{ path: "/", Component: MyInformationSection }]);
    const block = await screen.findByRole("form", { name: "Change password" });
    const button = within(block).getByRole("button", { name: "Change password" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    for (const [label, value] of [
      ["Current password", "partner-demo"],
      ["New password", "a-new-secret-1"],
      ["Repeat new password", "a-new-secret-1"],
    ] as const)
      fireEvent.change(within(block).getByLabelText(label), { target: { value } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await act(async () => {
      fireEvent.click(button);
    });
    await vi.waitFor(() =>
      expect(gatewayMock.mock.calls.some(([doc]) => String(doc).includes("ChangePassword"))).toBe(
        true,
      ),
    );
    expect(readSession()?.customerId).toBe("5");
    expect(localStorage.getItem("token")).toBeNull();
  });
});

describe("team-member registration page", () => {
  const route = [{ path: "/register/:token", Component: TeamRegistrationPage }];

  it("says clearly when the link does not work", async () => {
    answers.set("TeamInvitation", () => ({
      teamInvitation: { valid: false, message: "This invitation link is not valid." },
    }));
    renderAt("/register/used-token", route);
    // Said once: the heading names the problem, one sentence the reason, then the ways on.
    const alert = await screen.findByTestId("invitation-invalid");
    await screen.findByRole("heading", { name: "This invitation link does not work" });
    expect(alert.textContent).toContain("It may have expired or already been used.");
    expect(alert.textContent).not.toContain("does not work");
    expect(screen.getByRole("link", { name: "Sign in" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Register" })).toBeNull();
  });

  it("asks for the terms when Register is pressed without them, then shows the success (issue 30)", async () => {
    answers.set("TeamInvitation", () => ({ teamInvitation: { valid: true, message: null } }));
    answers.set("RegisterTeamMember", (vars) => {
      expect(vars).toMatchObject({
        input: { token: "tok", firstName: "Clara", termsAccepted: true },
      });
      return {
        registerTeamMember: { __typename: "TeamMemberRegistered", email: "c@demo.example" },
      };
    });
    renderAt("/register/tok", route);
    const register = (await screen.findByRole("button", { name: "Register" })) as HTMLButtonElement;
    // Enabled from the start: pressing it says what is missing (an empty submit said nothing).
    expect(register.disabled).toBe(false);
    for (const [label, value] of [
      [/^First name/, "Clara"],
      [/^Last name/, "Colleague"],
      [/^Password/, "clara-secret-1"],
      [/^Repeat password/, "clara-secret-1"],
    ] as const)
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await act(async () => {
      fireEvent.click(register);
    });
    await screen.findByText("You must accept the terms and conditions");
    expect(screen.queryByTestId("registration-complete")).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByText("Terms & Conditions"));
    });
    const terms = await screen.findByRole("dialog");
    await act(async () => {
      fireEvent.click(within(terms).getByRole("button", { name: "Accept" }));
    });
    expect(register.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(register);
    });
    const done = await screen.findByTestId("registration-complete");
    expect(done.textContent).toContain("Your registration is complete! Log in now to get started.");
    expect(within(done).getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/login");
  });
});
