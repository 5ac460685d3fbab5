import { BRAND } from "../../lib/brand";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { asSections, LegalDocument } from "./legal-document";
import { LEGAL_TEXTS } from "./legal-texts";

/** /privacy/privacy-policy: the privacy policy, version of April 2025. */
export function Component() {
  const { t } = useLazyNamespace("legal", LEGAL_TEXTS);
  return (
    <LegalDocument
      title={t("privacy.title")}
      updated={t("privacy.updated")}
      sections={asSections(t("privacy.sections", { returnObjects: true, brand: BRAND.name }))}
    />
  );
}
