import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Tooltip.css";
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
import { useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { RunningCartContext, useCartValue } from "../../lib/cart";
import { Price } from "../../components/price";
import { ProductCard } from "../../components/product-card";
import { QuantityInput } from "../../components/quantity-input";
import { MIN_LINE_QUANTITY } from "../../../rules/limits";
import { quantityOf, QUANTITY_RANGE } from "../../components/quantity";
import { gateway } from "../../lib/gateway";
import {
  MeDocument,
  ProductDocument,
  type CartFieldsFragment,
  type ProductQuery,
} from "../../lib/gql/graphql";
import { can } from "../../../rules/permissions";
import { PLACEHOLDER_IMAGE } from "../../lib/placeholder";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { usePageSubject } from "../../lib/page-subject";
import { ListLoader, ListMessage } from "../../components/list-state";
import { badgeImage, galleryImages } from "./product-images";
import { applyingVolumePrice, VolumePrices } from "./volume-prices";
import { chosenVariant, VariantPicker } from "./variant-picker";

/** At most 4 related products (spec section 9). */
const RELATED = 4;
/** Products shown with the main taxon: one row, the product itself left out. */
const TREATMENT_PRODUCTS = 4;

type Product = NonNullable<ProductQuery["product"]>;
type Variant = Product["variants"][number];

/**
 * The gallery of the chosen variant (decision 051): its own picture first where it has one
 * (a colour's), then the product's other pictures; else the product's.
 */
function Gallery({ product, variant }: { product: Product; variant: Variant | undefined }) {
  const { t } = useTranslation("catalog");
  const productImages = galleryImages(product.images);
  const own = variant?.images.filter((i) => !productImages.some((p) => p.path === i.path)) ?? [];
  const images =
    own.length > 0
      ? [...own, ...productImages.filter((image) => image.type !== "main")]
      : productImages;
  const badge = badgeImage(product.images);
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];
  return (
    <Stack gap="md">
      <Box bg="stone.0" pos="relative" style={{ borderRadius: 8, overflow: "hidden" }}>
        <Image
          src={current?.path ?? null}
          fallbackSrc={PLACEHOLDER_IMAGE}
          alt={
            variant && product.variants.length > 1
              ? `${product.name} — ${variant.name}`
              : product.name
          }
          h={{ base: 320, sm: 460 }}
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

function AddToCart({
  product,
  variant,
  quantity,
  setQuantity,
}: {
  product: Product;
  /** The chosen variant: the one added (the first, the only one, of a single-variant product). */
  variant: Variant | undefined;
  /** What the quantity field holds (the page marks the volume price it gets). */
  quantity: string | number;
  setQuantity: (value: string | number) => void;
}) {
  const { t } = useTranslation("catalog");
  // The page shows before the cart runs (issue 31): until then the button waits, disabled.
  const running = useContext(RunningCartContext);
  // The loading flag of the app's cart disables the button (spec section 5); the cart actor
  // shows the success or error toast of the spec's catalogue.
  const adding = useCartValue((snapshot, cart) => cart.isLoading(snapshot), false);
  const variantCode = variant?.code ?? product.defaultVariantCode;
  // The chosen variant decides availability: for a single-variant product that is the first
  // variant (spec section 4); no variant means nothing to sell.
  const available = Boolean(variant?.inStock && variantCode);

  // A role without checkout (MARKETING) fills its cart to save it as a list: it is told so here.
  const me = useGatewayQuery(() => gateway(MeDocument, {}), "product-page-me");
  const composing =
    me.status === "success" && !!me.data.me && !can(me.data.me.roles, "checkout.complete");

  // What was typed stays as typed; an invalid quantity is marked and not sent.
  const wanted = quantityOf(quantity);
  const valid = wanted !== null;
  const add = () => {
    if (!running || !variantCode || adding || wanted === null) return;
    running.actor.send({ type: "cart.add", variantCode, quantity: wanted });
  };

  const button = (
    <Button
      color="clay"
      size="md"
      onClick={add}
      // An unavailable product's button stays plainly disabled while the cart loads.
      loading={available && adding}
      disabled={!available || adding || !valid || !running}
    >
      {t("product.addToCart")}
    </Button>
  );
  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="md">
        <QuantityInput
          label={t("product.quantity")}
          value={quantity}
          onChange={setQuantity}
          rangeError={t("product.quantityRange", QUANTITY_RANGE)}
          fractionError={t("product.quantityWhole", { value: quantity })}
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
      {composing && (
        <Text size="sm" c="stone.7" maw={460} data-testid="composing-note">
          {t("product.composing")}
        </Text>
      )}
    </Stack>
  );
}

/** Plain text of a taxon description that may be HTML (treatments); rendered as text, never as HTML. */
function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return new DOMParser().parseFromString(html, "text/html").body.textContent?.trim() ?? "";
}

