import { createActor } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { CONSENT_TTL_MS, cookieConsentMachine } from "../../machines/cookie-consent.machine.js";
import { languageMachine } from "../../machines/language.machine.js";
import { NOW, model as cookieConsentModel } from "./models/cookie-consent.model.js";
import { model as languageModel } from "./models/language.model.js";
import { pathTests } from "./support/path-tests.js";

describe("language machine", () => {
  pathTests(languageModel, { groups: 1 });

  it("stores the new language and reloads; the same language does nothing", () => {
    const store = vi.fn();
    const reload = vi.fn();
    const actor = createActor(
      languageMachine.provide({ actions: { storeLocale: (_, p) => store(p), reloadPage: reload } }),
      {
        input: { stored: "fr" },
      },
    ).start();
    actor.send({ type: "language.select", locale: "fr" });
    expect(reload).not.toHaveBeenCalled();
    actor.send({ type: "language.select", locale: "de" });
    expect(store).toHaveBeenCalledWith({ locale: "de" });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe("cookie consent machine", () => {
  pathTests(cookieConsentModel, { groups: 1 });

  it("hides the bar for 30 days after agreeing and clears an expired consent", () => {
    const store = vi.fn();
    const clear = vi.fn();
    const machine = cookieConsentMachine.provide({
      actions: { storeConsent: (_, p) => store(p), clearConsent: clear },
    });
    const expired = createActor(machine, {
      input: { stored: { accepted: true, expiresAt: NOW - 1 }, now: NOW },
    }).start();
    expect(clear).toHaveBeenCalled();
    expect(expired.getSnapshot().value).toBe("shown");
    expired.send({ type: "cookies.accept", now: NOW });
    expect(store).toHaveBeenCalledWith({ expiresAt: NOW + CONSENT_TTL_MS });
    expect(CONSENT_TTL_MS).toBe(2_592_000_000);
    expect(expired.getSnapshot().value).toBe("accepted");
  });
});
