import type {
  DocumentNode,
  ExecutionResult,
  FragmentDefinitionNode,
  GraphQLCompositeType,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
  ValidationContext,
  ValidationRule,
} from "graphql";
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isInterfaceType,
  isLeafType,
  isListType,
  isObjectType,
  Kind,
  NoSchemaIntrospectionCustomRule,
  parse,
  validate,
} from "./graphql-js.js";
import type { Plugin } from "graphql-yoga";
import { MAX_PER_PAGE } from "./paging.js";

/** The gateway's limits on one request (the storefront's own operations stay well within). */
export interface Limits {
  /** Deepest field nesting, e.g. products > items > related > images > path is 5. */
  maxDepth: number;
  /** Aliased fields in one operation (fragments counted where they are spread). */
  maxAliases: number;
  /** Lexical tokens of the query document. */
  maxTokens: number;
  /** Characters of the query text. */
  maxQueryLength: number;
  /** Estimated cost: every object field 1, times the sizes of the lists it sits in. */
  maxCost: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxDepth: 10,
  maxAliases: 15,
  maxTokens: 2000,
  maxQueryLength: 20_000,
  maxCost: 5_000,
};

/**
 * Lists whose size the data bounds (a line has its product's main image, at most 4 related
 * products, one payment and one shipment per order); other lists count DEFAULT_LIST_SIZE
 * items, paged ones `perPage`.
 */
const LIST_SIZES: Record<string, number> = {
  "Product.related": 4,
  // A product has a handful of variants (colours, sizes; the catalogue's most is 3).
  "ContractPrice.variants": 4,
  "OrderItem.images": 1,
  "Cart.payments": 2,
  "Cart.shipments": 2,
  "Order.payments": 2,
  "Order.shipments": 2,
};
const DEFAULT_LIST_SIZE = 10;

/**
 * A subscription (or any operation type) the schema has no root type for is invalid: graphql 16
 * does not validate this (17 will, as KnownOperationTypesRule) and would fail it in execution
 * with an error that has no code.
 */
const knownOperationTypesRule: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (!context.getSchema().getRootType(node.operation))
      context.reportError(
        new GraphQLError(`The schema does not support ${node.operation} operations.`, {
          nodes: node,
        }),
      );
  },
});

function tooComplex(message: string, limit: number, actual: number) {
  return new GraphQLError(message, {
    extensions: { code: "QUERY_TOO_COMPLEX", limit, actual },
  });
}

interface Measure {
  depth: number;
  aliases: number;
}

/**
 * Depth and alias count of a selection set with its fragments spread in. Each fragment is
 * measured once (a fragment spread many times, or spreading others many times, costs no
 * more to measure); cycles are cut here and reported by graphql's own rule.
 */
function measure(
  set: SelectionSetNode,
  fragment: (name: string) => FragmentDefinitionNode | undefined,
  memo: Map<string, Measure> = new Map(),
  stack: ReadonlySet<string> = new Set(),
): Measure {
  let depth = 0;
  let aliases = 0;
  for (const s of set.selections) {
    let sub: Measure = { depth: 0, aliases: 0 };
    if (s.kind === Kind.FIELD) {
      // Introspection (GraphiQL's schema query is deep) is governed by its own switch.
      if (s.name.value.startsWith("__")) continue;
      if (s.selectionSet) sub = measure(s.selectionSet, fragment, memo, stack);
      sub = { depth: sub.depth + 1, aliases: sub.aliases + (s.alias ? 1 : 0) };
    } else if (s.kind === Kind.INLINE_FRAGMENT) {
      sub = measure(s.selectionSet, fragment, memo, stack);
    } else {
      const name = s.name.value;
      const definition = fragment(name);
      if (!definition || stack.has(name)) continue;
      sub =
        memo.get(name) ??
        measure(definition.selectionSet, fragment, memo, new Set([...stack, name]));
      memo.set(name, sub);
    }
    depth = Math.max(depth, sub.depth);
    aliases += sub.aliases;
  }
  return { depth, aliases };
}

function measureOperation(context: ValidationContext, op: OperationDefinitionNode): Measure {
  return measure(op.selectionSet, (n) => context.getFragment(n) ?? undefined);
}

/** Refuses operations nested deeper than `max` fields. */
export function depthLimitRule(max: number): ValidationRule {
  return (context) => ({
    OperationDefinition(op) {
      const { depth } = measureOperation(context, op);
      if (depth > max)
        context.reportError(
          tooComplex(`Query depth ${depth} exceeds the maximum of ${max}.`, max, depth),
        );
    },
  });
}

