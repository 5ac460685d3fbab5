import deAccount from "../../../locales/de/account.json";
import deLegal from "../../../locales/de/legal.json";
import enAccount from "../../../locales/en/account.json";
import enLegal from "../../../locales/en/legal.json";
import esAccount from "../../../locales/es/account.json";
import esLegal from "../../../locales/es/legal.json";
import frAccount from "../../../locales/fr/account.json";
import frLegal from "../../../locales/fr/legal.json";
import itAccount from "../../../locales/it/account.json";
import itLegal from "../../../locales/it/legal.json";
import type { NamespaceBundles } from "../../lib/lazy-namespace";

/** The `account` namespace (its teamRegistration.* keys) in every language. */
export const ACCOUNT_TEXTS: NamespaceBundles = {
  en: enAccount,
  fr: frAccount,
  de: deAccount,
  it: itAccount,
  es: esAccount,
};

/** The `legal` namespace: the terms the dialog shows are the ones of /privacy/terms-and-conditions. */
export const LEGAL_TEXTS: NamespaceBundles = {
  en: enLegal,
  fr: frLegal,
  de: deLegal,
  it: itLegal,
  es: esLegal,
};

/** One numbered section of the terms; paragraphs are separated by blank lines. */
export interface TermsSection {
  heading: string;
  body: string;
}

/** Reads the `terms.sections` array of the legal namespace, tolerating a missing translation. */
export function asSections(value: unknown): TermsSection[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is TermsSection =>
      typeof item === "object" &&
      item !== null &&
      typeof (item as TermsSection).heading === "string" &&
      typeof (item as TermsSection).body === "string",
  );
}
