import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Text.css";
import { Alert, Text } from "@mantine/core";
import { BRAND } from "../../lib/brand";
import { gateway } from "../../lib/gateway";
import { MeDocument } from "../../lib/gql/graphql";
import { useStoredSession } from "../../lib/server-render";
import { readSession } from "../../lib/storage";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { asSections, LegalDocument } from "./legal-document";
import { LEGAL_TEXTS } from "./legal-texts";

/** Whether the signed-in customer's company has a tax number; false for visitors. */
async function hasTaxNumber(): Promise<boolean> {
  if (!readSession()) return false;
  const { me } = await gateway(MeDocument, {});
  return Boolean(me?.taxNumber);
}

/**
 * /privacy/terms-and-conditions. A customer with a tax number is treated as European and reads
 * the terms under the European entity's name (spec section 2 and the account spec); visitors
 * and other customers see the general terms with a note on the European variant.
 */
export function Component() {
  const { t } = useLazyNamespace("legal", LEGAL_TEXTS);
  const session = useStoredSession();
  const european = useGatewayQuery(
    hasTaxNumber,
    `terms-${session ? `${session.customerId}@${session.expiresAt}` : "visitor"}`,
  );
  const isEuropean = european.status === "success" && european.data;
  const brand = BRAND.name;
  return (
    <LegalDocument
      title={t("terms.title")}
      updated={t("terms.updated")}
      sections={asSections(t("terms.sections", { returnObjects: true, brand }))}
      intro={
        european.status === "loading" ? null : isEuropean ? (
          <Alert
            color="clay"
            variant="light"
            mb={40}
            title={t("termsEuropean.entityName", { brand })}
            data-testid="terms-european-entity"
          >
            <Text size="sm" lh={1.7}>
              {t("termsEuropean.intro", { brand })}
            </Text>
          </Alert>
        ) : (
          <Text size="sm" c="stone.6" mb={40} lh={1.7}>
            {t("terms.europeanEntityNote", { brand })}
          </Text>
        )
      }
    />
  );
}
