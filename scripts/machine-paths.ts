// `npm run test:paths`: generates and replays the test paths of every machine in machines/,
// prints the coverage table and writes docs/machines/coverage.md. Exits 1 when a machine has
// no model, a path fails, a state or transition is not covered, or a guard is seen one way only
// without its model saying why.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  buildReports,
  coverageMarkdown,
  coverageText,
  DOCS_DIR,
  passes,
} from "../tests/machines/support/report.js";

const started = Date.now();
const reports = await buildReports((name) => process.stderr.write(`  ${name}\n`));
console.log(`\n${coverageText(reports)}\n`);
mkdirSync(DOCS_DIR, { recursive: true });
writeFileSync(join(DOCS_DIR, "coverage.md"), coverageMarkdown(reports));

const failing = reports.filter((r) => !passes(r));
for (const r of failing) {
  const c = r.coverage;
  if (!c) {
    console.log(`${r.name}: no model (add tests/machines/models/${r.name}.model.ts)`);
    continue;
  }
  for (const s of c.states.missing) console.log(`${r.name}: state not reached ${s}`);
  for (const t of c.transitions.missing) console.log(`${r.name}: transition not taken ${t}`);
  for (const f of c.failures.slice(0, 10)) console.log(`${r.name}: ${f}`);
  for (const p of c.guardProblems) console.log(`${r.name}: ${p}`);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `${reports.length - failing.length} passed, ${failing.length} failed (machines, ${seconds} s)`,
);
process.exit(failing.length ? 1 : 0);
