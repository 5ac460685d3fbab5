import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

/**
 * Writes `.br` and `.gz` twins of every built script, style sheet and page next to it, so the
 * server can send them compressed without compressing on each request (decision 022).
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir).filter((path) => /\.(js|css|html|svg|json)$/.test(path))) {
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      "/api": "http://localhost:8080",
      "/graphql": "http://localhost:8080",
      "/media": "http://localhost:8080",
    },
  },
  // The manifest lets bench/bundle.mjs work out what each route loads first.
  build: { outDir: "dist", sourcemap: true, manifest: true },
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
