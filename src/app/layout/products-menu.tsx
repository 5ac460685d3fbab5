import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Menu.css";
import "@mantine/core/styles/SimpleGrid.css";
import { Box, Image, Menu, SimpleGrid, Text, UnstyledButton } from "@mantine/core";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { gateway } from "../../lib/gateway";
import { NavigationDocument } from "../../lib/gql/graphql";
import { PLACEHOLDER_IMAGE } from "../../lib/placeholder";
import { useGatewayQuery } from "../../lib/use-gateway-query";

/**
 * The Products dropdown: the gateway's navigation categories with their cover images. A menu
 * button (issue 30): it opens on hover, on a click or tap, and from the keyboard (Enter, Space
 * or ArrowDown put the focus on the first category; the arrows move between them, Escape closes
 * and gives the focus back to the button).
 */
export function ProductsMenu({ linkStyle }: { linkStyle: React.CSSProperties }) {
  const { t, i18n } = useTranslation();
  const navigation = useGatewayQuery(() => gateway(NavigationDocument), `nav-${i18n.language}`);
  const categories = navigation.status === "success" ? navigation.data.navigation : [];
  const [opened, setOpened] = useState(false);
  // Opened from the keyboard: the focus goes to the first category once the dropdown is there.
  const byKeyboard = useRef(false);
  const dropdown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!opened || !byKeyboard.current) return;
    byKeyboard.current = false;
    const frame = requestAnimationFrame(() =>
      dropdown.current?.querySelector<HTMLElement>("[data-menu-item]")?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [opened]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "Enter" && event.key !== " " && event.key !== "ArrowDown") return;
    event.preventDefault();
    byKeyboard.current = true;
    setOpened(true);
  };
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      trigger="click-hover"
      width={640}
      position="bottom-start"
      shadow="md"
      openDelay={60}
      closeDelay={120}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UnstyledButton style={linkStyle} data-testid="nav-products" onKeyDown={onKeyDown}>
          {t("nav.products")}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown p="lg" ref={dropdown} aria-label={t("nav.products")}>
        {categories.length === 0 ? (
          <Text size="sm" c="dimmed">
            {navigation.status === "loading" ? t("state.loading") : t("nav.noCategories")}
          </Text>
        ) : (
          <SimpleGrid cols={3} spacing="lg">
            {categories.map((category) => (
              <Menu.Item
                key={category.code}
                component={Link}
                to={`/shop/category/${category.code}`}
                c="stone.9"
                p={6}
                styles={{ item: { display: "block" } }}
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
              </Menu.Item>
            ))}
          </SimpleGrid>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
