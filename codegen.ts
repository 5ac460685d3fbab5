import type { CodegenConfig } from "@graphql-codegen/cli";

/**
 * Typed documents for graphql-request (src/lib/gql), generated from the schema and the
 * operations; and the gateway's resolver types (graphql/generated), written by a small local
 * plugin so no resolver-codegen package is needed.
 */
const config: CodegenConfig = {
  schema: "graphql/schema/*.graphql",
  documents: ["graphql/operations/**/*.graphql"],
  generates: {
    "src/lib/gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { ID: "string" } },
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
