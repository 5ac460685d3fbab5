import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/NumberInput.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Checkbox,
  Container,
  Group,
  Loader,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "../../../rules/limits";
import { StaffSignIn } from "../../components/staff-sign-in";
import { decimalSeparator, formatMoney, groupSeparator } from "../../lib/money";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { signOutStaff, staffSession as staffToken, StaffCallError } from "../../lib/staff-session";
import { BACK_OFFICE_TEXTS } from "./back-office-texts";
import {
  fetchEntries,
  fetchPriceLists,
  saveVolumePrices,
  type PriceEntry,
} from "./volume-prices.services";
import { CardTable } from "../../components/card-table";

type TFunction = ReturnType<typeof useLazyNamespace>["t"];
type Load =
  | { status: "signIn" }
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; entries: PriceEntry[]; total: number };

/**
 * /back-office/volume-prices: the staff's volume price editor (decision 040). Staff sign in on
 * the page (the token lives in this tab's session storage, as on /machines), pick a price list,
 * search its entries and edit an entry's tiers; the server checks them and answers field errors,
 * shown at their fields.
 */
export function Component() {
  const { t, i18n } = useLazyNamespace("back-office", BACK_OFFICE_TEXTS);
  const language = i18n.language;
  const [token, setToken] = useState<string | null>(null);
  const [tokenRead, setTokenRead] = useState(false);
  const [lists, setLists] = useState<string[]>([]);
  const [priceList, setPriceList] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [tiered, setTiered] = useState(true);
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [editing, setEditing] = useState<PriceEntry | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  /** The server refused the token (expired, revoked): forget it and ask to sign in. */
  const signedOut = useCallback(() => {
    staffToken.write(null);
    setToken(null);
    setLoad({ status: "signIn" });
  }, []);
  /** "Sign out": the token is revoked on the server too (issue 18). */
  const signOut = () => {
    void signOutStaff(token);
    signedOut();
  };

  useEffect(() => {
    setToken(staffToken.read());
    setTokenRead(true);
  }, []);
  useEffect(() => {
    if (!tokenRead) return;
    if (!token) {
      setLoad({ status: "signIn" });
      return;
    }
    fetchPriceLists(token, language).then(
      (found) => {
        setLists(found);
        setPriceList((current) => current ?? found[0] ?? null);
      },
      (error: unknown) =>
        error instanceof StaffCallError && error.status === 401
          ? signedOut()
          : setLoad({ status: "failed" }),
    );
  }, [token, tokenRead, language, signedOut]);

  const reload = useCallback(() => {
    if (!token || !priceList) return;
    setLoad({ status: "loading" });
    fetchEntries(token, language, priceList, { search, tiered }).then(
      ({ entries, total }) => setLoad({ status: "ready", entries, total }),
      (error: unknown) =>
        error instanceof StaffCallError && error.status === 401
          ? signedOut()
          : setLoad({ status: "failed" }),
    );
  }, [token, priceList, language, search, tiered, signedOut]);
  useEffect(() => {
    // The search waits for a pause in typing.
    const timer = setTimeout(reload, 250);
    return () => clearTimeout(timer);
  }, [reload]);

  return (
    <Container size="lg" py={48}>
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
        {token && (
          <Group align="flex-end" gap="md" wrap="wrap">
            <NativeSelect
              label={t("priceList")}
              data={lists}
              value={priceList ?? ""}
              onChange={(e) => setPriceList(e.currentTarget.value)}
              w={{ base: "100%", sm: 220 }}
            />
            <TextInput
              label={t("search")}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              maxLength={100}
              w={{ base: "100%", sm: 280 }}
            />
            <Checkbox
              label={t("tieredOnly")}
              checked={tiered}
              onChange={(e) => setTiered(e.currentTarget.checked)}
              mb={8}
            />
          </Group>
        )}
        {saved && (
          <Alert color="green" role="status" withCloseButton onClose={() => setSaved(null)}>
            {saved}
          </Alert>
        )}
        {load.status === "loading" && token && (
          <Center py={60}>
            <Loader type="dots" aria-label={t("loading")} />
          </Center>
        )}
        {load.status === "failed" && (
          <Alert color="red" title={t("loadFailed")}>
            <Button mt="sm" variant="light" color="red" onClick={reload}>
              {t("retry")}
            </Button>
          </Alert>
        )}
        {load.status === "ready" && (
          <EntryTable t={t} language={language} load={load} onEdit={setEditing} />
        )}
      </Stack>
      {editing && token && (
        <TierEditor
          t={t}
          language={language}
          token={token}
          entry={editing}
          onClose={() => setEditing(null)}
          onSaved={(entry) => {
            setEditing(null);
            setSaved(t("editor.saved", { variant: entry.variant }));
            reload();
          }}
        />
      )}
    </Container>
  );
}

/** "1–11 €24.00 · 12–47 €22.50 · 48+ €21.00". */
function tiersText(entry: PriceEntry, language: string) {
  return entry.volumePrices
    .map(
      (t) =>
        `${t.minQuantity}${t.maxQuantity == null ? "+" : `–${t.maxQuantity}`} ${formatMoney(t.price, entry.currencyCode, language)}`,
    )
    .join(" · ");
}

