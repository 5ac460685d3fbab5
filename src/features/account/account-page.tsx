import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Grid.css";
import "@mantine/core/styles/Accordion.css";
import "@mantine/core/styles/NavLink.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Loader,
  NavLink,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { Component as ReactComponent, Suspense, useState, type ReactNode } from "react";
import { Link, Navigate, useParams } from "react-router";
import { SessionContext } from "../../lib/session";
import { gateway } from "../../lib/gateway";
import { MeDocument } from "../../lib/gql/graphql";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { can } from "../../../rules/permissions";
import { AccountContext, AccountCustomerUpdate, type AccountCustomer } from "./account-context";
import { ApprovalsBadgeContext } from "./approvals/approvals-badge";
import { loadApprovals } from "./approvals/approvals.services";
import classes from "./account.module.css";
import { ACCOUNT_TEXTS } from "./account-texts";
import { initialsOf } from "./orders/order-format";
import { DEFAULT_SECTION, resolveSection, SECTIONS, visibleSections } from "./sections";

/**
 * /shop/account and /shop/account/:section (account spec 2): the greeting with name, company
 * and initials, logout, the left navigation of the sections the user's roles allow (spec 6),
 * and the chosen section, loaded on first use. An unknown or forbidden section shows the
 * default one (order history) and the address bar says so.
 */
export function Component() {
  const { t } = useLazyNamespace("account", ACCOUNT_TEXTS);
  const { section: requested } = useParams();
  const [attempt, setAttempt] = useState(0);
  const me = useGatewayQuery(() => gateway(MeDocument, {}), `me-${attempt}`);
  // What a section saved of the person's own details since the page loaded (My information).
  const [saved, setSaved] = useState<Partial<AccountCustomer>>({});
  const session = SessionContext.useActorRef();
  // The "Approvals" badge (decision 043): ADMINs only; a section's decision reloads it.
  const [approvalsAttempt, setApprovalsAttempt] = useState(0);
  const mayApprove = me.status === "success" && can(me.data.me?.roles ?? [], "account.approvals");
  const approvals = useGatewayQuery(
    () => (mayApprove ? loadApprovals().then((a) => a.totalItems) : Promise.resolve(null)),
    `approvals-${mayApprove}-${approvalsAttempt}`,
  );
  const approvalsCount = approvals.status === "success" ? approvals.data : null;

  if (me.status === "loading") {
    return (
      <Container size="xl" py="xl">
        <Group justify="center" py={80}>
          <Loader aria-label={t("nav.loading")} />
        </Group>
      </Container>
    );
  }
  if (me.status === "error" || !me.data.me) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={t("nav.loadFailed")}>
          <Button variant="light" mt="sm" onClick={() => setAttempt((n) => n + 1)}>
            {t("nav.retry")}
          </Button>
        </Alert>
      </Container>
    );
  }

  const customer = { ...me.data.me, ...saved };
  const sections = visibleSections(customer.roles);
  const active = resolveSection(requested, customer.roles);
  // The address bar names the section shown: a forbidden or unknown code is replaced.
  if (requested !== undefined && requested !== active) {
    return <Navigate to={`/shop/account/${active}`} replace />;
  }
  const { Component: Section } = SECTIONS[active];
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ") || customer.email;

  return (
    <AccountCustomerUpdate.Provider value={(patch) => setSaved((prev) => ({ ...prev, ...patch }))}>
      <ApprovalsBadgeContext.Provider
        value={{ count: approvalsCount, reload: () => setApprovalsAttempt((n) => n + 1) }}
      >
        <AccountContext.Provider value={customer}>
          <Container size="xl" py="xl" className={classes.area}>
            <Group justify="space-between" mb="xl" wrap="wrap" gap="md">
              <Group gap="md">
                <Avatar color="clay" radius="xl" size="lg" data-testid="account-initials">
                  {initialsOf(customer.firstName, customer.lastName, customer.email)}
                </Avatar>
                <Box>
                  <Title order={1} fz={28} data-testid="account-greeting">
                    {t("nav.greeting", { name })}
                  </Title>
                  <Text c="stone.6">{customer.companyName}</Text>
                </Box>
              </Group>
              <Button variant="outline" onClick={() => session.send({ type: "session.signedOut" })}>
                {t("nav.logout")}
              </Button>
            </Group>
            <Grid gap="xl">
              <Grid.Col span={{ base: 12, md: 3 }}>
                <Paper
                  withBorder
                  radius="md"
                  p="xs"
                  component="nav"
                  aria-label={t("nav.label")}
                  className={classes.nav}
                  ref={showActive}
                >
                  {sections.map((code) => (
                    <NavLink
                      key={code}
                      component={Link}
                      to={code === DEFAULT_SECTION ? "/shop/account" : `/shop/account/${code}`}
                      label={t(`nav.sections.${code}`)}
                      rightSection={
                        code === "approvals" && approvalsCount ? (
                          <Badge
                            size="sm"
                            color="orange"
                            circle={approvalsCount < 10}
                            data-testid="approvals-badge"
                            aria-label={t("nav.approvalsWaiting", { count: approvalsCount })}
                          >
                            {approvalsCount}
                          </Badge>
                        ) : undefined
                      }
                      active={code === active}
                      aria-current={code === active ? "page" : undefined}
                    />
                  ))}
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 9 }}>
                <SectionBoundary
                  key={active}
                  fallback={<Alert color="red">{t("nav.sectionFailed")}</Alert>}
                >
                  <Suspense
                    fallback={
                      <Group justify="center" py={60}>
                        <Loader />
                      </Group>
                    }
                  >
                    <Stack gap="lg">
                      <Section />
                    </Stack>
                  </Suspense>
                </SectionBoundary>
              </Grid.Col>
            </Grid>
          </Container>
        </AccountContext.Provider>
      </ApprovalsBadgeContext.Provider>
    </AccountCustomerUpdate.Provider>
  );
}

/**
 * On phones the navigation is one row that scrolls sideways: it starts at the section shown.
 * Only the row scrolls, never the page.
 */
function showActive(nav: HTMLElement | null) {
  const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
  if (nav && active && nav.scrollWidth > nav.clientWidth)
    nav.scrollLeft += active.getBoundingClientRect().left - nav.getBoundingClientRect().left - 8;
}

/** A section whose code fails to load (e.g. a new deployment) shows a message, not a blank page. */
class SectionBoundary extends ReactComponent<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
