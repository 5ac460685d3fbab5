// `npm run machines:docs`: writes docs/machines/<machine>.md for every machine in machines/,
// README.md (index and coverage summary), coverage.md and machines.json (the auditor view's
// data). Deterministic: the same machines and models always give the same files.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderDocs } from "../tests/machines/support/docs.js";
import { buildReports, DOCS_DIR } from "../tests/machines/support/report.js";

const files = renderDocs(await buildReports((name) => process.stderr.write(`  ${name}\n`)));
mkdirSync(DOCS_DIR, { recursive: true });
// Pages of machines that no longer exist go too.
for (const old of readdirSync(DOCS_DIR))
  if (!files.has(old) && /\.(md|json)$/.test(old)) rmSync(join(DOCS_DIR, old));
for (const [name, text] of files) writeFileSync(join(DOCS_DIR, name), text);
console.log(`wrote ${files.size} files to docs/machines/`);