/** Refuses operations with more than `max` aliases (the cheap way to repeat an expensive field). */
export function aliasLimitRule(max: number): ValidationRule {
  return (context) => ({
    OperationDefinition(op) {
      const { aliases } = measureOperation(context, op);
      if (aliases > max)
        context.reportError(
          tooComplex(`Query uses ${aliases} aliases; at most ${max} are allowed.`, max, aliases),
        );
    },
  });
}

/**
 * The estimated cost of an operation: each field returning an object counts 1 (scalars are
 * free: they come with their object), multiplied by the size of every list around it. A list
 * under a field with a `perPage` argument counts `perPage` items (the literal, the variable's
 * value or default, else the argument's default; at most MAX_PER_PAGE); lists in LIST_SIZES
 * count their bound; any other list DEFAULT_LIST_SIZE.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> = {},
): number {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const op = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations[0];
  if (!op) return 0;
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const root =
    op.operation === "mutation"
      ? schema.getMutationType()
      : op.operation === "subscription"
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root) return 0;
  const variableDefaults = Object.fromEntries(
    (op.variableDefinitions ?? []).flatMap((v) =>
      v.defaultValue?.kind === Kind.INT
        ? [[v.variable.name.value, Number(v.defaultValue.value)]]
        : [],
    ),
  );
  const values = { ...variableDefaults, ...variables };

  const memo = new Map<string, number>();
  const cost = (
    set: SelectionSetNode,
    type: GraphQLCompositeType,
    pageSize: number | undefined,
    seen: ReadonlySet<string>,
  ): number => {
    let total = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.INLINE_FRAGMENT) {
        const on = s.typeCondition ? schema.getType(s.typeCondition.name.value) : type;
        total += cost(s.selectionSet, (on as GraphQLCompositeType) ?? type, pageSize, seen);
        continue;
      }
      if (s.kind === Kind.FRAGMENT_SPREAD) {
        const f = fragments.get(s.name.value);
        if (!f || seen.has(f.name.value)) continue;
        const key = `${f.name.value}:${pageSize ?? ""}`;
        const on = schema.getType(f.typeCondition.name.value) as GraphQLCompositeType | undefined;
        const fragmentCost =
          memo.get(key) ??
          cost(f.selectionSet, on ?? type, pageSize, new Set([...seen, f.name.value]));
        memo.set(key, fragmentCost);
        total += fragmentCost;
        continue;
      }
      if (s.name.value.startsWith("__")) continue;
      const def =
        isObjectType(type) || isInterfaceType(type) ? type.getFields()[s.name.value] : undefined;
      if (!def) continue;
      let size = 1;
      let childPage = pageSize;
      const perPageArg = def.args.find((a) => a.name === "perPage");
      if (perPageArg) {
        const node = s.arguments?.find((a) => a.name.value === "perPage")?.value;
        let value: unknown = perPageArg.defaultValue;
        if (node?.kind === Kind.INT) value = Number(node.value);
        if (node?.kind === Kind.VARIABLE) value = values[node.name.value] ?? value;
        childPage =
          typeof value === "number" ? Math.min(Math.max(value, 1), MAX_PER_PAGE) : MAX_PER_PAGE;
      }
      if (isListType(getNullableType(def.type))) {
        size = childPage ?? LIST_SIZES[`${type.name}.${def.name}`] ?? DEFAULT_LIST_SIZE;
        childPage = undefined;
      }
      const inner = getNamedType(def.type);
      if (isLeafType(inner) || !s.selectionSet) continue;
      total += size * (1 + cost(s.selectionSet, inner, childPage, seen));
    }
    return total;
  };
  return cost(op.selectionSet, root, undefined, new Set());
}

/** Most costs kept per document (one per operation and page size asked). */
const COSTS_PER_DOCUMENT = 32;

/**
 * operationCost remembered per parsed document (Yoga's parse cache hands out the same
 * document for the same query text): the cost depends on the document, the operation and the
 * values of the variables given as `perPage`, nothing else.
 */
class CostMemo {
  private readonly documents = new WeakMap<
    DocumentNode,
    { schema: GraphQLSchema; pageVariables: string[]; costs: Map<string, number> }
  >();

  of(
    schema: GraphQLSchema,
    document: DocumentNode,
    operationName: string | null | undefined,
    variables: Record<string, unknown>,
  ): number {
    let held = this.documents.get(document);
    if (held === undefined || held.schema !== schema) {
      held = { schema, pageVariables: pageVariablesOf(document), costs: new Map() };
      this.documents.set(document, held);
    }
    const key = JSON.stringify([
      operationName ?? null,
      ...held.pageVariables.map((name) => variables[name] ?? null),
    ]);
    let cost = held.costs.get(key);
    if (cost === undefined) {
      cost = operationCost(schema, document, operationName, variables);
      if (held.costs.size >= COSTS_PER_DOCUMENT) held.costs.clear();
      held.costs.set(key, cost);
    }
    return cost;
  }
}

