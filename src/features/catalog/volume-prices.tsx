import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Table.css";
import { Badge, Box, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Price } from "../../components/price";
import type { ProductQuery } from "../../lib/gql/graphql";

type VolumePrice = NonNullable<ProductQuery["product"]>["variants"][number]["volumePrices"][number];

/** The tier whose quantities hold `quantity`; null for none (no tiers, or no quantity yet). */
export function applyingVolumePrice(
  tiers: readonly VolumePrice[],
  quantity: number,
): VolumePrice | null {
  return (
    tiers.find(
      (t) => t.minQuantity <= quantity && (t.maxQuantity == null || quantity <= t.maxQuantity),
    ) ?? null
  );
}

/**
 * A variant's volume prices (decision 040): each tier's quantities, unit price and saving on the
 * first tier, with the one that applies to `quantity` (what the cart holds plus what is being
 * added, as the server prices the merged line) marked. Nothing without tiers.
 */
export function VolumePrices({
  tiers,
  currencyCode,
  quantity,
  inCart,
}: {
  tiers: readonly VolumePrice[];
  currencyCode: string | null | undefined;
  /** The quantity the cart line would have. */
  quantity: number;
  /** Units of this variant already in the cart. */
  inCart: number;
}) {
  const { t, i18n } = useTranslation("catalog");
  if (tiers.length === 0) return null;
  const percent = new Intl.NumberFormat(i18n.language, {
    style: "percent",
    maximumFractionDigits: 0,
    signDisplay: "exceptZero",
  });
  const applying = applyingVolumePrice(tiers, quantity);
  const base = tiers[0]!.price;
  return (
    <Stack
      gap={6}
      component="section"
      aria-labelledby="volume-prices-title"
      data-testid="volume-prices"
    >
      <Text id="volume-prices-title" fw={600}>
        {t("product.volumePrices.title")}
      </Text>
      <Box style={{ overflowX: "auto" }}>
        <Table
          withTableBorder
          verticalSpacing={6}
          horizontalSpacing="sm"
          maw={440}
          aria-describedby="volume-prices-note"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("product.volumePrices.quantity")}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t("product.volumePrices.unitPrice")}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t("product.volumePrices.saving")}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tiers.map((tier) => {
              const current = tier === applying;
              const saving = Math.round(((base - tier.price) / base) * 100) / 100;
              return (
                <Table.Tr
                  key={tier.minQuantity}
                  data-testid="volume-price"
                  data-applies={current || undefined}
                  aria-current={current || undefined}
                  bg={current ? "clay.0" : undefined}
                  fw={current ? 600 : undefined}
                >
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      <span>
                        {tier.maxQuantity == null
                          ? t("product.volumePrices.from", { min: tier.minQuantity })
                          : t("product.volumePrices.range", {
                              min: tier.minQuantity,
                              max: tier.maxQuantity,
                            })}
                      </span>
                      {current && (
                        <Badge color="clay" variant="light" size="sm">
                          {t("product.volumePrices.applies")}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Price amount={tier.price} currencyCode={currencyCode} fz="sm" fw="inherit" />
                  </Table.Td>
                  <Table.Td ta="right">{saving > 0 ? percent.format(-saving) : "—"}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
      <Text id="volume-prices-note" size="xs" c="stone.6">
        {t("product.volumePrices.note")}
        {inCart > 0 && ` ${t("product.volumePrices.noteInCart", { count: inCart })}`}
      </Text>
    </Stack>
  );
}
