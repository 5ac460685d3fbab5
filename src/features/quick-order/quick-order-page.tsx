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
import "@mantine/core/styles/Image.css";
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
  Image,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMachine } from "@xstate/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { fromPromise } from "xstate";
import {
  isRowComplete,
  isValidQuantity,
  quickOrderMachine,
  type QuickOrderRow,
} from "../../../machines/quick-order.machine";
import { can } from "../../../rules/permissions";
import { Price } from "../../components/price";
import { ProductCard } from "../../components/product-card";
import { QUANTITY_RANGE } from "../../components/quantity";
import { PLACEHOLDER_IMAGE } from "../../lib/placeholder";
import { gateway } from "../../lib/gateway";
import { MeDocument, ProductsDocument } from "../../lib/gql/graphql";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { useCartActor } from "../../lib/cart";
import { QUICK_ORDER_TEXTS } from "./quick-order-texts";
import classes from "./quick-order-lines.module.css";
import {
  bulkAddThroughCart,
  checkQuickOrderRow,
  importQuickOrderFile,
  readPastedLines,
  quickOrderSampleUrl,
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
          readPaste: fromPromise(({ input }: { input: { text: string } }) =>
            readPastedLines(input.text),
          ),
          addRowsToCart: fromPromise(
            ({ input }: { input: { items: { variantCode: string; quantity: number }[] } }) =>
              bulkAddThroughCart(cart, input.items),
          ),
        },
      }),
    [i18n, cart],
  );
  const [snapshot, send, actorRef] = useMachine(logic);
  // A changed row is checked by the server (product, price, line total, problems) once the
  // buyer pauses; an answer for an older version of the row is dropped by the machine.
  const checks = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = checks.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);
  const scheduleCheck = (id: number) => {
    clearTimeout(checks.current.get(id));
    checks.current.set(
      id,
      setTimeout(() => {
        checks.current.delete(id);
        const rows = actorRef.getSnapshot().context.rows;
        const index = rows.findIndex((r) => r.id === id);
        const row = rows[index];
        if (!row || row.variantCode === null) return;
        // Numbered as the buyer knows the row: the sheet's row, the pasted line, or the table's.
        checkQuickOrderRow(
          { row: row.from?.number ?? index + 1, code: row.variantCode, quantity: row.quantityText },
          row.from?.source === "file" ? "ROW" : "LINE",
        )
          .then((check) =>
            send({ type: "quickOrder.rowChecked", id, revision: row.revision, check }),
          )
          // Unchecked, the row keeps the local rule; the bulk add is judged by the server anyway.
          .catch(() => {});
      }, CHECK_DEBOUNCE_MS),
    );
  };
  const { rows, file, failure, added, pasteText } = snapshot.context;
  const busy =
    snapshot.matches("uploading") || snapshot.matches("adding") || snapshot.matches("readingPaste");
  const canAdd = rows.length > 0 && rows.every(isRowComplete);
  const problems = rows.filter((r) => r.problem !== null);
  // The rows came from a sheet ('rows of the file'), a pasted text ('lines'), or the table.
  const problemSource = problems[0]?.from?.source ?? "table";

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
                <Button
                  component="a"
                  href={quickOrderSampleUrl(i18n.language)}
                  download
                  variant="outline"
                >
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

        <Paper withBorder p="lg" radius="md" mb={40}>
          <Stack gap="xs">
            <Title order={2} fz={18}>
              {t("paste.title")}
            </Title>
            <Textarea
              label={t("paste.label")}
              description={t("paste.text")}
              placeholder={"GLOW-MINI-ROSE, 2\nFIRM-LIFT-SERUM-30ML;12\nAURA-LED-MASK\t1"}
              value={pasteText}
              onChange={(e) =>
                send({ type: "quickOrder.changePaste", text: e.currentTarget.value })
              }
              disabled={busy}
              autosize
              minRows={4}
              maxRows={12}
              spellCheck={false}
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
              data-testid="quick-order-paste"
            />
            <Group gap="sm">
              <Button
                variant="outline"
                onClick={() => send({ type: "quickOrder.paste" })}
                disabled={busy || pasteText.trim() === ""}
                loading={snapshot.matches("readingPaste")}
              >
                {t("paste.action")}
              </Button>
              {snapshot.matches("readingPaste") && <Text size="sm">{t("paste.reading")}</Text>}
            </Group>
          </Stack>
        </Paper>

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
                title={t(`problems.title.${problemSource}`, { count: problems.length })}
                mb="lg"
                data-testid="quick-order-problems"
              >
                {t("problems.text")}
              </Alert>
            )}
            <div className={classes.lines} role="list" aria-label={t("table.caption")}>
              <div className={classes.head} aria-hidden="true">
                <span className={classes.headProduct}>{t("table.product")}</span>
                <span className={classes.headNumber}>{t("table.unitPrice")}</span>
                <span>{t("table.quantity")}</span>
                <span className={classes.headNumber}>{t("table.lineTotal")}</span>
                <span />
              </div>
              {rows.map((row, index) => (
                <RowEditor
                  key={row.id}
                  row={row}
                  position={index + 1}
                  locked={busy}
                  onProduct={(variantCode, label) => {
                    send({ type: "quickOrder.chooseProduct", id: row.id, variantCode, label });
                    scheduleCheck(row.id);
                  }}
                  onQuantity={(text) => {
                    send({ type: "quickOrder.changeQuantity", id: row.id, text });
                    scheduleCheck(row.id);
                  }}
                  onRemove={() => send({ type: "quickOrder.removeRow", id: row.id })}
                />
              ))}
            </div>
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
                    {t("incomplete", QUANTITY_RANGE)}
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

