import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..", "..");

/**
 * Builds the web app into a fresh temporary folder (never dist/, which others serve) and returns
 * that folder. Throws when the build fails.
 */
export function buildApp(prefix = "bench-dist-") {
  const outDir = mkdtempSync(join(tmpdir(), prefix));
  const result = spawnSync(
    process.execPath,
    [join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--outDir", outDir, "--emptyOutDir"],
    { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"], timeout: 600_000 },
  );
  if (result.status !== 0) throw new Error(`vite build failed (status ${result.status})`);
  return outDir;
}
