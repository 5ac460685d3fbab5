// Writes docs/decisions/README.md, the index of the decision records, from their titles,
// statuses and dates (`node scripts/decisions-index.mjs`; tests/docs/decisions.test.ts checks it).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { format } from "prettier";

const dir = resolve(import.meta.dirname, "..", "docs", "decisions");

/** The index's text for the records in `dir`, formatted as `npm run lint` wants it. */
export async function decisionsIndex() {
  const rows = readdirSync(dir)
    .filter((f) => /^\d{3}-.*\.md$/.test(f))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), "utf8");
      const title = /^# \d{3}\. (.+)$/m.exec(text)?.[1] ?? "(no title)";
      const meta = /^Status: ([^.]+)\. Date: (\d{4}-\d{2}-\d{2})\.$/m.exec(text);
      return `| ${file.slice(0, 3)} | [${title}](${file}) | ${meta?.[1] ?? "?"} | ${meta?.[2] ?? "?"} |`;
    });
  const text = [
    "# Decision records",
    "",
    "One file per real choice: its status, date, context and decision. A record that a later one",
    "replaces says so in its status (`superseded by NNN`). This index is written by",
    "`node scripts/decisions-index.mjs`; a test fails when it is out of date.",
    "",
    "| No. | Decision | Status | Date |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
  return format(text, { parser: "markdown", printWidth: 100, proseWrap: "preserve" });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(join(dir, "README.md"), await decisionsIndex());
}