/**
 * 'Get full treatment' (spec section 2): the collection the product belongs to (its main
 * taxon), a link to it and a few of its other products.
 */
function FullTreatment({
  taxon,
  productCode,
}: {
  taxon: NonNullable<Product["mainTaxon"]>;
  productCode: string;
}) {
  const { t } = useTranslation("catalog");
  const others = taxon.products.items.filter((item) => item.code !== productCode);
  const picks = others.slice(0, TREATMENT_PRODUCTS);
  const description = plainText(taxon.description);
  return (
    <Box
      component="section"
      mt={96}
      p={{ base: "lg", md: 48 }}
      bg="stone.0"
      style={{ borderRadius: 12 }}
      aria-labelledby="treatment-title"
      data-testid="full-treatment"
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing="xl">
        <Stack gap="md" justify="center">
          <Text size="xs" c="clay.6" tt="uppercase" style={{ letterSpacing: "0.3em" }}>
            {t("product.treatment.eyebrow")}
          </Text>
          <Title order={2} id="treatment-title">
            {taxon.name}
          </Title>
          {description && (
            <Text c="stone.7" fz="lg" lh={1.6}>
              {description}
            </Text>
          )}
          <Button
            component={Link}
            to={`/shop/category/${encodeURIComponent(taxon.code)}`}
            color="clay"
            variant="outline"
            w="fit-content"
            mt="xs"
            data-testid="full-treatment-link"
          >
            {t("product.treatment.discover", { name: taxon.name })}
          </Button>
        </Stack>
        <Box style={{ borderRadius: 8, overflow: "hidden" }}>
          <Image
            src={taxon.coverImage?.path ?? null}
            fallbackSrc={PLACEHOLDER_IMAGE}
            alt=""
            h={{ base: 200, md: 280 }}
            fit="cover"
          />
        </Box>
      </SimpleGrid>
      {picks.length > 0 && (
        <>
          <Title order={3} mt={56} mb="lg">
            {t("product.treatment.more")}
          </Title>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xl" verticalSpacing={40}>
            {picks.map((item) => (
              <ProductCard key={item.code} product={item} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Box>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const { t } = useTranslation("catalog");
  // The chosen variant lives in the address (`?variant=CODE`), so a link opens it; an unknown
  // code, or none, is the first variant (issue 30).
  const [params, setParams] = useSearchParams();
  const variant = chosenVariant(product.variants, params.get("variant"));
  const choose = (code: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("variant", code);
        return next;
      },
      // Switching replaces the address: Back leaves the product, not each colour tried.
      { replace: true, preventScrollReset: true },
    );
  const price = variant?.price ?? product.price;
  const rrp = variant?.rrpPrice ?? product.rrpPrice;
  const currency = variant?.currencyCode ?? product.currencyCode;
  const available = Boolean(variant?.inStock);
  const related = product.related.slice(0, RELATED);
  const [quantity, setQuantity] = useState<string | number>(MIN_LINE_QUANTITY);
  // Adding merges with the cart's line of this variant, which the server prices as a whole.
  const inCart = useCartValue(
    (snapshot) =>
      (snapshot.context.cart as CartFieldsFragment | null)?.items.find(
        (i) => i.variantCode === variant?.code,
      )?.quantity ?? 0,
    0,
  );
  const lineQuantity = inCart + (quantityOf(quantity) ?? 0);
  // The unit price the line gets: its volume tier's when one applies below the contract price.
  const tier = variant ? applyingVolumePrice(variant.volumePrices, lineQuantity) : null;
  const unitPrice = tier != null && price != null && tier.price < price ? tier.price : price;
  return (
    <Container size="xl" py={64}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56}>
        <Gallery key={variant?.code} product={product} variant={variant} />
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} style={{ overflowWrap: "anywhere", hyphens: "auto" }}>
              {product.name}
            </Title>
            {/* The code quick order takes: the chosen variant's (decision 051). */}
            <Text c="stone.6" size="sm" data-testid="product-sku">
              {t("product.sku", { code: variant?.code ?? product.code })}
            </Text>
          </Stack>
          {product.variants.length > 1 && variant && (
            <VariantPicker variants={product.variants} selected={variant.code} onChange={choose} />
          )}
          {!available && (
            <Badge
              color="stone.7"
              variant="filled"
              size="lg"
              w="fit-content"
              data-testid="product-coming-soon"
            >
              {t("product.comingSoon")}
            </Badge>
          )}
          <Group gap="xl" align="flex-start">
            {price != null && (
              <Stack gap={0}>
                <Text size="xs" c="stone.6" tt="uppercase">
                  {t("product.price")}
                </Text>
                <Group gap={8} align="baseline">
                  <Price
                    amount={unitPrice ?? price}
                    currencyCode={currency}
                    fz="xl"
                    fw={600}
                    c="clay.7"
                    data-testid="product-price"
                  />
                  {unitPrice !== price && (
                    <Price
                      amount={price}
                      currencyCode={currency}
                      size="sm"
                      c="stone.7"
                      td="line-through"
                      data-testid="product-base-price"
                    />
                  )}
                </Group>
                {unitPrice !== price && (
                  <Text size="xs" c="stone.7" data-testid="product-volume-price-note">
                    {t("product.volumePrices.yourPrice", { count: lineQuantity })}
                  </Text>
                )}
              </Stack>
            )}
            {rrp != null && (
              <Stack gap={0}>
                <Text size="xs" c="stone.6" tt="uppercase">
                  {t("product.rrp")}
                </Text>
                <Price
                  amount={rrp}
                  currencyCode={currency}
                  fz="xl"
                  c="stone.7"
                  data-testid="product-rrp"
                />
              </Stack>
            )}
          </Group>
          <AddToCart
            product={product}
            variant={variant}
            quantity={quantity}
            setQuantity={setQuantity}
          />
          {inCart > 0 && (
            <Text size="sm" c="stone.7" data-testid="product-in-cart">
              {t("product.inCart", { count: inCart })}
            </Text>
          )}
          {variant && price != null && (
            <VolumePrices
              tiers={variant.volumePrices}
              currencyCode={currency}
              quantity={lineQuantity}
              inCart={inCart}
            />
          )}
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
      {product.mainTaxon && <FullTreatment taxon={product.mainTaxon} productCode={product.code} />}
    </Container>
  );
}

/**
 * /shop/products/:productCode: gallery, prices, quantity and add to cart, the main taxon's
 * 'get full treatment' section and related products.
 */
export function Component() {
  const { t, i18n } = useTranslation("catalog");
  const code = useParams().productCode ?? "";
  const product = useGatewayQuery(
    () => gateway(ProductDocument, { code }),
    `product-${code}-${i18n.language}`,
    { server: true },
  );
  // The tab names the product, in the interface language (issue 30).
  usePageSubject(product.status === "success" ? product.data.product?.name : null);
  if (product.status === "loading") return <ListLoader />;
  if (product.status === "error") return <ListMessage>{t("listing.loadError")}</ListMessage>;
  if (!product.data.product) return <ProductNotFound code={code} />;
  return <ProductDetails key={product.data.product.code} product={product.data.product} />;
}

/**
 * An unknown product code, in the product page's frame: what happened and two ways on, the
 * catalogue and a search for the words of the code (the server answers such a page with 404).
 */
function ProductNotFound({ code }: { code: string }) {
  const { t } = useTranslation("catalog");
  const query = code.replace(/[-_]+/g, " ").trim().slice(0, 60);
  return (
    <Container size="xl" py={64} data-testid="product-not-found">
      <Stack gap="lg" maw={640}>
        <Title order={1}>{t("product.notFound")}</Title>
        <Text c="stone.7" fz="lg">
          {t("product.notFoundText")}
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/product-catalog" color="clay">
            {t("product.toCatalogue")}
          </Button>
          {query !== "" && (
            <Button
              component={Link}
              to={`/shop/products?search=${encodeURIComponent(query)}`}
              variant="outline"
              color="stone.8"
              maw="100%"
              styles={{
                // A long code wraps inside the button instead of running off a phone's screen.
                root: { height: "auto", minHeight: "var(--button-height)", paddingBlock: 6 },
                label: { height: "auto", whiteSpace: "normal", overflowWrap: "anywhere" },
              }}
            >
              {t("product.searchFor", { query })}
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
