import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The dependency rules of eslint.config.js fire on TypeScript files (they once read none). */
describe("lint import rules", () => {
  it("reports an import cycle between two .ts files", async () => {
    // The fixtures are ignored by `npm run lint`; here they are linted on purpose.
    const eslint = new ESLint({ ignore: false });
    const results = await eslint.lintFiles([
      "tests/fixtures/lint/cycle-a.ts",
      "tests/fixtures/lint/cycle-b.ts",
    ]);
    const rules = results.flatMap((r) => r.messages.map((m) => m.ruleId));
    expect(rules.filter((rule) => rule === "import-x/no-cycle")).toHaveLength(2);
  }, 60_000);

  it("reports a server file importing the web app", async () => {
    const eslint = new ESLint();
    const [result] = await eslint.lintText('import { routes } from "../src/app/router.js";\n', {
      filePath: "server/zz-lint-probe.ts",
    });
    expect(result!.messages.map((m) => m.ruleId)).toContain("import-x/no-restricted-paths");
  }, 60_000);

  it.each(["payments", "files", "db", "domain", "mail", "core"])(
    "reports server/%s importing server/http",
    async (folder) => {
      const eslint = new ESLint();
      const [result] = await eslint.lintText('import { languageOf } from "../http/problem.js";\n', {
        filePath: `server/${folder}/zz-lint-probe.ts`,
      });
      const messages = result!.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths");
      expect(messages.map((m) => m.message).join("\n")).toContain("server/core");
    },
    60_000,
  );

  it("lets the routes import server/http and server/core", async () => {
    const eslint = new ESLint();
    const [result] = await eslint.lintText(
      'import { languageOf } from "../problem.js";\nimport { Problem } from "../../core/problem.js";\n\nexport const used = [languageOf, Problem];\n',
      { filePath: "server/http/routes/zz-lint-probe.ts" },
    );
    expect(result!.messages.map((m) => m.ruleId)).not.toContain("import-x/no-restricted-paths");
  }, 60_000);

  it.each([
    ["server/http/routes/zz-lint-probe.ts", 'await db.selectFrom("orders").selectAll().execute();'],
    [
      "server/http/zz-lint-probe.ts",
      'await tx.updateTable("orders").set({ state: "new" }).execute();',
    ],
    ["server/http/routes/zz-lint-probe.ts", "await sql`select 1`.execute(db);"],
  ])(
    "reports a statement built in %s",
    async (filePath, statement) => {
      const eslint = new ESLint();
      const [result] = await eslint.lintText(
        `import { sql } from "kysely";\ndeclare const db: any, tx: any;\nexport const run = async () => {\n  ${statement}\n};\nexport const used = sql;\n`,
        { filePath },
      );
      const messages = result!.messages.filter((m) => m.ruleId === "no-restricted-syntax");
      expect(messages.map((m) => m.message)).toEqual([
        "no SQL here: statements live in a module's queries.ts or server/db (decision 042)",
      ]);
    },
    60_000,
  );

  it("lets server/db build statements", async () => {
    const eslint = new ESLint();
    const [result] = await eslint.lintText(
      'import type { Kysely } from "kysely";\nimport type { DB } from "./schema.js";\n\nexport const rows = (db: Kysely<DB>) => db.selectFrom("orders").selectAll().execute();\n',
      { filePath: "server/db/zz-lint-probe.ts" },
    );
    expect(result!.messages.map((m) => m.ruleId)).not.toContain("no-restricted-syntax");
  }, 60_000);

  it("reports a feature importing the app shell", async () => {
    const eslint = new ESLint();
    const [result] = await eslint.lintText('import { CartProvider } from "../../app/cart";\n', {
      filePath: "src/features/catalog/zz-lint-probe.ts",
    });
    expect(result!.messages.map((m) => m.ruleId)).toContain("import-x/no-restricted-paths");
  }, 60_000);

  it("reports rules/ importing any layer, and lets machines import rules/", async () => {
    const eslint = new ESLint();
    const [refused] = await eslint.lintText(
      'import { distribute } from "../server/domain/money.js";\n',
      { filePath: "rules/zz-lint-probe.ts" },
    );
    expect(refused!.messages.map((m) => m.ruleId)).toContain("import-x/no-restricted-paths");
    const [allowed] = await eslint.lintText(
      'import { MAX_LINE_QUANTITY } from "../rules/limits.js";\nexport const max = MAX_LINE_QUANTITY;\n',
      { filePath: "machines/zz-lint-probe.ts" },
    );
    expect(allowed!.messages.map((m) => m.ruleId)).not.toContain("import-x/no-restricted-paths");
  }, 60_000);

  it("reports src/ importing server/: shared rules come from rules/ (issue 33)", async () => {
    const eslint = new ESLint();
    const [refused] = await eslint.lintText(
      'import { distribute } from "../../../server/domain/money.js";\nexport const d = distribute;\n',
      { filePath: "src/features/catalog/zz-lint-probe.ts" },
    );
    expect(refused!.messages.map((m) => m.ruleId)).toContain("import-x/no-restricted-paths");
    const [allowed] = await eslint.lintText(
      'import { can } from "../../../rules/permissions.js";\nexport const c = can;\n',
      { filePath: "src/features/catalog/zz-lint-probe.ts" },
    );
    expect(allowed!.messages.map((m) => m.ruleId)).not.toContain("import-x/no-restricted-paths");
  }, 60_000);

  describe("the server by feature (issue 33, decision 067)", () => {
    const probe = async (filePath: string, text: string) => {
      const [result] = await new ESLint().lintText(text, { filePath });
      return result!.messages;
    };
    const restrictedPaths = (messages: { ruleId: string | null; message: string }[]) =>
      messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);

    it("reports a module's routes importing its queries", async () => {
      const messages = await probe(
        "server/modules/registration/routes.ts",
        'import { userWithEmail } from "./queries.js";\nexport const u = userWithEmail;\n',
      );
      expect(restrictedPaths(messages).join("\n")).toContain("routes call their service");
    }, 60_000);

    it("lets a module's routes import its service", async () => {
      const messages = await probe(
        "server/modules/registration/routes.ts",
        'import { registrationFacts } from "./service.js";\nexport const f = registrationFacts;\n',
      );
      expect(restrictedPaths(messages)).toEqual([]);
    }, 60_000);

    it("reports a statement in a module's service, and lets its queries.ts build one", async () => {
      const statement =
        'export const q = (db: any) => db.selectFrom("orders").selectAll().execute();\n';
      const inService = await probe("server/modules/registration/service.ts", statement);
      expect(inService.map((m) => m.ruleId)).toContain("no-restricted-syntax");
      const inQueries = await probe("server/modules/registration/queries.ts", statement);
      expect(inQueries.map((m) => m.ruleId)).not.toContain("no-restricted-syntax");
    }, 60_000);

    it("reports a service importing HTTP", async () => {
      const messages = await probe(
        "server/modules/registration/service.ts",
        'import { languageOf } from "../../http/problem.js";\nexport const l = languageOf;\n',
      );
      expect(restrictedPaths(messages).join("\n")).toContain("know no HTTP");
    }, 60_000);

    it("reports the platform importing a module", async () => {
      const messages = await probe(
        "server/db/zz-lint-probe.ts",
        'import { registrationFacts } from "../modules/registration/service.js";\nexport const f = registrationFacts;\n',
      );
      expect(restrictedPaths(messages).join("\n")).toContain("never imports a feature module");
    }, 60_000);

    it("reports a module importing another module's queries, and lets it use its service", async () => {
      const refused = await probe(
        "server/modules/support/zz-lint-probe.ts",
        'import { userWithEmail } from "../registration/queries.js";\nexport const u = userWithEmail;\n',
      );
      expect(restrictedPaths(refused).join("\n")).toContain("modules talk through their services");
      const allowed = await probe(
        "server/modules/support/zz-lint-probe.ts",
        'import { registrationFacts } from "../registration/service.js";\nexport const f = registrationFacts;\n',
      );
      expect(restrictedPaths(allowed)).toEqual([]);
    }, 60_000);
  });
});
