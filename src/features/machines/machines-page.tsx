import "@mantine/core/styles/Accordion.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Code.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Tabs.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Center,
  Code,
  Container,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { useLiveState } from "../../lib/live-actors";
import { MACHINES_TEXTS } from "./machines-texts";
import { signOutStaff, StaffCallError, staffSession as staffToken } from "../../lib/staff-session";
import { activePaths, fetchMachines, highlighted, type MachineData } from "./machines.services";
import { MermaidDiagram } from "./mermaid-diagram";
import { StaffSignIn } from "../../components/staff-sign-in";

type TFunction = ReturnType<typeof useLazyNamespace>["t"];

type Load =
  | { status: "signIn" }
  | { status: "loading" }
  | { status: "ready"; machines: MachineData[] }
  | { status: "failed" };

/**
 * /machines: the auditor view. Every machine's diagram (drawn by Mermaid, loaded only here),
 * states, events, guards and coverage, and a live view highlighting the state of the actor of
 * this tab. Staff only: the data comes from a staff-only route, after a staff sign-in whose
 * token lives in this tab's session storage. The development build skips the sign-in (a
 * development server then waives the token: server/http/routes/machines.ts).
 */
export function Component() {
  const { t, i18n } = useLazyNamespace("machines", MACHINES_TEXTS);
  // The staff token lives in this tab's session storage, which the server cannot see: the
  // server and the hydrating browser both render the loader, then the browser reads the token
  // (reading it during the first render made a reload after a staff sign-in fail hydration).
  const [token, setToken] = useState<string | null>(null);
  const [tokenRead, setTokenRead] = useState(false);
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const language = i18n.language;

  const reload = useCallback(
    (current: string | null) => {
      if (!current && !import.meta.env.DEV) {
        setLoad({ status: "signIn" });
        return;
      }
      setLoad({ status: "loading" });
      fetchMachines(current, language).then(
        (machines) => setLoad({ status: "ready", machines }),
        (error: unknown) => {
          if (error instanceof StaffCallError && error.status === 401) {
            staffToken.write(null);
            setToken(null);
            setLoad({ status: "signIn" });
          } else setLoad({ status: "failed" });
        },
      );
    },
    [language],
  );

  useEffect(() => {
    setToken(staffToken.read());
    setTokenRead(true);
  }, []);
  useEffect(() => {
    if (tokenRead) reload(token);
  }, [reload, token, tokenRead]);

  const signOut = () => {
    void signOutStaff(token);
    setToken(null);
  };

  return (
    <Container size="xl" py={48}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4} maw={760}>
            <Title order={1}>{t("title")}</Title>
            <Text c="stone.7">{t("intro")}</Text>
          </Stack>
          {token && (
            <Button variant="default" onClick={signOut}>
              {t("signOut")}
            </Button>
          )}
        </Group>
        {import.meta.env.DEV && !token && (
          <Alert color="yellow" variant="light">
            {t("devNotice")}
          </Alert>
        )}
        {load.status === "signIn" && (
          <StaffSignIn
            t={t}
            language={language}
            onSignedIn={(next) => {
              staffToken.write(next);
              setToken(next);
            }}
          />
        )}
        {load.status === "loading" && (
          <Center py={80}>
            <Stack align="center" gap="xs">
              <Loader type="dots" />
              <Text c="stone.6">{t("loading")}</Text>
            </Stack>
          </Center>
        )}
        {load.status === "failed" && (
          <Alert color="red" title={t("loadFailed")}>
            <Button mt="sm" variant="light" color="red" onClick={() => reload(token)}>
              {t("retry")}
            </Button>
          </Alert>
        )}
        {load.status === "ready" && <MachineList machines={load.machines} t={t} />}
      </Stack>
    </Container>
  );
}

function CoverageBadges({ machine, t }: { machine: MachineData; t: TFunction }) {
  const c = machine.coverage;
  if (!c)
    return (
      <Badge color="gray" variant="light">
        {t("coverage.none")}
      </Badge>
    );
  return (
    <Group gap={6}>
      <Badge color={c.passed ? "green" : "red"} variant="light">
        {t(c.passed ? "coverage.passed" : "coverage.failed")}
      </Badge>
      <Badge variant="outline" color="gray">
        {t("coverage.states", c.states)}
      </Badge>
      <Badge variant="outline" color="gray">
        {t("coverage.transitions", c.transitions)}
      </Badge>
      <Badge variant="outline" color="gray">
        {t("coverage.paths", { count: c.paths })}
      </Badge>
      <Badge variant="outline" color="gray">
        {t("coverage.invariants", { count: c.invariants })}
      </Badge>
      {machine.mutation ? (
        <Badge
          variant="outline"
          color="gray"
          title={machine.mutation.survivors
            .map((m) => `${m.line}:${m.column} ${m.mutator} ${m.replacement}`)
            .join("\n")}
        >
          {t("coverage.mutation", {
            paths: machine.mutation.pathScore,
            all: machine.mutation.score,
            survivors: machine.mutation.survivors.length,
          })}
        </Badge>
      ) : null}
    </Group>
  );
}

