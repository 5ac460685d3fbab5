import "@mantine/core/styles/Accordion.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Title.css";
import {
  Accordion,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { BRAND } from "../../lib/brand";
import { gateway } from "../../lib/gateway";
import { MeDocument } from "../../lib/gql/graphql";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { ContactSupportDialog } from "./contact-support-dialog";
import { FAQ_CATEGORIES, HELP_TEXTS } from "./help-texts";

interface FaqItem {
  question: string;
  answer: string;
}

function asItems(value: unknown): FaqItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is FaqItem =>
      typeof item === "object" &&
      item !== null &&
      typeof (item as FaqItem).question === "string" &&
      typeof (item as FaqItem).answer === "string",
  );
}

/**
 * /shop/help: the customer's sales agent, the 'Contact support' dialog and the FAQ in four
 * categories with expandable answers (storefront spec section 2).
 */
export function Component() {
  const { t } = useLazyNamespace("help", HELP_TEXTS);
  const me = useGatewayQuery(() => gateway(MeDocument, {}), "me");
  const [contactOpen, setContactOpen] = useState(false);
  const brand = BRAND.name;
  const customer = me.status === "success" ? me.data.me : null;
  const agent = customer?.personResponsible;

  return (
    <>
      <Box bg="stone.1" py={64}>
        <Container size="lg">
          <Stack gap="sm" maw={640}>
            <Title order={1}>{t("title")}</Title>
            <Text c="stone.7" fz="lg">
              {t("intro")}
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py={56}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mb={64}>
          <Paper withBorder p={{ base: "md", sm: "xl" }} radius="md" data-testid="sales-agent">
            <Stack gap="xs">
              <Title order={2} fz={22}>
                {t("salesAgent.title")}
              </Title>
              <Text c="stone.6" size="sm">
                {t("salesAgent.description", { brand })}
              </Text>
              {me.status === "loading" ? (
                <Skeleton h={48} mt="sm" />
              ) : (
                agent && (
                  <Stack gap={2} mt="sm">
                    {agent.name && (
                      <Text fw={600} fz="lg">
                        {agent.name}
                      </Text>
                    )}
                    {agent.email && (
                      <Text size="sm">
                        {t("salesAgent.emailLabel")}:{" "}
                        <Anchor href={`mailto:${agent.email}`}>{agent.email}</Anchor>
                      </Text>
                    )}
                  </Stack>
                )
              )}
            </Stack>
          </Paper>
          <Paper withBorder p={{ base: "md", sm: "xl" }} radius="md">
            <Stack gap="md" align="flex-start" justify="space-between" h="100%">
              <Title order={2} fz={22}>
                {t("contactSupport.title")}
              </Title>
              <Group>
                <Button onClick={() => setContactOpen(true)}>{t("contactSupport.button")}</Button>
              </Group>
            </Stack>
          </Paper>
        </SimpleGrid>

        <Title order={2} mb="xl">
          {t("faq.title")}
        </Title>
        <Stack gap={40}>
          {FAQ_CATEGORIES.map((category) => (
            <Box component="section" key={category} aria-labelledby={`faq-${category}`}>
              <Title order={3} fz={20} mb="sm" id={`faq-${category}`}>
                {t(`faq.categories.${category}.title`)}
              </Title>
              <Accordion variant="separated" radius="md">
                {asItems(t(`faq.categories.${category}.items`, { returnObjects: true, brand })).map(
                  (item, index) => (
                    <Accordion.Item key={index} value={`${category}-${index}`}>
                      <Accordion.Control>{item.question}</Accordion.Control>
                      <Accordion.Panel>
                        <Text c="stone.8" lh={1.7}>
                          {item.answer}
                        </Text>
                      </Accordion.Panel>
                    </Accordion.Item>
                  ),
                )}
              </Accordion>
            </Box>
          ))}
        </Stack>
      </Container>
      <ContactSupportDialog
        opened={contactOpen}
        onClose={() => setContactOpen(false)}
        name={customer?.fullName}
        email={customer?.email}
      />
    </>
  );
}
