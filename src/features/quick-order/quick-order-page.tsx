import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Title.css";
import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Container,
  FileInput,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useMachine } from "@xstate/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { fromPromise } from "xstate";
import {
  isRowComplete,
  quickOrderMachine,
  type QuickOrderRow,
} from "../../../machines/quick-order.machine";
import { can } from "../../../server/domain/permissions";
import { ProductCard } from "../../components/product-card";
import { QuantityInput } from "../../components/quantity-input";
import { gateway } from "../../lib/gateway";
import { MeDocument, ProductsDocument } from "../../lib/gql/graphql";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { useCartActor } from "../../app/cart";
import { QUICK_ORDER_TEXTS } from "./quick-order-texts";
import {
  bulkAddThroughCart,
  importQuickOrderFile,
  QUICK_ORDER_SAMPLE_URL,
  searchVariants,
  type CartActorLike,
  type VariantOption,
} from "./quick-order.services";

/** Bestsellers shown under the table (account spec section 9). */
const BESTSELLERS = 8;
/** The file types the upload offers: .xlsx only (account spec section 5). */
const XLSX_ACCEPT = ".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * /shop/quick-order: download the sample, upload one .xlsx, add to cart (account spec section
 * 2). The uploaded rows fill the product table, where every row can be edited; rows the server
 * could not use show their row number and reason until they are fixed. Not for MARKETING.
 */
export function Component() {
  const { t } = useLazyNamespace("quick-order", QUICK_ORDER_TEXTS);
  const me = useGatewayQuery(() => gateway(MeDocument, {}), "me");
  if (me.status === "loading") {
    return (
      <Center py={120}>
        <Loader color="clay" type="dots" />
      </Center>
    );
  }
  if (me.status === "error") {
    return (
      <Container size="sm" py={96}>
        <Alert color="red" title={t("errorTitle")} role="alert">
          {t("loadError")}
        </Alert>
      </Container>
    );
  }
  if (!can(me.data.me?.roles ?? [], "cart.bulkAdd")) {
    return (
      <Container size="sm" py={96}>
        <Alert color="stone" role="status">
          {t("notAllowed")}
        </Alert>
      </Container>
    );
  }
  return <QuickOrder />;
}

