// @ts-check
/**
 * A small graphql-codegen plugin that writes the resolver types of the gateway from
 * schema, so resolvers are typed from codegen without the typescript-resolvers package.
 *
 * For every object type it writes a model (the value a resolver hands to GraphQL for it):
 * the schema fields with nested objects replaced by their models. `config.models` lets a type
 * drop fields that have their own resolver and add the hidden data those resolvers need:
 *   models: { Product: { omit: ["related"], extra: "../models.js#ProductExtras" } }
 * Union members carry `__typename`, which graphql-js uses to pick the member. Then it writes
 * `XArgs` for every field with arguments, `XResolvers` per object type and `Resolvers`; last,
 * `resultErrors`: the error members of every result union.
 */
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLUnionType,
} from "graphql";

/** @typedef {{ omit?: string[], extra?: string }} ModelConfig */
/** @typedef {{ contextType: string, models?: Record<string, ModelConfig>, scalars?: Record<string, string> }} Config */

const builtInScalars = {
  ID: "string",
  String: "string",
  Int: "number",
  Float: "number",
  Boolean: "boolean",
};

/** @param {string} ref "path#Name" */
function splitRef(ref) {
  const [path, name] = ref.split("#");
  if (!path || !name) throw new Error(`expected "path#Name", got ${ref}`);
  return { path, name };
}

/**
 * @param {import("graphql").GraphQLSchema} schema
 * @param {unknown} _documents
 * @param {Config} config
 */
