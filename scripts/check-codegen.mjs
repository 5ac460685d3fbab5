#!/usr/bin/env node
// Fails when the committed generated GraphQL types differ from what `npm run codegen` writes.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = "src/lib/gql";
const read = () =>
  existsSync(dir)
    ? Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]))
    : {};
const before = read();
execFileSync("npx", ["graphql-codegen", "--config", "codegen.ts", "--silent"], {
  stdio: "inherit",
});
const after = read();
const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
  (f) => before[f] !== after[f],
);
if (changed.length > 0) {
  console.error(
    `Generated GraphQL files were stale: ${changed.join(", ")}. Run npm run codegen and commit.`,
  );
  process.exit(1);
}
console.log("Generated GraphQL files are up to date.");