function QuickOrder() {
  const { t, i18n } = useLazyNamespace("quick-order", QUICK_ORDER_TEXTS);
  const cart = useCartActor() as unknown as CartActorLike;
  // The machine keeps a handle of the chosen file; the File itself stays here.
  const files = useRef(new Map<string, File>());
  const logic = useMemo(
    () =>
      quickOrderMachine.provide({
        actors: {
          importFile: fromPromise(async ({ input }: { input: { fileId: string } }) => {
            const file = files.current.get(input.fileId);
            if (!file) throw new Error("");
            return importQuickOrderFile(file, i18n.language);
          }),
          addRowsToCart: fromPromise(
            ({ input }: { input: { items: { variantCode: string; quantity: number }[] } }) =>
              bulkAddThroughCart(cart, input.items),
          ),
        },
      }),
    [i18n, cart],
  );
  const [snapshot, send] = useMachine(logic);
  const { rows, file, failure, added } = snapshot.context;
  const busy = snapshot.matches("uploading") || snapshot.matches("adding");
  const canAdd = rows.length > 0 && rows.every(isRowComplete);
  const problems = rows.filter((r) => r.problem !== null);

  return (
    <>
      <Box bg="stone.1" py={56}>
        <Container size="lg">
          <Stack gap="sm" maw={680}>
            <Title order={1}>{t("title")}</Title>
            <Text c="stone.7" fz="lg">
              {t("intro")}
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mb={40}>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="xs" h="100%" justify="space-between">
              <Stack gap={4}>
                <Title order={2} fz={18}>
                  {t("steps.download.title")}
                </Title>
                <Text size="sm" c="stone.6">
                  {t("steps.download.text")}
                </Text>
              </Stack>
              <Group>
                <Button component="a" href={QUICK_ORDER_SAMPLE_URL} download variant="outline">
                  {t("steps.download.action")}
                </Button>
              </Group>
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="xs">
              <Title order={2} fz={18}>
                {t("steps.upload.title")}
              </Title>
              <Text size="sm" c="stone.6">
                {t("steps.upload.text")}
              </Text>
              <FileInput
                label={t("steps.upload.label")}
                placeholder={t("steps.upload.placeholder")}
                accept={XLSX_ACCEPT}
                clearable={false}
                disabled={busy}
                value={file ? (files.current.get(file.id) ?? null) : null}
                onChange={(chosen) => {
                  if (!chosen) return;
                  // One file at a time: a new selection replaces the previous one.
                  files.current.clear();
                  const id = crypto.randomUUID();
                  files.current.set(id, chosen);
                  send({ type: "quickOrder.upload", file: { id, name: chosen.name } });
                }}
              />
              {snapshot.matches("uploading") && (
                <Group gap="xs">
                  <Loader size="xs" color="clay" />
                  <Text size="sm">{t("uploading")}</Text>
                </Group>
              )}
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="xs">
              <Title order={2} fz={18}>
                {t("steps.add.title")}
              </Title>
              <Text size="sm" c="stone.6">
                {t("steps.add.text")}
              </Text>
            </Stack>
          </Paper>
        </SimpleGrid>

        {failure && (
          <Alert color="red" title={t("errorTitle")} role="alert" mb="lg">
            {failure === "quickOrder.failed" ? t("failed") : failure}
          </Alert>
        )}

        {snapshot.matches("added") ? (
          <Alert color="green" title={t("added.title")} role="status" mb="lg">
            <Stack gap="sm">
              <Text size="sm">{t("added.text", { count: added })}</Text>
              <Group>
                <Button component={Link} to="/checkout" size="sm">
                  {t("added.checkout")}
                </Button>
                <Button
                  variant="subtle"
                  size="sm"
                  onClick={() => send({ type: "quickOrder.startOver" })}
                >
                  {t("added.again")}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <>
            {problems.length > 0 && (
              <Alert
                color="orange"
                title={t("problems.title", { count: problems.length })}
                mb="lg"
                data-testid="quick-order-problems"
              >
                {t("problems.text")}
              </Alert>
            )}
            <Table verticalSpacing="sm" aria-label={t("table.caption")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("table.product")}</Table.Th>
                  <Table.Th w={160}>{t("table.quantity")}</Table.Th>
                  <Table.Th w={60}>
                    <Box component="span" style={visuallyHidden}>
                      {t("table.actions")}
                    </Box>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <RowEditor
                    key={row.id}
                    row={row}
                    position={index + 1}
                    locked={busy}
                    onProduct={(variantCode, label) =>
                      send({ type: "quickOrder.chooseProduct", id: row.id, variantCode, label })
                    }
                    onQuantity={(quantity) =>
                      send({ type: "quickOrder.changeQuantity", id: row.id, quantity })
                    }
                    onRemove={() => send({ type: "quickOrder.removeRow", id: row.id })}
                  />
                ))}
              </Table.Tbody>
            </Table>
            {rows.length === 0 && (
              <Text c="stone.6" size="sm" py="md">
                {t("table.empty")}
              </Text>
            )}
            <Group justify="space-between" mt="md">
              <Button
                variant="subtle"
                disabled={busy}
                onClick={() => send({ type: "quickOrder.addRow" })}
              >
                {t("table.addRow")}
              </Button>
              <Stack gap={4} align="flex-end">
                <Button
                  color="clay"
                  size="md"
                  disabled={!canAdd || busy}
                  loading={snapshot.matches("adding")}
                  onClick={() => send({ type: "quickOrder.addToCart" })}
                >
                  {t("addToCart")}
                </Button>
                {!canAdd && rows.length > 0 && (
                  <Text size="xs" c="stone.6">
                    {t("incomplete")}
                  </Text>
                )}
              </Stack>
            </Group>
          </>
        )}
        <Bestsellers />
      </Container>
    </>
  );
}

const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
} as const;

/** Whole numbers only; anything else leaves the row without a quantity. */
function toQuantity(value: string | number): number | null {
  const n = typeof value === "number" ? value : /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(n) ? n : null;
}

