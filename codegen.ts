import type { CodegenConfig } from "@graphql-codegen/cli";

/**
 * Typed documents for the storefront's fetch client (src/lib/gql), generated from the schema and
 * the operations as strings (`documentMode: "string"`), so the web app ships no GraphQL parser
 * or AST; and the gateway's resolver types (graphql/generated), written by a small local
 * plugin so no resolver-codegen package is needed.
 */
const config: CodegenConfig = {
  schema: "graphql/schema/*.graphql",
  documents: ["graphql/operations/**/*.graphql"],
  generates: {
    "src/lib/gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { ID: "string" },
        documentMode: "string",
      },
    },
    "graphql/generated/resolvers-types.ts": {
      plugins: ["./graphql/codegen/resolver-types.mjs"],
      config: {
        contextType: "../context.js#GatewayContext",
        models: {
          Product: { omit: ["related"], extra: "../models.js#ProductExtras" },
          Taxon: { omit: ["children", "products"], extra: "../models.js#TaxonExtras" },
        },
      },
    },
  },
  hooks: { afterAllFileWrite: ["prettier --write"] },
};
export default config;