/** Wait this long after the last change of a row before the server checks it. */
const CHECK_DEBOUNCE_MS = 300;

function RowEditor(props: {
  row: QuickOrderRow;
  position: number;
  locked: boolean;
  onProduct: (variantCode: string | null, label: string | null) => void;
  onQuantity: (text: string) => void;
  onRemove: () => void;
}) {
  const { t } = useLazyNamespace("quick-order", QUICK_ORDER_TEXTS);
  const { row, position } = props;
  const problem = row.problem;
  const product = row.product;
  // One message per problem, at the field that fixes it (issue 30): the server's words for
  // the product under the picker, for the quantity under the quantity. A row nobody has
  // changed yet is not told to choose a product.
  const codeMessage = problem?.codeMessage ?? null;
  const needsProduct = row.variantCode === null && (problem !== null || row.revision > 0);
  const productError =
    codeMessage !== null ? (
      <span data-testid="quick-order-row-problem">{codeMessage}</span>
    ) : needsProduct ? (
      t("table.productRequired")
    ) : undefined;
  // What was written stays: a quantity outside the rule is marked with it.
  const quantityMessage = problem?.quantityMessage ?? null;
  const badQuantity =
    quantityMessage !== null ||
    (row.quantityText.trim() !== "" && !isValidQuantity(row.quantity)) ||
    (problem !== null && row.quantityText.trim() === "");
  const quantityError =
    quantityMessage !== null ? (
      <span data-testid="quick-order-row-problem">{quantityMessage}</span>
    ) : badQuantity ? (
      t("table.quantityRequired", QUANTITY_RANGE)
    ) : undefined;
  return (
    <div
      className={classes.line}
      role="listitem"
      data-testid="quick-order-row"
      data-problem={problem ? problem.reason : undefined}
    >
      <Image
        className={classes.img}
        src={product?.image ?? null}
        fallbackSrc={PLACEHOLDER_IMAGE}
        alt=""
        w={56}
        h={56}
        fit="contain"
        bg="stone.0"
        radius="sm"
      />
      <Box className={`${classes.product} ${classes.touch}`}>
        <ProductPicker
          row={row}
          label={t("table.productOfRow", { row: position })}
          disabled={props.locked}
          error={productError}
          onChange={props.onProduct}
        />
        {product && (
          <Text size="sm" mt={4} data-testid="quick-order-row-name">
            {product.name}
            <Text component="span" c="stone.6" size="sm">
              {" · "}
              {product.variantName}
            </Text>
          </Text>
        )}
        {problem?.codeMessage && problem.choices && (
          // A product code with several variants: one of them is picked here, in place.
          <Group
            gap={6}
            mt={6}
            role="group"
            aria-label={t("table.chooseVariant", { row: position })}
            data-testid="quick-order-row-choices"
          >
            {problem.choices.map((choice) => (
              <Button
                key={choice.code}
                size="compact-sm"
                variant="light"
                color="clay"
                disabled={props.locked}
                styles={{ label: { whiteSpace: "normal", overflowWrap: "anywhere" } }}
                h="auto"
                mih={36}
                onClick={() => props.onProduct(choice.code, `${choice.name} (${choice.code})`)}
              >
                {`${choice.name} · ${choice.code}`}
              </Button>
            ))}
          </Group>
        )}
      </Box>
      <Box className={classes.price}>
        <span className={classes.label}>{t("table.unitPrice")}</span>
        {product ? (
          <Price
            amount={product.unitPrice}
            currencyCode={product.currencyCode}
            size="sm"
            data-testid="quick-order-row-price"
          />
        ) : (
          <Text size="sm" c="stone.6">
            –
          </Text>
        )}
      </Box>
      <Box className={classes.qty}>
        <TextInput
          className={classes.touch}
          size="sm"
          inputMode="numeric"
          autoComplete="off"
          aria-label={t("table.quantityOfRow", { row: position })}
          value={row.quantityText}
          disabled={props.locked}
          error={quantityError}
          aria-invalid={badQuantity || undefined}
          // As in every quantity field, what is typed stays ("1.5", "-2"), marked; what a file wrote stays.
          onChange={(event) => props.onQuantity(event.currentTarget.value)}
        />
      </Box>
      <Box className={classes.total}>
        <span className={classes.label}>{t("table.lineTotal")}</span>
        {product && row.lineTotal !== null ? (
          <Price
            amount={row.lineTotal}
            currencyCode={product.currencyCode}
            size="sm"
            fw={600}
            data-testid="quick-order-row-total"
          />
        ) : (
          <Text size="sm" c="stone.6">
            –
          </Text>
        )}
      </Box>
      <ActionIcon
        className={classes.remove}
        size={44}
        variant="subtle"
        color="stone"
        aria-label={t("table.remove", { row: position })}
        disabled={props.locked}
        onClick={props.onRemove}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </ActionIcon>
    </div>
  );
}

/** Wait this long after the last key before searching the catalogue. */
const SEARCH_DEBOUNCE_MS = 250;

/** A product variant chosen by code or name: the catalogue is searched as the person types. */
function ProductPicker(props: {
  row: QuickOrderRow;
  label: string;
  disabled: boolean;
  error?: ReactNode;
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
      <Box mt="md">
        <Anchor
          component={Link}
          to="/shop/category/bestsellers"
          size="sm"
          className="pp-touch-link"
        >
          {t("allBestsellers")}
        </Anchor>
      </Box>
    </Box>
  );
}
