import "@adyen/adyen-web/styles/adyen.css";
import { AdyenCheckout, Card, Dropin } from "@adyen/adyen-web";
import { useEffect, useRef } from "react";
import type { ActorRefFrom } from "xstate";
import type { cardPaymentMachine, CardPaymentSetup } from "../../../machines/card-payment.machine";

type PaymentActor = ActorRefFrom<typeof cardPaymentMachine>;

/** Waits until the machine has the server's answer to the submission just sent. */
function answerAfter(actor: PaymentActor): Promise<{ resultCode: string; action?: object }> {
  return new Promise((resolve, reject) => {
    const sub = actor.subscribe((s) => {
      if (s.matches("submitting") || s.matches("submittingDetails")) return;
      sub.unsubscribe();
      const answer = s.context.answer;
      if (!answer) return reject(new Error(s.context.failure ?? "payment failed"));
      resolve({
        resultCode: answer.resultCode,
        ...(answer.action ? { action: JSON.parse(answer.action) as object } : {}),
      });
    });
  });
}

/**
 * Adyen's Drop-in with a real client key (advanced flow): the Drop-in collects the card and
 * runs 3-D Secure; every submission goes through the payment machine to the server, which
 * alone talks to Adyen and decides the outcome.
 */
export default function AdyenDropinView(props: { setup: CardPaymentSetup; actor: PaymentActor }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let dropin: Dropin | null = null;
    let cancelled = false;
    const { setup, actor } = props;
    void (async () => {
      const checkout = await AdyenCheckout({
        clientKey: setup.clientKey ?? "",
        environment: setup.environment === "live" ? "live" : "test",
        locale: setup.locale,
        countryCode: setup.countryCode ?? "DE",
        amount: setup.amount,
        paymentMethodsResponse: JSON.parse(setup.paymentMethods) as never,
        onSubmit: async (state, _component, actions) => {
          actor.send({ type: "payment.submit", data: JSON.stringify(state.data) });
          try {
            actions.resolve((await answerAfter(actor)) as never);
          } catch {
            actions.reject();
          }
        },
        onAdditionalDetails: async (state, _component, actions) => {
          actor.send({ type: "payment.details", data: JSON.stringify(state.data) });
          try {
            actions.resolve((await answerAfter(actor)) as never);
          } catch {
            actions.reject();
          }
        },
      });
      if (cancelled || !container.current) return;
      dropin = new Dropin(checkout, { paymentMethodComponents: [Card] }).mount(container.current);
    })();
    return () => {
      cancelled = true;
      dropin?.unmount();
    };
  }, [props]);
  return <div ref={container} data-testid="adyen-dropin" />;
}