/** The variables a document passes as a `perPage` argument anywhere. */
function pageVariablesOf(document: DocumentNode): string[] {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== "object" || node === null) return;
    const n = node as { kind?: string; name?: { value: string }; value?: unknown };
    if (n.kind === Kind.ARGUMENT && n.name?.value === "perPage") {
      const value = n.value as { kind?: string; name?: { value: string } } | undefined;
      if (value?.kind === Kind.VARIABLE && value.name) names.add(value.name.value);
    }
    for (const [key, child] of Object.entries(node)) if (key !== "loc") walk(child);
  };
  walk(document.definitions);
  return [...names].sort();
}

/**
 * The limits as a Yoga plugin: query length when the request is read, tokens when it is
 * parsed, depth and aliases as validation rules, cost before execution (it needs the
 * variables). In production, introspection is refused too.
 */
export function useLimits(limits: Limits, production: boolean): Plugin {
  const costs = new CostMemo();
  return {
    onParams({ params }) {
      const length = params.query?.length ?? 0;
      if (length > limits.maxQueryLength) {
        throw new GraphQLError(
          `Query is ${length} characters long; at most ${limits.maxQueryLength} are allowed.`,
          {
            extensions: {
              code: "QUERY_TOO_COMPLEX",
              limit: limits.maxQueryLength,
              actual: length,
              http: { status: 413 },
            },
          },
        );
      }
    },
    onParse({ setParseFn }) {
      setParseFn((source, options) => parse(source, { ...options, maxTokens: limits.maxTokens }));
    },
    onValidate({ addValidationRule }) {
      addValidationRule(knownOperationTypesRule);
      addValidationRule(depthLimitRule(limits.maxDepth));
      addValidationRule(aliasLimitRule(limits.maxAliases));
      if (production) addValidationRule(NoSchemaIntrospectionCustomRule);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const cost = costs.of(
        args.schema,
        args.document,
        args.operationName,
        (args.variableValues ?? {}) as Record<string, unknown>,
      );
      if (cost > limits.maxCost) {
        setResultAndStopExecution({
          errors: [
            tooComplex(
              `Query cost ${cost} exceeds the budget of ${limits.maxCost}.`,
              limits.maxCost,
              cost,
            ),
          ],
        });
      }
    },
  };
}

/** graphql-js's hint naming fields, types, arguments or enum values close to a wrong one. */
const SUGGESTION = /\s*Did you mean [^?]*\?/;

function withoutSuggestions<T extends { errors?: readonly GraphQLError[] }>(result: T): T {
  const hinted = (e: GraphQLError) => SUGGESTION.test(e.message);
  if (!result.errors?.some(hinted)) return result;
  const errors = result.errors.map((e) =>
    hinted(e)
      ? new GraphQLError(e.message.replace(new RegExp(SUGGESTION.source, "g"), ""), {
          nodes: e.nodes,
          source: e.source,
          positions: e.positions,
          path: e.path,
          originalError: e.originalError,
          extensions: e.extensions,
        })
      : e,
  );
  return { ...result, errors };
}

/**
 * Keeps the schema to those who may see it (`visible`, asked per request with the server
 * context): for everyone else introspection (`__schema`, `__type`) is refused before execution
 * and "Did you mean …?" hints are cut from every error, validation and variable errors
 * included. Checked per request rather than as a validation rule because Yoga caches
 * validation results per document, whoever sent it.
 */
export function useSchemaPrivacy(
  visible: (server: Record<string, unknown> | undefined) => boolean,
): Plugin {
  // Per parsed document (the same object for the same query text, Yoga's parse cache): the
  // introspection check depends on nothing else, the schema being the gateway's one.
  const introspection = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (visible(args.contextValue as unknown as Record<string, unknown>)) return;
      let errors = introspection.get(args.document);
      if (errors === undefined) {
        errors = validate(args.schema, args.document, [NoSchemaIntrospectionCustomRule]);
        introspection.set(args.document, errors);
      }
      if (errors.length > 0) setResultAndStopExecution({ errors: [...errors] });
    },
    onResultProcess({ result, setResult, serverContext }) {
      if (visible(serverContext as Record<string, unknown>)) return;
      if (Array.isArray(result)) setResult(result.map(withoutSuggestions));
      else if (!(Symbol.asyncIterator in (result as object)))
        setResult(withoutSuggestions(result as ExecutionResult));
    },
  };
}
