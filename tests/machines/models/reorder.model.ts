import {
  reorderMachine,
  type ReorderInput,
  type VariantNow,
} from "../../../machines/reorder.machine.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

export const lines: ReorderInput["lines"] = [
  {
    variantCode: "SERUM-30",
    productName: "Serum",
    variantName: "30 ml",
    quantity: 12,
    priceThen: 1800,
    imagePath: null,
  },
  {
    variantCode: "CASE-BLACK",
    productName: "Travel case",
    variantName: "Black",
    quantity: 5,
    priceThen: 900,
    imagePath: "/media/case.svg",
  },
];
export const input: ReorderInput = {
  orderNumber: "100008",
  currencyCode: "EUR",
  lines,
  runId: "r1",
  maxPolls: 2,
};
export const preview: VariantNow[] = [
  { variantCode: "SERUM-30", price: 1900, inStock: true },
  { variantCode: "CASE-BLACK", price: 900, inStock: false },
];
export const nothingInStock: VariantNow[] = [
  { variantCode: "SERUM-30", price: 1900, inStock: false },
];

type Line = ReorderInput["lines"][number];
type Failure = {
  variantCode: string;
  name: string;
  message: string | null;
  messageKey: string | null;
};
type Ctx = {
  lines: Line[];
  runId: string;
  maxPolls: number;
  now: Record<string, VariantNow>;
  index: number;
  requestId: string | null;
  polls: number;
  added: string[];
  shortened: { variantCode: string; name: string; wanted: number; added: number }[];
  failed: Failure[];
  previewError: string | null;
};
type Progress = {
  type: string;
  loading?: boolean;
  lastOutcome?: { requestId?: string | null; ok: boolean; message?: string | null } | null;
  quantities?: Record<string, number>;
};

/**
 * Reorder (account spec 2, 4 and 9), stated without the machine: the preview asks for each
 * distinct variant once; confirming needs a line in stock today, then the cart is emptied and
 * its progress read every 350 ms until it is not loading (or 40 reads, here 2, passed). Each
 * line is then added in order with its quantity and the request id `reorder-<run>-<line>`; it
 * settles when the cart, not loading, reports that request's outcome (a failure keeps the
 * cart's words, else 'orders.reorder.lineFailed'), or times out after the reads allowed
 * ('orders.reorder.lineTimedOut'). Each add asks the server for what the stock allows
 * (`upToStock`); an added line of which the cart then holds fewer than wanted is reported as
 * "added of wanted", never dropped silently. A line's name is 'Product (Variant)', or the
 * product alone. With a line added the user goes to /checkout told of the cut and failed lines;
 * with none, the dialog stays.
 */