function EntryTable({
  t,
  language,
  load,
  onEdit,
}: {
  t: TFunction;
  language: string;
  load: Extract<Load, { status: "ready" }>;
  onEdit: (entry: PriceEntry) => void;
}) {
  if (load.entries.length === 0) return <Text c="stone.6">{t("empty")}</Text>;
  return (
    <Stack gap="xs">
      <CardTable striped highlightOnHover data-testid="price-entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("table.variant")}</Table.Th>
            <Table.Th>{t("table.product")}</Table.Th>
            <Table.Th ta="right">{t("table.price")}</Table.Th>
            <Table.Th>{t("table.tiers")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {load.entries.map((e) => (
            <Table.Tr key={e.variant} data-testid="price-entry">
              <Table.Td ff="monospace" fz="sm">
                {e.variant}
              </Table.Td>
              <Table.Td data-label={t("table.product")}>{e.productName}</Table.Td>
              <Table.Td ta="right" data-label={t("table.price")}>
                {formatMoney(e.price, e.currencyCode, language)}
              </Table.Td>
              <Table.Td fz="sm" data-label={t("table.tiers")}>
                {e.volumePrices.length > 0 ? tiersText(e, language) : t("table.none")}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  color="clay"
                  onClick={() => onEdit(e)}
                  aria-label={`${t("table.edit")} ${e.variant}`}
                >
                  {t("table.edit")}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </CardTable>
      <Text size="xs" c="stone.6">
        {t("count", { shown: load.entries.length, total: load.total })}
      </Text>
    </Stack>
  );
}

type Row = { minQuantity: string | number; price: string | number };

function TierEditor({
  t,
  language,
  token,
  entry,
  onClose,
  onSaved,
}: {
  t: TFunction;
  language: string;
  token: string;
  entry: PriceEntry;
  onClose: () => void;
  onSaved: (entry: PriceEntry) => void;
}) {
  const [rows, setRows] = useState<Row[]>(() =>
    entry.volumePrices.length > 0
      ? entry.volumePrices.map((v) => ({ minQuantity: v.minQuantity, price: v.price / 100 }))
      : [
          { minQuantity: 1, price: entry.price / 100 },
          { minQuantity: "", price: "" },
        ],
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const save = (tiers: Row[]) => {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    // What was typed goes to the server as typed (a quantity or price it cannot read is sent
    // as such and refused there, at its field); prices in major units become minor units.
    const volumePrices = tiers.map((r) => ({
      minQuantity: r.minQuantity === "" ? null : Number(r.minQuantity),
      price: r.price === "" ? null : Math.round(Number(r.price) * 100),
    }));
    saveVolumePrices(token, language, entry, volumePrices).then(onSaved, (e: unknown) => {
      setBusy(false);
      if (e instanceof StaffCallError) {
        const byField: Record<string, string> = {};
        for (const v of e.violations) byField[v.propertyPath] ??= v.message;
        setFieldErrors(byField);
        // Field errors show at their fields; the alert carries what belongs to no field.
        const general = e.violations.length === 0 ? (e.detail ?? t("loadFailed")) : null;
        setError(byField["volumePrices"] ?? general);
      } else setError(t("loadFailed"));
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(rows);
  };
  const set = (n: number, patch: Partial<Row>) =>
    setRows((list) => list.map((r, i) => (i === n ? { ...r, ...patch } : r)));
  const currency = entry.currencyCode;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t("editor.title", { name: `${entry.productName} (${entry.variantName})` })}
      size="lg"
    >
      <form onSubmit={submit} data-testid="tier-editor">
        <Stack gap="sm">
          <Text size="sm" c="stone.7">
            {t("editor.hint")}
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {rows.map((row, n) => {
            const next = rows[n + 1];
            const to =
              next && next.minQuantity !== "" && Number(next.minQuantity) > 1
                ? String(Number(next.minQuantity) - 1)
                : n === rows.length - 1
                  ? t("editor.toOpen")
                  : "…";
            return (
              <Group key={n} align="flex-start" gap="sm" wrap="nowrap" data-testid="tier-row">
                <NumberInput
                  label={t("editor.from")}
                  value={row.minQuantity}
                  onChange={(v) => set(n, { minQuantity: v })}
                  min={MIN_LINE_QUANTITY}
                  max={MAX_LINE_QUANTITY}
                  allowDecimal={false}
                  allowNegative={false}
                  error={fieldErrors[`volumePrices[${n}].minQuantity`]}
                  w={{ base: 96, sm: 130 }}
                />
                <Stack gap={4} w={{ base: 56, sm: 80 }}>
                  <Text size="sm" fw={500}>
                    {t("editor.to")}
                  </Text>
                  <Text size="sm" c="stone.7" pt={6} data-testid="tier-to">
                    {to}
                  </Text>
                </Stack>
                <NumberInput
                  label={t("editor.price", { currency })}
                  value={row.price}
                  onChange={(v) => set(n, { price: v })}
                  min={0}
                  decimalScale={2}
                  fixedDecimalScale
                  // 1.222,50 in German, 1,222.50 in English, as the list writes prices; either
                  // key types the decimal separator.
                  decimalSeparator={decimalSeparator(language)}
                  thousandSeparator={groupSeparator(language)}
                  error={fieldErrors[`volumePrices[${n}].price`]}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  mt={26}
                  size={36}
                  variant="subtle"
                  color="stone"
                  aria-label={t("editor.remove", { n: n + 1 })}
                  disabled={rows.length <= 1}
                  onClick={() => setRows((list) => list.filter((_, i) => i !== n))}
                >
                  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" aria-hidden="true">
                    <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
                  </svg>
                </ActionIcon>
              </Group>
            );
          })}
          <Group gap="sm" wrap="wrap">
            <Button
              variant="light"
              color="clay"
              onClick={() => setRows((list) => [...list, { minQuantity: "", price: "" }])}
              disabled={rows.length >= 10}
            >
              {t("editor.add")}
            </Button>
            {entry.volumePrices.length > 0 && (
              <Button variant="subtle" color="red" onClick={() => save([])} disabled={busy}>
                {t("editor.removeAll")}
              </Button>
            )}
          </Group>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t("editor.cancel")}
            </Button>
            <Button type="submit" color="clay" loading={busy}>
              {t("editor.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
