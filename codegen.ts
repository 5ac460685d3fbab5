import type { CodegenConfig } from "@graphql-codegen/cli";

/** Typed documents for graphql-request, generated from the schema and the operations. */
const config: CodegenConfig = {
  schema: "graphql/schema.graphql",
  documents: ["graphql/operations/**/*.graphql"],
  generates: {
    "src/lib/gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { ID: "string" } },
    },
  },
  hooks: { afterAllFileWrite: ["prettier --write"] },
};
export default config;
