import { lazy, Suspense } from "react";

// The shared card dialog loads on the first 'Pay now', so the widget stays out of this bundle.
const CardPaymentDialog = lazy(() =>
  import("../../../components/card-payment/card-payment-dialog").then((m) => ({
    default: m.CardPaymentDialog,
  })),
);

/** 'Pay now' for one order: the card payment dialog (account spec 2). */
export function CardPayment({
  orderToken,
  orderNumber,
  methodCode,
  onClose,
  onPaid,
}: {
  orderToken: string;
  /** Named in the dialog's title, so the partner sees which order is paid (issue 30). */
  orderNumber?: string | null;
  methodCode?: string;
  onClose: () => void;
  onPaid: () => void;
}) {
  return (
    <Suspense fallback={null}>
      <CardPaymentDialog
        orderToken={orderToken}
        orderNumber={orderNumber}
        methodCode={methodCode}
        opened
        onClose={onClose}
        onPaid={onPaid}
      />
    </Suspense>
  );
}