function RowEditor(props: {
  row: QuickOrderRow;
  position: number;
  locked: boolean;
  onProduct: (variantCode: string | null, label: string | null) => void;
  onQuantity: (quantity: number | null) => void;
  onRemove: () => void;
}) {
  const { t } = useLazyNamespace("quick-order", QUICK_ORDER_TEXTS);
  const { row, position } = props;
  const problem = row.problem;
  const needsProduct = problem !== null && row.variantCode === null;
  const needsQuantity = problem !== null && row.quantity === null;
  return (
    <Table.Tr data-testid="quick-order-row" data-problem={problem ? problem.reason : undefined}>
      <Table.Td>
        <ProductPicker
          row={row}
          label={t("table.productOfRow", { row: position })}
          disabled={props.locked}
          error={needsProduct ? t("table.productRequired") : undefined}
          onChange={props.onProduct}
        />
        {problem && (
          <Text size="sm" c="red.8" mt={4} data-testid="quick-order-row-problem">
            {/* The server's message names the row; the prefix is for one that would not. */}
            {problem.message.includes(String(problem.row))
              ? problem.message
              : `${t("table.rowProblem", { row: problem.row })}: ${problem.message}`}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <QuantityInput
          aria-label={t("table.quantityOfRow", { row: position })}
          value={row.quantity ?? ""}
          disabled={props.locked}
          error={needsQuantity ? t("table.quantityRequired") : undefined}
          rangeError={t("table.quantityRequired")}
          onChange={(value) => props.onQuantity(toQuantity(value))}
        />
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="stone"
          aria-label={t("table.remove", { row: position })}
          disabled={props.locked}
          onClick={props.onRemove}
        >
          ×
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

/** Wait this long after the last key before searching the catalogue. */
const SEARCH_DEBOUNCE_MS = 250;

/** A product variant chosen by code or name: the catalogue is searched as the person types. */
function ProductPicker(props: {
  row: QuickOrderRow;
  label: string;
  disabled: boolean;
  error?: string;
  onChange: (variantCode: string | null, label: string | null) => void;
}) {
  const { t } = useLazyNamespace("quick-order", QUICK_ORDER_TEXTS);
  const { row } = props;
  const [search, setSearch] = useState("");
  const [options, setOptions] = useState<VariantOption[]>([]);
  const [searching, setSearching] = useState(false);
  const selected = row.variantCode
    ? { value: row.variantCode, label: row.label ?? row.variantCode, disabled: false }
    : null;
  const term = search.trim();
  const selectedLabel = selected?.label ?? "";

  useEffect(() => {
    // The picker shows the chosen option's label as its search text: that is no search.
    if (term.length < 2 || term === selectedLabel) return;
    let current = true;
    const timer = setTimeout(() => {
      setSearching(true);
      searchVariants(term)
        .then((found) => current && setOptions(found))
        .catch(() => current && setOptions([]))
        .finally(() => current && setSearching(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [term, selectedLabel]);

  const data = [
    ...(selected && !options.some((o) => o.value === selected.value) ? [selected] : []),
    ...options,
  ];
  return (
    <Select
      aria-label={props.label}
      placeholder={t("table.searchPlaceholder")}
      searchable
      clearable
      disabled={props.disabled}
      data={data}
      value={row.variantCode}
      onSearchChange={setSearch}
      // The server already matched code or name; the list is not filtered again.
      filter={({ options: all }) => all}
      nothingFoundMessage={term.length >= 2 && !searching ? t("table.noMatch") : undefined}
      rightSection={searching ? <Loader size="xs" color="clay" /> : undefined}
      error={props.error}
      onChange={(value, option) => props.onChange(value, value ? (option?.label ?? value) : null)}
    />
  );
}

function Bestsellers() {
  const { t } = useLazyNamespace("quick-order", QUICK_ORDER_TEXTS);
  const list = useGatewayQuery(
    () => gateway(ProductsDocument, { taxonCode: "bestsellers", perPage: BESTSELLERS }),
    "bestsellers",
  );
  if (list.status === "error") return null;
  return (
    <Box component="section" mt={72} aria-labelledby="quick-order-bestsellers">
      <Title order={2} mb="lg" id="quick-order-bestsellers">
        {t("bestsellers")}
      </Title>
      {list.status === "loading" ? (
        <Center py="xl">
          <Loader color="clay" type="dots" />
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="lg" data-testid="bestsellers">
          {list.data.products.items.slice(0, BESTSELLERS).map((product) => (
            <ProductCard key={product.code} product={product} />
          ))}
        </SimpleGrid>
      )}
      <Anchor component={Link} to="/shop/category/bestsellers" size="sm" mt="md" display="block">
        {t("allBestsellers")}
      </Anchor>
    </Box>
  );
}
