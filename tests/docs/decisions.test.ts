import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { decisionsIndex } from "../../scripts/decisions-index.mjs";

const dir = join(import.meta.dirname, "..", "..", "docs", "decisions");
const records = readdirSync(dir).filter((f) => /^\d{3}-.*\.md$/.test(f));

describe("decision records", () => {
  it.each(records)("%s has a title, a status and a date", (file) => {
    const text = readFileSync(join(dir, file), "utf8");
    expect(text).toMatch(/^# \d{3}\. .+\n\nStatus: [^.]+\. Date: \d{4}-\d{2}-\d{2}\.\n/);
  });

  it("has an index that lists every record (node scripts/decisions-index.mjs)", async () => {
    expect(readFileSync(join(dir, "README.md"), "utf8")).toBe(await decisionsIndex());
  });

  it("numbers every record once", () => {
    const numbers = records.map((f) => f.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
