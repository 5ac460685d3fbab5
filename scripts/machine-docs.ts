// `npm run machines:docs` (and `npm run machines:plan`): writes docs/machines/<machine>.md for
// every machine in machines/, README.md (index and coverage summary), coverage.md, machines.json
// (the auditor view's data) and QA's test plans plans/<machine>.md and .csv. Deterministic: the
// same machines and models always give the same files.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderDocs } from "../tests/machines/support/docs.js";
import { buildReports, DOCS_DIR, MUTATION_FILES } from "../tests/machines/support/report.js";

const files = renderDocs(await buildReports((name) => process.stderr.write(`  ${name}\n`)));
mkdirSync(join(DOCS_DIR, "plans"), { recursive: true });
// Pages of machines that no longer exist go too.
for (const dir of ["", "plans"])
  for (const old of readdirSync(join(DOCS_DIR, dir)))
    if (
      !files.has(join(dir, old)) &&
      !MUTATION_FILES.has(join(dir, old)) &&
      /\.(md|json|csv)$/.test(old)
    )
      rmSync(join(DOCS_DIR, dir, old));
for (const [name, text] of files) writeFileSync(join(DOCS_DIR, name), text);
console.log(`wrote ${files.size} files to docs/machines/`);
