import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BRAND } from "../../lib/brand";
import { readSession } from "../../lib/storage";

/** Landing statistics (spec section 9). */
const STATS = [
  { value: "250+", key: "stats.awards" },
  { value: "500", key: "stats.retailers" },
  { value: "80+", key: "stats.countries" },
  { value: "28M", key: "stats.customers" },
  { value: "12,000", key: "stats.doors" },
  { value: "11", key: "stats.years" },
] as const;

/** `/`: the public landing page; signed-in partners get the way into the shop. */
export function Component() {
  const { t } = useTranslation();
  const signedIn = readSession() !== null;
  return (
    <>
      <Box
        py={120}
        style={{
          background:
            "radial-gradient(circle at 80% 20%, var(--mantine-color-clay-1) 0%, transparent 45%), var(--mantine-color-stone-0)",
        }}
      >
        <Container size="md">
          <Stack align="center" ta="center" gap="lg">
            <Text size="xs" c="clay.6" tt="uppercase" style={{ letterSpacing: "0.3em" }}>
              {t("landing.eyebrow", { brand: BRAND.name })}
            </Text>
            <Title order={1} fz={{ base: 36, md: 52 }} maw={720}>
              {t("landing.title")}
            </Title>
            <Text c="stone.7" fz="lg" maw={560}>
              {t("landing.lead")}
            </Text>
            {signedIn ? (
              <Button component={Link} to="/shop" size="lg" mt="md">
                {t("landing.enterShop")}
              </Button>
            ) : (
              <Stack align="center" gap="sm" mt="md">
                <Button component={Link} to="/register" size="lg">
                  {t("landing.becomePartner")}
                </Button>
                <Text size="sm" c="stone.7">
                  {t("landing.alreadyPartner")}{" "}
                  <Anchor component={Link} to="/login" fw={600}>
                    {t("landing.signIn")}
                  </Anchor>
                </Text>
              </Stack>
            )}
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py={96} component="section" aria-labelledby="who-we-are">
        <Stack align="center" ta="center" gap="md" mb={56}>
          <Title order={2} id="who-we-are">
            {t("landing.whoWeAre")}
          </Title>
          <Text c="stone.7" maw={640}>
            {t("landing.whoWeAreText", { brand: BRAND.name })}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="lg">
          {STATS.map((stat) => (
            <Stack key={stat.key} gap={4} align="center" data-testid="stat">
              <Text ff="heading" fz={40} c="clay.6" lh={1}>
                {stat.value}
              </Text>
              <Group>
                <Text size="xs" c="stone.7" tt="uppercase" style={{ letterSpacing: "0.14em" }}>
                  {t(stat.key)}
                </Text>
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
