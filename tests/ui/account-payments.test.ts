// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createElement as h } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import en from "../../locales/en/account.json";
import de from "../../locales/de/account.json";
import {
  dueDateOf,
  formatBalance,
  initialsOf,
  isCardPayable,
  notPayableReason,
  paymentDateOf,
  paymentStatusOf,
  showsInvoice,
  splitLabel,
  stateColor,
  type FormattableOrder,
} from "../../src/features/account/orders/order-format";
import { createI18n } from "../../src/lib/i18n";
import { addBundle } from "../../src/lib/lazy-namespace";

const gatewayMock = vi.hoisted(() => vi.fn());
vi.mock("../../src/lib/gateway", () => ({
  gateway: gatewayMock,
  onGatewayUnauthorized: () => () => {},
  endServerSession: () => {},
}));

const { PaymentsSection } = await import("../../src/features/account/payments/payments-section");

type Payment = FormattableOrder["payments"][number] & { id?: string; amount?: number };

function order(
  over: Partial<Omit<FormattableOrder, "payments">> & {
    payments?: Payment[];
    [field: string]: unknown;
  } = {},
) {
  return {
    token: "t1",
    number: "000100001",
    state: "new",
    paymentState: "awaiting_payment",
    paymentStatus: "pending",
    currencyCode: "EUR",
    totalUnpaidAmount: 123456,
    splitIndex: null,
    splitCount: null,
    splitOrders: [],
    payments: [
      {
        id: "1",
        state: "new",
        methodCode: "adyen_card",
        amount: 123456,
        dueDate: "2026-11-30T00:00:00.000Z",
        paidAt: null,
      },
    ],
    ...over,
  };
}

describe("account formatting rules", () => {
  it("maps payment states to the four display statuses of spec section 4", () => {
    const status = (paymentState: string) => paymentStatusOf({ paymentState });
    expect(status("paid")).toBe("paid");
    expect(status("completed")).toBe("paid");
    expect(status("partially_paid")).toBe("partially_paid");
    expect(status("awaiting_payment")).toBe("pending");
    expect(status("cart")).toBe("pending");
    for (const other of ["new", "failed", "cancelled", "refunded"])
      expect(status(other)).toBe("not_paid");
  });

  it("shows what is owed as a positive amount with two decimals (decision 063)", () => {
    expect(formatBalance({ totalUnpaidAmount: 123456, currencyCode: "EUR" }, "en")).toBe(
      "€1,234.56",
    );
    expect(formatBalance({ totalUnpaidAmount: 5, currencyCode: "EUR" }, "de")).toBe("0,05\u00a0€");
    expect(formatBalance({ totalUnpaidAmount: 0, currencyCode: "USD" }, "en")).toBe("$0.00");
  });

  it("offers no invoice for an order awaiting approval, rejected or cancelled (issue 32, finding I)", () => {
    expect(showsInvoice({ state: "cancelled" })).toBe(false);
    expect(showsInvoice({ state: "canceled" })).toBe(false);
    expect(showsInvoice({ state: "awaiting approval" })).toBe(false);
    for (const state of ["new", "approved", "shipped", "invoiced", "completed", "fulfilled"])
      expect(showsInvoice({ state }), state).toBe(true);
  });

  it("numbers splits k/N, colours states and offers card payment on every open balance", () => {
    expect(splitLabel({ splitIndex: 2, splitCount: 3 })).toBe("2/3");
    expect(splitLabel({ splitIndex: null, splitCount: null })).toBeNull();
    expect(stateColor("cancelled")).toBe(stateColor("canceled"));
    expect(stateColor("payment missing")).not.toBe("gray");
    expect(stateColor("something new")).toBe("gray");
    expect(isCardPayable(order())).toBe(true);
    expect(isCardPayable(order({ state: "cancelled" }))).toBe(false);
    expect(isCardPayable(order({ totalUnpaidAmount: 0 }))).toBe(false);
    // An invoice left unpaid (payment missing, partially paid) is paid by card for what is open.
    const invoice = order();
    invoice.payments[0]!.methodCode = "invoice";
    expect(isCardPayable(invoice)).toBe(true);
    const processing = order({ totalUnpaidAmount: 0 });
    processing.payments[0]!.state = "processing";
    expect(isCardPayable(processing)).toBe(false);
    expect(notPayableReason(processing)).toBe("processing");
    expect(notPayableReason(invoice)).toBeNull();
  });

  it("reads payment and due dates from the payments", () => {
    const o = order({
      payments: [
        {
          state: "completed",
          methodCode: "invoice",
          paidAt: "2026-10-02T10:00:00Z",
          dueDate: "2026-09-01",
        },
        { state: "new", methodCode: "invoice", paidAt: null, dueDate: "2026-11-01" },
      ],
    });
    expect(paymentDateOf(o)).toBe("2026-10-02T10:00:00Z");
    expect(dueDateOf(o)).toBe("2026-11-01");
    expect(paymentDateOf(order())).toBeNull();
    expect(initialsOf("jonas", "Keller", "x@y")).toBe("JK");
    expect(initialsOf(null, null, "buyer@demo")).toBe("B");
  });
});

describe("payments section", () => {
  beforeEach(() => gatewayMock.mockReset());
  afterEach(cleanup);

  function renderSection() {
    const i18n = createI18n("en");
    addBundle(i18n, "en", "account", en);
    addBundle(i18n, "de", "account", de);
    render(h(I18nextProvider, { i18n }, h(MantineProvider, null, h(PaymentsSection))));
  }

  it("leaves cancelled orders out, shows balances and statuses, and filters pending payments", async () => {
    gatewayMock.mockResolvedValue({
      orders: {
        totalItems: 3,
        items: [
          order({ token: "a", number: "A-1" }),
          order({
            token: "b",
            number: "B-2",
            paymentState: "paid",
            totalUnpaidAmount: 0,
            payments: [
              {
                id: "2",
                state: "completed",
                methodCode: "invoice",
                amount: 1,
                dueDate: null,
                paidAt: "2026-10-02T10:00:00Z",
              },
            ],
          }),
          order({ token: "c", number: "C-3", state: "cancelled", paymentState: "cancelled" }),
        ],
      },
    });
    renderSection();
    const table = await screen.findByTestId("payments-table");
    const rows = within(table).getAllByTestId("payment-row");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining("A-1"),
      expect.stringContaining("B-2"),
    ]);
    expect(within(rows[0]!).getByTestId("payment-balance").textContent).toBe("€1,234.56");
    expect(within(rows[0]!).getByText("Pending")).toBeTruthy();
    expect(
      within(rows[0]!).getByRole("button", { name: "Pay now: order A-1, €1,234.56 by card" }),
    ).toBeTruthy();
    expect(within(rows[1]!).getByText("Paid")).toBeTruthy();
    expect(within(rows[1]!).queryByRole("button", { name: /Pay now/ })).toBeNull();

    fireEvent.click(screen.getByLabelText("Show pending payments only"));
    const pending = within(screen.getByTestId("payments-table")).getAllByTestId("payment-row");
    expect(pending).toHaveLength(1);
    expect(pending[0]!.textContent).toContain("A-1");
  });
});
