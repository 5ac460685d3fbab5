import { createActor, fromPromise } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { cardPaymentMachine } from "../../machines/card-payment.machine.js";
import {
  answer,
  input,
  model as cardPaymentModel,
  setupAnswer,
} from "./models/card-payment.model.js";
import { pathTests } from "./support/path-tests.js";

describe("card payment machine", () => {
  pathTests(cardPaymentModel, {
    rule: "success only on Authorised, Pending or Received",
    groups: 1,
  });

  it("pays through a challenge, reporting the placed order once", async () => {
    const paid = vi.fn();
    const actor = createActor(
      cardPaymentMachine.provide({
        actors: {
          loadSetup: fromPromise(async () => setupAnswer),
          submitPayment: fromPromise(async () => answer("ChallengeShopper", "{}")),
          submitDetails: fromPromise(async ({ input: i }) =>
            answer(JSON.parse(i.data).password === "password" ? "Authorised" : "Refused"),
          ),
        },
        actions: { reportPaid: (_, params) => paid(params.orderNumber) },
      }),
      { input },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("ready"));
    actor.send({ type: "payment.submit", data: "{}" });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("additionalAction"));
    actor.send({ type: "payment.details", data: '{"password":"wrong"}' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("failed"));
    expect(actor.getSnapshot().context.answer?.resultCode).toBe("Refused");
    actor.send({ type: "payment.retry" });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("ready"));
    expect(actor.getSnapshot().context.answer).toBeNull();
    actor.send({ type: "payment.submit", data: "{}" });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("additionalAction"));
    actor.send({ type: "payment.details", data: '{"password":"password"}' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("succeeded"));
    expect(paid).toHaveBeenCalledTimes(1);
    expect(paid).toHaveBeenCalledWith("000301");
  });
});