function oracle({ event, before, input: given }: OracleStep): OracleExpectation {
  const i = given as ReorderInput;
  const preview = {
    loadPreview: {
      variantCodes: i.lines.map((l) => l.variantCode).filter((v, n, all) => all.indexOf(v) === n),
    },
  };
  if (event.type === "xstate.init")
    return {
      value: "loadingPreview",
      context: {
        orderNumber: i.orderNumber,
        currencyCode: i.currencyCode,
        lines: i.lines,
        runId: i.runId,
        maxPolls: i.maxPolls ?? 40,
        now: {},
        index: 0,
        requestId: null,
        polls: 0,
        added: [],
        shortened: [],
        failed: [],
        previewError: null,
      },
      started: preview,
    };
  const c = before.context as Ctx;
  const stay = { value: before.value, context: c };
  const e = event as Progress & { output?: VariantNow[] };
  const at = JSON.stringify(before.value);
  const cancel = e.type === "reorder.cancel" ? { value: "cancelled", context: c } : undefined;
  // Starting line n: sent with its quantity and its own request id, reads counted afresh.
  const add = (ctx: Ctx, n: number): OracleExpectation => {
    const requestId = `reorder-${ctx.runId}-${n}`;
    const line = ctx.lines[n]!;
    return {
      value: { addingLine: "waiting" },
      context: { ...ctx, index: n, requestId, polls: 0 },
      actions: [
        {
          type: "addToCart",
          params: {
            variantCode: line.variantCode,
            quantity: line.quantity,
            requestId,
            upToStock: true,
          },
        },
      ],
    };
  };
  const settle = (ctx: Ctx): OracleExpectation => {
    if (ctx.index < ctx.lines.length - 1) return add(ctx, ctx.index + 1);
    if (ctx.added.length === 0) return { value: "nothingAdded", context: ctx };
    return {
      value: "done",
      context: ctx,
      actions: [
        { type: "goToCheckout" },
        { type: "reportFailures", params: { failed: ctx.failed, shortened: ctx.shortened } },
      ],
    };
  };
  const fail = (message: string | null, messageKey: string | null): Failure => {
    const line = c.lines[c.index]!;
    const name =
      line.variantName === null || line.variantName === ""
        ? line.productName
        : `${line.productName} (${line.variantName})`;
    return { variantCode: line.variantCode, name, message, messageKey };
  };
  const outOfReads = c.polls + 1 >= c.maxPolls;
  switch (at) {
    case '"loadingPreview"':
      if (e.type === "xstate.done.actor.loadPreview") {
        const now: Record<string, VariantNow> = {};
        for (const v of e.output!) now[v.variantCode] = v;
        return { value: "previewing", context: { ...c, now, previewError: null } };
      }
      if (e.type === "xstate.error.actor.loadPreview")
        return {
          value: "previewFailed",
          context: { ...c, previewError: "orders.reorder.previewFailed" },
        };
      return cancel ?? stay;
    case '"previewFailed"':
      if (e.type === "reorder.retry")
        return { value: "loadingPreview", context: c, started: preview };
      return cancel ?? stay;
    case '"previewing"':
      if (e.type === "reorder.confirm")
        return c.lines.some((l) => c.now[l.variantCode]?.inStock === true)
          ? {
              value: { emptyingCart: "waiting" },
              context: { ...c, polls: 0 },
              actions: [{ type: "emptyCart" }],
            }
          : stay;
      return cancel ?? stay;
    case '{"emptyingCart":"waiting"}':
      if (e.type === "xstate.after.poll.reorder.emptyingCart.waiting")
        return { ...stay, actions: [{ type: "pollCart" }] };
      if (e.type === "reorder.cartProgress")
        return e.loading === false || outOfReads
          ? add(c, c.index)
          : { value: before.value, context: { ...c, polls: c.polls + 1 } };
      return stay;
    case '{"addingLine":"waiting"}': {
      if (e.type === "xstate.after.poll.reorder.addingLine.waiting")
        return { ...stay, actions: [{ type: "pollCart" }] };
      if (e.type !== "reorder.cartProgress") return stay;
      const o = e.lastOutcome;
      const mine =
        e.loading === false && o !== null && o !== undefined && o.requestId === c.requestId;
      if (mine && o.ok) {
        const line = c.lines[c.index]!;
        const inCart = e.quantities?.[line.variantCode];
        const cut =
          inCart !== undefined && inCart < line.quantity
            ? [
                {
                  variantCode: line.variantCode,
                  name: fail(null, null).name,
                  wanted: line.quantity,
                  added: inCart,
                },
              ]
            : [];
        return settle({
          ...c,
          added: [...c.added, line.variantCode],
          shortened: [...c.shortened, ...cut],
        });
      }
      if (mine) {
        const words = typeof o.message === "string" && o.message !== "" ? o.message : null;
        return settle({
          ...c,
          failed: [...c.failed, fail(words, words === null ? "orders.reorder.lineFailed" : null)],
        });
      }
      if (outOfReads)
        return settle({ ...c, failed: [...c.failed, fail(null, "orders.reorder.lineTimedOut")] });
      return { value: before.value, context: { ...c, polls: c.polls + 1 } };
    }
    case '"nothingAdded"':
      return cancel ?? stay;
  }
  return stay;
}

export const model: MachineModel = {
  machine: reorderMachine,
  input,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      Object.keys(s.context.now).length,
      Object.values(s.context.now as Record<string, VariantNow>).some((v) => v.inStock),
      s.context.index,
      s.context.polls,
      s.context.added,
      s.context.shortened.length,
      s.context.failed.length,
    ]),
  events: (s) => [
    { type: "reorder.confirm" },
    { type: "reorder.cancel" },
    { type: "reorder.retry" },
    { type: "reorder.cartProgress", loading: true, lastOutcome: null },
    {
      type: "reorder.cartProgress",
      loading: false,
      lastOutcome: { requestId: s.context.requestId, ok: true, message: null },
    },
    {
      type: "reorder.cartProgress",
      loading: false,
      lastOutcome: { requestId: s.context.requestId, ok: false, message: "Out of stock" },
    },
    {
      type: "reorder.cartProgress",
      loading: false,
      lastOutcome: { requestId: s.context.requestId, ok: false },
    },
    // Added, but the stock allowed only part of the line (the cart holds 3 of it).
    ...(s.context.requestId
      ? [
          {
            type: "reorder.cartProgress",
            loading: false,
            lastOutcome: { requestId: s.context.requestId, ok: true, message: null },
            quantities: { [s.context.lines[s.context.index]!.variantCode]: 3 },
          },
          // The cart holds the whole line: nothing was cut.
          {
            type: "reorder.cartProgress",
            loading: false,
            lastOutcome: { requestId: s.context.requestId, ok: true, message: null },
            quantities: {
              [s.context.lines[s.context.index]!.variantCode]:
                s.context.lines[s.context.index]!.quantity,
            },
          },
        ]
      : []),
    // The outcome of another request (an earlier line's): not this line's answer.
    {
      type: "reorder.cartProgress",
      loading: false,
      lastOutcome: { requestId: "reorder-r1-other", ok: true, message: null },
    },
    { type: "xstate.done.actor.loadPreview", output: preview },
    { type: "xstate.done.actor.loadPreview", output: nothingInStock },
    { type: "xstate.error.actor.loadPreview", error: new Error("offline") },
  ],
  invariants: {
    "never changes the cart before confirmation": (s) =>
      !["emptyingCart", "addingLine"].some((state) => JSON.stringify(s.value).includes(state)) ||
      Object.keys(s.context.now).length > 0,
    "each line is settled at most once": (s) =>
      s.context.added.length + s.context.failed.length <= lines.length,
    "the line being added exists": (s) => s.context.index < lines.length,
  },
  oracle,
};
