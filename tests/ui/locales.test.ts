// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { createI18n, resources } from "../../src/lib/i18n";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("UI texts", () => {
  const english = resources.en;
  for (const [language, namespaces] of Object.entries(resources)) {
    it(`${language} has every key of English, none empty`, () => {
      for (const ns of ["common", "auth"] as const) {
        expect(keys(namespaces[ns]).sort(), `${language}/${ns}`).toEqual(keys(english[ns]).sort());
        for (const key of keys(namespaces[ns])) {
          const text = key
            .split(".")
            .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], namespaces[ns]);
          expect(typeof text === "string" && text.trim() !== "", `${language}/${ns}:${key}`).toBe(
            true,
          );
        }
      }
    });
  }

  it("starts in the stored language, English when unknown", () => {
    expect(createI18n("de").t("session.expired")).toBe("Sitzung abgelaufen");
    expect(createI18n("xx").t("session.expired")).toBe("Session expired");
    expect(createI18n(null).t("signIn.submit", { ns: "auth" })).toBe("Sign in");
  });
});