export function plugin(schema, _documents, config) {
  const models = config.models ?? {};
  /** @type {Record<string, string>} */
  const scalars = { ...builtInScalars, ...config.scalars };
  const context = splitRef(config.contextType);
  /** @type {Map<string, Set<string>>} */
  const imports = new Map();
  const addImport = (/** @type {string} */ ref) => {
    const { path, name } = splitRef(ref);
    const names = imports.get(path) ?? new Set();
    names.add(name);
    imports.set(path, names);
    return name;
  };
  addImport(config.contextType);

  const types = Object.values(schema.getTypeMap())
    .filter((t) => !t.name.startsWith("__"))
    .sort((a, b) => a.name.localeCompare(b.name));

  /** TS type of a GraphQL output/input type, `model` choosing model names for objects. */
  const ts = (/** @type {import("graphql").GraphQLType} */ type, nullable = true) => {
    if (type instanceof GraphQLNonNull) return ts(type.ofType, false);
    const wrap = (/** @type {string} */ s) => (nullable ? `${s} | null` : s);
    if (type instanceof GraphQLList) return wrap(`Array<${ts(type.ofType)}>`);
    if (type instanceof GraphQLScalarType) return wrap(scalars[type.name] ?? "unknown");
    if (type instanceof GraphQLEnumType || type instanceof GraphQLInputObjectType)
      return wrap(type.name);
    return wrap(`${type.name}Model`);
  };
  const field = (
    /** @type {string} */ name,
    /** @type {import("graphql").GraphQLType} */ type,
    /** @type {string | null | undefined} */ description,
  ) => {
    const optional = !(type instanceof GraphQLNonNull);
    const doc = description ? `  /** ${description.replace(/\s+/g, " ")} */\n` : "";
    return `${doc}  ${name}${optional ? "?" : ""}: ${ts(type)};`;
  };
  const pascal = (/** @type {string} */ s) => s.charAt(0).toUpperCase() + s.slice(1);

  const out = [];
  for (const type of types) {
    const doc = type.description ? `/** ${type.description.replace(/\s+/g, " ")} */\n` : "";
    if (type instanceof GraphQLEnumType) {
      out.push(
        `${doc}export type ${type.name} = ${type
          .getValues()
          .map((v) => JSON.stringify(v.name))
          .join(" | ")};`,
      );
    } else if (type instanceof GraphQLInputObjectType) {
      const fields = Object.values(type.getFields()).map((f) =>
        field(f.name, f.type, f.description),
      );
      out.push(`${doc}export interface ${type.name} {\n${fields.join("\n")}\n}`);
    } else if (type instanceof GraphQLObjectType) {
      const model = models[type.name] ?? {};
      const omit = new Set(model.omit ?? []);
      const fields = Object.values(type.getFields())
        .filter((f) => !omit.has(f.name))
        .map((f) => field(f.name, f.type, f.description));
      const base = `{\n  __typename?: ${JSON.stringify(type.name)};\n${fields.join("\n")}\n}`;
      const extra = model.extra ? ` & ${addImport(model.extra)}` : "";
      out.push(
        extra
          ? `${doc}export type ${type.name}Model = ${base}${extra};`
          : `${doc}export interface ${type.name}Model ${base}`,
      );
    } else if (type instanceof GraphQLUnionType || type instanceof GraphQLInterfaceType) {
      const members =
        type instanceof GraphQLUnionType ? type.getTypes() : schema.getPossibleTypes(type);
      const union = members
        .map((m) => `(${m.name}Model & { __typename: ${JSON.stringify(m.name)} })`)
        .join("\n  | ");
      out.push(`${doc}export type ${type.name}Model =\n  | ${union};`);
    }
  }

  // Arguments and resolvers of every object type.
  const resolverMaps = [];
  for (const type of types) {
    if (!(type instanceof GraphQLObjectType)) continue;
    const root = [schema.getQueryType(), schema.getMutationType()].includes(type);
    const parent = root ? "Record<string, never>" : `${type.name}Model`;
    const entries = [];
    for (const f of Object.values(type.getFields())) {
      let args = "Record<string, never>";
      if (f.args.length > 0) {
        args = `${type.name}${pascal(f.name)}Args`;
        // A nullable argument with a default can still be sent as null: keep its type.
        const fields = f.args.map((a) => field(a.name, a.type, a.description));
        out.push(`export interface ${args} {\n${fields.join("\n")}\n}`);
      }
      entries.push(`  ${f.name}?: Resolver<${ts(f.type)}, ${parent}, ${args}>;`);
    }
    out.push(`export interface ${type.name}Resolvers {\n${entries.join("\n")}\n}`);
    resolverMaps.push(`  ${type.name}?: ${type.name}Resolvers;`);
  }

  const header = [
    "/* Generated by graphql/codegen/resolver-types.mjs from graphql/schema/*.graphql: do not edit. */",
    'import type { GraphQLResolveInfo } from "graphql";',
    ...[...imports].map(
      ([path, names]) =>
        `import type { ${[...names].sort().join(", ")} } from ${JSON.stringify(path)};`,
    ),
    "",
    "/** A field resolver: may answer at once or with a promise. */",
    "export type Resolver<TResult, TParent, TArgs> = (",
    "  parent: TParent,",
    "  args: TArgs,",
    `  context: ${context.name},`,
    "  info: GraphQLResolveInfo,",
    ") => TResult | Promise<TResult>;",
  ];
  // The error members of each result union, so a resolver's expected failures are the
  // schema's (withErrors(resultErrors.XResult, ...)) and never a list written by hand.
  const errorResult = schema.getType("ErrorResult");
  const unionErrors = Object.values(schema.getTypeMap())
    .filter((t) => t instanceof GraphQLUnionType)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((u) => {
      const members = /** @type {GraphQLUnionType} */ (u)
        .getTypes()
        .filter((m) => m.getInterfaces().some((i) => i === errorResult))
        .map((m) => JSON.stringify(m.name));
      return `  ${u.name}: [${members.join(", ")}],`;
    });
  return [
    ...header,
    "",
    out.join("\n\n"),
    "",
    `/** Every resolver of the schema; fields without one read the model's property. */\nexport interface Resolvers {\n${resolverMaps.join("\n")}\n}`,
    "",
    `/** The error members (ErrorResult) of every result union of the schema. */\nexport const resultErrors = {\n${unionErrors.join("\n")}\n} as const;`,
    "",
  ].join("\n");
}
