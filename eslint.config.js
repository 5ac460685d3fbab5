// One lint config for the whole tree. The dependency rules of the house style are enforced
// here (import-x/no-restricted-paths, import-x/no-cycle), not remembered.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

const restricted = [
  // machines/ are pure: xstate, their own types and the shared limits (rules/) only.
  {
    target: "./machines",
    from: ["./src", "./graphql", "./server", "./locales"],
    message: "machines/ import only xstate, their own types and rules/",
  },
  // rules/ is the one home of the pure rules both sides apply (permissions, field limits,
  // addresses, payment status; issue 33): it imports nothing of the project but itself, so
  // every layer may import it.
  {
    target: "./rules",
    from: ["./src", "./graphql", "./server", "./machines", "./locales", "./e2e", "./tests"],
    message: "rules/ is pure: it imports nothing of the project but rules/",
  },
  // The browser takes the rules it shares with the server from rules/, never from server/.
  {
    target: "./src",
    from: "./server",
    message: "src/ imports shared rules from rules/, never server/ (move the rule to rules/)",
  },
  // Shared folders of the app never import features.
  {
    target: "./src/components",
    from: "./src/features",
    message: "shared components never import features",
  },
  {
    target: "./src/lib",
    from: ["./src/features", "./src/app"],
    message: "src/lib never imports features or the app shell",
  },
  // Features use what src/lib and src/components offer; the shell (src/app) composes them.
  {
    target: "./src/features",
    from: "./src/app",
    message: "features never import the app shell: what they share lives in src/lib",
  },
  // The gateway talks to the server over HTTP only.
  {
    target: "./graphql",
    from: ["./src", "./machines", "./server"],
    message: "graphql/ reaches the server over HTTP only",
  },
  {
    target: "./server",
    from: ["./graphql", "./src", "./machines"],
    message: "server/ never imports graphql/, src/ or machines/",
  },
  // Domain rules are pure: no database, no HTTP.
  {
    target: "./server/domain",
    from: ["./server/db", "./server/http", "./server/payments", "./server/files", "./server/mail"],
    message: "server/domain is pure",
  },
  // The layers below the routes never reach up into them: what they share with the routes
  // (problems, texts, abilities, resource shapes) lives in server/core.
  {
    target: [
      "./server/core",
      "./server/db",
      "./server/domain",
      "./server/files",
      "./server/mail",
      "./server/payments",
    ],
    from: "./server/http",
    message: "only the routes and the app import server/http: move what is shared to server/core",
  },
  // e2e treats the running app as a black box.
  {
    target: "./e2e",
    from: ["./src", "./machines", "./graphql", "./server"],
    message: "e2e/ is black-box",
  },
];

/**
 * The server by feature (issue 33, decision 067): `server/modules/<feature>/` holds routes.ts
 * (parse, authorise, call the service, answer), service.ts (rules and workflows, mail queued
 * here) and queries.ts (the module's SQL). Modules talk to each other through their services.
 */
const modules = readdirSync(new URL("./server/modules/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
for (const m of modules) {
  restricted.push({
    target: `./server/modules/${m}`,
    from: "./server/modules",
    except: [`./${m}`, ...modules.filter((o) => o !== m).map((o) => `./${o}/service.ts`)],
    message: "modules talk through their services: import another module's service.ts only",
  });
}
restricted.push(
  {
    target: "./server/modules/*/routes.ts",
    from: "./server/modules/*/queries.ts",
    message: "routes call their service, never queries (issue 33)",
  },
  {
    target: ["./server/modules/*/service.ts", "./server/modules/*/queries.ts"],
    from: "./server/http",
    message: "services and queries know no HTTP: only routes.ts imports server/http",
  },
  {
    target: ["./server/core", "./server/db", "./server/domain", "./server/mail"],
    from: "./server/modules",
    message: "the platform never imports a feature module",
  },
);

/** Features never import one another (bulletproof-react): every folder of src/features. */
const features = readdirSync(new URL("./src/features/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
for (const f of features) {
  restricted.push({
    target: `./src/features/${f}`,
    from: "./src/features",
    except: [`./${f}`],
    message: "features never import each other; compose them in src/app",
  });
}

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "dist",
      "build",
      "var",
      "scratch",
      "coverage",
      "src/lib/gql",
      "docs/machines",
      // Deliberately broken code that tests/lint/import-rules.test.ts lints.
      "tests/fixtures/lint",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      // Without the TypeScript extensions and parser, the import rules read no .ts file and
      // import-x/no-cycle never fires (tests/lint/no-cycle.test.ts proves it does).
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    languageOptions: {
      globals: { process: "readonly", console: "readonly", URL: "readonly", Buffer: "readonly" },
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: restricted }],
      "import-x/no-cycle": ["error", { maxDepth: 10 }],
      "import-x/no-self-import": "error",
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "xlsx",
              message: "use @e965/xlsx 0.20.3 (the npm xlsx has unpatched advisories)",
            },
            // The reset and the sheets other components build on live in one cascade layer in
            // src/styles/base.css; imported again elsewhere they would beat the sheets built on them.
            ...[
              "baseline",
              "default-css-variables",
              "global",
              "ScrollArea",
              "UnstyledButton",
              "VisuallyHidden",
              "Paper",
              "Popover",
              "CloseButton",
              "Group",
              "Loader",
              "Overlay",
              "ModalBase",
              "Input",
              "InlineInput",
              "Flex",
              "FloatingIndicator",
              "ActionIcon",
            ].map((sheet) => ({
              name: `@mantine/core/styles/${sheet}.css`,
              message: "this sheet is in the base layer (src/styles/base.css, decision 025)",
            })),
          ],
        },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Routes validate, authorise and answer; SQL lives in server/db (decision 042). Passing a
    // database or transaction on to server/db is fine; building a statement here is not. In a
    // feature module, only queries.ts builds statements (issue 33).
    files: ["server/http/**/*.ts", "server/modules/**/*.ts"],
    ignores: ["server/modules/**/queries.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|with)$/]",
          message:
            "no SQL here: statements live in a module's queries.ts or server/db (decision 042)",
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message:
            "no SQL here: statements live in a module's queries.ts or server/db (decision 042)",
        },
      ],
    },
  },
  {
    // Machines carry keys, not text, and touch nothing outside: no UI, network or storage.
    files: ["machines/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "react",
                "react-*",
                "@mantine/*",
                "react-router*",
                "i18next",
                "react-i18next",
              ],
              message: "machines/ must stay pure",
            },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        "fetch",
        "localStorage",
        "sessionStorage",
        "document",
        "window",
      ],
    },
  },
);
