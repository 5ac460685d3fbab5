import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Price } from "../../components/price";
import { ProductCard } from "../../components/product-card";
import { QuantityInput } from "../../components/quantity-input";
import { MIN_QUANTITY, normalizeQuantity } from "../../components/quantity";
import { gateway } from "../../lib/gateway";
import { ProductDocument, type ProductQuery } from "../../lib/gql/graphql";
import { PLACEHOLDER_IMAGE } from "../../lib/placeholder";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { addProductToCart } from "./catalog.services";
import { CatalogLoader, CatalogMessage } from "./catalog-listing";
import { badgeImage, galleryImages } from "./product-images";

/** At most 4 related products (spec section 9). */
const RELATED = 4;

type Product = NonNullable<ProductQuery["product"]>;

function Gallery({ product }: { product: Product }) {
  const { t } = useTranslation("catalog");
  const images = galleryImages(product.images);
  const badge = badgeImage(product.images);
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];
  return (
    <Stack gap="md">
      <Box bg="stone.0" pos="relative" style={{ borderRadius: 8, overflow: "hidden" }}>
        <Image
          src={current?.path ?? null}
          fallbackSrc={PLACEHOLDER_IMAGE}
          alt={product.name}
          h={460}
          fit="contain"
          p="xl"
          data-testid="gallery-main"
        />
        {badge && (
          <Image
            src={badge.path}
            alt=""
            pos="absolute"
            top={16}
            left={16}
            w={72}
            h={72}
            fit="contain"
            data-testid="product-badge"
          />
        )}
      </Box>
      {images.length > 1 && (
        <Group gap="sm" aria-label={t("product.gallery")} role="list">
          {images.map((image, index) => (
            <UnstyledButton
              key={`${image.path}-${index}`}
              role="listitem"
              aria-label={t("product.showImage", { number: index + 1 })}
              aria-current={index === selected}
              onClick={() => setSelected(index)}
              bg="stone.0"
              style={{
                borderRadius: 6,
                outline: index === selected ? "2px solid var(--mantine-color-clay-6)" : "none",
              }}
            >
              <Image
                src={image.path}
                fallbackSrc={PLACEHOLDER_IMAGE}
                alt=""
                w={72}
                h={72}
                p={4}
                fit="contain"
              />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function AddToCart({ product }: { product: Product }) {
  const { t, i18n } = useTranslation("catalog");
  const [quantity, setQuantity] = useState<string | number>(MIN_QUANTITY);
  const [adding, setAdding] = useState(false);
  const first = product.variants[0];
  const variantCode = first?.code ?? product.defaultVariantCode;
  // The first variant decides availability (spec section 4); no variant means nothing to sell.
  const available = Boolean(first?.inStock && variantCode);

  const add = async () => {
    if (!variantCode || adding) return;
    const amount = normalizeQuantity(quantity);
    setQuantity(amount);
    setAdding(true);
    const outcome = await addProductToCart(gateway, {
      variantCode,
      quantity: amount,
      language: i18n.language,
    });
    setAdding(false);
    if (outcome.ok) {
      notifications.show({
        color: "green",
        title: t("cart.successTitle"),
        message: t("cart.added"),
        autoClose: 3500,
      });
    } else {
      notifications.show({
        color: "red",
        title: t("cart.errorTitle"),
        message: outcome.message ?? t("cart.failed"),
        autoClose: 4000,
      });
    }
  };

  const button = (
    <Button
      color="clay"
      size="md"
      onClick={() => void add()}
      loading={adding}
      disabled={!available || adding}
    >
      {t("product.addToCart")}
    </Button>
  );
  return (
    <Group align="flex-end" gap="md">
      <QuantityInput
        label={t("product.quantity")}
        value={quantity}
        onChange={setQuantity}
        w={120}
        size="md"
        disabled={!available}
      />
      {available ? (
        button
      ) : (
        <Tooltip label={t("product.comingSoonTooltip")} withArrow>
          {/* A disabled button fires no pointer events; the wrapper carries the tooltip. */}
          <Box component="span" display="inline-block" data-testid="add-to-cart-wrapper">
            {button}
          </Box>
        </Tooltip>
      )}
    </Group>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const { t } = useTranslation("catalog");
  const first = product.variants[0];
  const price = first?.price ?? product.price;
  const rrp = first?.rrpPrice ?? product.rrpPrice;
  const currency = first?.currencyCode ?? product.currencyCode;
  const available = Boolean(first?.inStock);
  const related = product.related.slice(0, RELATED);
  return (
    <Container size="xl" py={64}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56}>
        <Gallery product={product} />
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1}>{product.name}</Title>
            <Text c="stone.6" size="sm" data-testid="product-sku">
              {t("product.sku", { code: product.code })}
            </Text>
          </Stack>
          {!available && (
            <Badge color="stone.6" variant="light" size="lg" w="fit-content">
              {t("product.comingSoon")}
            </Badge>
          )}
          <Group gap="xl">
            {price != null && (
              <Stack gap={0}>
                <Text size="xs" c="stone.6" tt="uppercase">
                  {t("product.price")}
                </Text>
                <Price amount={price} currencyCode={currency} fz="xl" fw={600} c="clay.7" />
              </Stack>
            )}
            {rrp != null && (
              <Stack gap={0}>
                <Text size="xs" c="stone.6" tt="uppercase">
                  {t("product.rrp")}
                </Text>
                <Price amount={rrp} currencyCode={currency} fz="xl" c="stone.7" />
              </Stack>
            )}
          </Group>
          <AddToCart product={product} />
          {product.description && (
            <Text c="stone.8" style={{ whiteSpace: "pre-line" }}>
              {product.description}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
      {related.length > 0 && (
        <Box component="section" mt={96} aria-labelledby="related-title">
          <Title order={2} id="related-title" mb="xl" ta="center">
            {t("product.related")}
          </Title>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xl" verticalSpacing={48}>
            {related.map((item) => (
              <ProductCard key={item.code} product={item} />
            ))}
          </SimpleGrid>
        </Box>
      )}
    </Container>
  );
}

/** /shop/products/:productCode: gallery, prices, quantity and add to cart, related products. */
export function Component() {
  const { t, i18n } = useTranslation("catalog");
  const code = useParams().productCode ?? "";
  const product = useGatewayQuery(
    () => gateway(ProductDocument, { code }),
    `product-${code}-${i18n.language}`,
  );
  if (product.status === "loading") return <CatalogLoader />;
  if (product.status === "error") return <CatalogMessage>{t("listing.loadError")}</CatalogMessage>;
  if (!product.data.product) return <CatalogMessage>{t("product.notFound")}</CatalogMessage>;
  return <ProductDetails key={product.data.product.code} product={product.data.product} />;
}