function MachineList({ machines, t }: { machines: MachineData[]; t: TFunction }) {
  const [open, setOpen] = useState<string[]>([]);
  const [live, setLive] = useState<MachineData | null>(null);
  return (
    <>
      <Accordion multiple value={open} onChange={setOpen} variant="separated">
        {machines.map((machine) => (
          <Accordion.Item key={machine.name} value={machine.name} data-testid="machine">
            <Accordion.Control>
              <Stack gap={4}>
                <Text fw={600}>{machine.name}</Text>
                {machine.description && (
                  <Text size="sm" c="stone.7">
                    {machine.description}
                  </Text>
                )}
                <CoverageBadges machine={machine} t={t} />
              </Stack>
            </Accordion.Control>
            <Accordion.Panel>
              {/* Drawn only when opened: seventeen diagrams at once would stall the page. */}
              {open.includes(machine.name) && (
                <MachineDetails machine={machine} t={t} onLive={() => setLive(machine)} />
              )}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Modal
        opened={live !== null}
        onClose={() => setLive(null)}
        size="100%"
        title={live ? t("live.title", { name: live.name }) : ""}
      >
        {live && <LiveView machine={live} t={t} />}
      </Modal>
    </>
  );
}

function MachineDetails({
  machine,
  t,
  onLive,
}: {
  machine: MachineData;
  t: TFunction;
  onLive: () => void;
}) {
  return (
    <Stack>
      <Group justify="flex-end">
        <Button variant="light" onClick={onLive}>
          {t("live.open")}
        </Button>
      </Group>
      <Tabs defaultValue="diagram" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="diagram">{t("tabs.diagram")}</Tabs.Tab>
          <Tabs.Tab value="states">{t("tabs.states")}</Tabs.Tab>
          <Tabs.Tab value="events">{t("tabs.events")}</Tabs.Tab>
          <Tabs.Tab value="guards">{t("tabs.guards")}</Tabs.Tab>
          <Tabs.Tab value="mutants">{t("tabs.mutants")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="diagram" pt="md">
          <MermaidDiagram
            source={machine.diagram}
            label={t("diagramLabel", { name: machine.name })}
            failedText={t("diagramFailed")}
          />
        </Tabs.Panel>
        <Tabs.Panel value="states" pt="md">
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("table.state")}</Table.Th>
                <Table.Th>{t("table.type")}</Table.Th>
                <Table.Th>{t("table.description")}</Table.Th>
                <Table.Th>{t("table.invokes")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {machine.states.map((s) => (
                <Table.Tr key={s.path}>
                  <Table.Td>
                    <Code>{s.path}</Code>
                  </Table.Td>
                  <Table.Td>{s.type}</Table.Td>
                  <Table.Td>{s.description}</Table.Td>
                  <Table.Td>{s.invokes.join(", ")}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Tabs.Panel>
        <Tabs.Panel value="events" pt="md">
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("table.from")}</Table.Th>
                <Table.Th>{t("table.trigger")}</Table.Th>
                <Table.Th>{t("table.guard")}</Table.Th>
                <Table.Th>{t("table.to")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {machine.transitions.map((tr, n) => (
                <Table.Tr key={n}>
                  <Table.Td>
                    <Code>{tr.from || machine.id}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Code>{tr.trigger}</Code>
                  </Table.Td>
                  <Table.Td>{tr.guard && <Code>{tr.guard}</Code>}</Table.Td>
                  <Table.Td>{tr.to.length ? tr.to.join(", ") : t("table.stays")}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Tabs.Panel>
        <Tabs.Panel value="guards" pt="md">
          {machine.guards.length === 0 ? (
            <Text c="stone.7">{t("table.noGuards")}</Text>
          ) : (
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("table.name")}</Table.Th>
                  <Table.Th>{t("table.true")}</Table.Th>
                  <Table.Th>{t("table.false")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {machine.guards.map((g) => (
                  <Table.Tr key={g.name}>
                    <Table.Td>
                      <Code>{g.name}</Code>
                    </Table.Td>
                    <Table.Td>{g.true}</Table.Td>
                    <Table.Td>{g.false}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="mutants" pt="md">
          <Mutants machine={machine} t={t} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The mutation score (decision 036) and the mutants no test killed, where to look first. */
function Mutants({ machine, t }: { machine: MachineData; t: TFunction }) {
  const m = machine.mutation;
  if (!m) return <Text c="stone.7">{t("mutants.notMeasured")}</Text>;
  return (
    <Stack>
      <Text>{t("mutants.summary", { mutants: m.mutants, paths: m.pathScore, all: m.score })}</Text>
      {m.survivors.length === 0 ? (
        <Text c="stone.7">{t("mutants.allKilled")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder>
            <Table.Caption>{t("mutants.survivors")}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("mutants.line")}</Table.Th>
                <Table.Th>{t("mutants.mutator")}</Table.Th>
                <Table.Th>{t("mutants.replacement")}</Table.Th>
                <Table.Th>{t("mutants.status")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {m.survivors.map((s) => (
                <Table.Tr key={`${s.line}:${s.column}:${s.mutator}:${s.replacement}`}>
                  <Table.Td>
                    {s.line}:{s.column}
                  </Table.Td>
                  <Table.Td>{s.mutator}</Table.Td>
                  <Table.Td>
                    <Code style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                      {s.replacement}
                    </Code>
                  </Table.Td>
                  <Table.Td>
                    {t(s.status === "NoCoverage" ? "mutants.noCoverage" : "mutants.survived")}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function LiveView({ machine, t }: { machine: MachineData; t: TFunction }) {
  // This tab's actor, or one running in another tab of this browser (only its state value).
  const live = useLiveState(machine.name);
  const paths = live ? activePaths(live.value) : [];
  return (
    <Stack>
      {live ? (
        <Text data-testid="live-state">{t("live.current", { value: paths.join(", ") })}</Text>
      ) : (
        <Alert color="gray">{t("live.none", { name: machine.name })}</Alert>
      )}
      {/* Re-drawn with the active state(s) highlighted whenever the actor moves. */}
      <MermaidDiagram
        source={highlighted(machine, paths)}
        label={t("diagramLabel", { name: machine.name })}
        failedText={t("diagramFailed")}
      />
    </Stack>
  );
}
