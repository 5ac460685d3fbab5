import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/SimpleGrid.css";
import { Anchor, Box, HoverCard, Image, SimpleGrid, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { gateway } from "../../lib/gateway";
import { NavigationDocument } from "../../lib/gql/graphql";
import { PLACEHOLDER_IMAGE } from "../../lib/placeholder";
import { useGatewayQuery } from "../../lib/use-gateway-query";

/** The Products dropdown: the gateway's navigation categories with their cover images. */
export function ProductsMenu({ linkStyle }: { linkStyle: React.CSSProperties }) {
  const { t, i18n } = useTranslation();
  const navigation = useGatewayQuery(() => gateway(NavigationDocument), `nav-${i18n.language}`);
  const categories = navigation.status === "success" ? navigation.data.navigation : [];
  return (
    <HoverCard width={640} position="bottom-start" shadow="md" openDelay={60} closeDelay={120}>
      <HoverCard.Target>
        <UnstyledButton style={linkStyle} data-testid="nav-products">
          {t("nav.products")}
        </UnstyledButton>
      </HoverCard.Target>
      <HoverCard.Dropdown p="lg">
        {categories.length === 0 ? (
          <Text size="sm" c="dimmed">
            {navigation.status === "loading" ? t("state.loading") : t("nav.noCategories")}
          </Text>
        ) : (
          <SimpleGrid cols={3} spacing="lg">
            {categories.map((category) => (
              <Anchor
                key={category.code}
                component={Link}
                to={`/shop/category/${category.code}`}
                underline="never"
                c="stone.9"
              >
                <Box bg="stone.1" style={{ borderRadius: 4, overflow: "hidden" }}>
                  <Image
                    src={category.coverImage?.path ?? null}
                    fallbackSrc={PLACEHOLDER_IMAGE}
                    alt=""
                    h={96}
                    fit="cover"
                  />
                </Box>
                <Text size="sm" mt={8}>
                  {category.name}
                </Text>
              </Anchor>
            ))}
          </SimpleGrid>
        )}
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
