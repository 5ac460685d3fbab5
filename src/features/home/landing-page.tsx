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
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { Link } from "react-router";
import { LANDING_TEXTS } from "./landing-texts";
import { BRAND } from "../../lib/brand";
import { readSession } from "../../lib/storage";

/** Landing statistics (spec section 9). */
/** The landing statistics (spec section 9); figures and labels are localised in landing.json. */
const STATS = [
  { value: "stats.awards", key: "stats.awardsLabel" },
  { value: "stats.retailers", key: "stats.retailersLabel" },
  { value: "stats.countries", key: "stats.countriesLabel" },
  { value: "stats.customers", key: "stats.customersLabel" },
  { value: "stats.doors", key: "stats.doorsLabel" },
  { value: "stats.years", key: "stats.yearsLabel" },
] as const;

/** `/`: the public landing page; signed-in partners get the way into the shop. */
export function Component() {
  const { t } = useLazyNamespace("landing", LANDING_TEXTS);
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
              {t("hero.eyebrow", { brand: BRAND.name })}
            </Text>
            <Title order={1} fz={{ base: 36, md: 52 }} maw={720}>
              {t("hero.title", { brand: BRAND.name })}
            </Title>
            <Text c="stone.7" fz="lg" maw={560}>
              {t("hero.subtitle")}
            </Text>
            {signedIn ? (
              <Button component={Link} to="/shop" size="lg" mt="md">
                {t("hero.enterShop")}
              </Button>
            ) : (
              <Stack align="center" gap="sm" mt="md">
                <Button component={Link} to="/register" size="lg">
                  {t("hero.becomePartner")}
                </Button>
                <Text size="sm" c="stone.7">
                  {t("hero.alreadyPartner")}{" "}
                  <Anchor component={Link} to="/login" fw={600}>
                    {t("hero.signIn")}
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
            {t("whoWeAre.title")}
          </Title>
          <Text c="stone.7" maw={640}>
            {t("whoWeAre.body", { brand: BRAND.name })}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="lg">
          {STATS.map((stat) => (
            <Stack key={stat.key} gap={4} align="center" data-testid="stat">
              <Text ff="heading" fz={40} c="clay.6" lh={1}>
                {t(stat.value)}
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
