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
  methodCode,
  onClose,
  onPaid,
}: {
  orderToken: string;
  methodCode?: string;
  onClose: () => void;
  onPaid: () => void;
}) {
  return (
    <Suspense fallback={null}>
      <CardPaymentDialog
        orderToken={orderToken}
        methodCode={methodCode}
        opened
        onClose={onClose}
        onPaid={onPaid}
      />
    </Suspense>
  );
}
