import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";
import { defineConfig } from "vitest/config";

/**
 * Writes `.br` and `.gz` twins of every built script, style sheet and page next to it, so the
 * server can send them compressed without compressing on each request (decision 022).
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "precompress",
    // The browser's files only: the server renderer (ssr/) is read from disk, never sent.
    apply: (config, env) => env.command === "build" && !env.isSsrBuild && !config.build?.ssr,
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      const files = walk(outDir).filter(
        (path) => /\.(js|css|html|svg|json)$/.test(path) && !path.startsWith(join(outDir, "ssr")),
      );
      for (const file of files) {
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

/**
 * After the browser build, builds the server renderer (src/entry-server.tsx) into `ssr/` of the
 * same folder, so one `vite build` gives the server everything it renders pages with (decision
 * 026). The server keeps that folder to itself (server/http/pages.ts).
 */
function serverRenderer(): Plugin {
  let outDir = "dist";
  let root = process.cwd();
  return {
    name: "server-renderer",
    apply: (config, env) => env.command === "build" && !env.isSsrBuild && !config.build?.ssr,
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    async closeBundle() {
      await build({
        root,
        logLevel: "warn",
        build: {
          ssr: "src/entry-server.tsx",
          outDir: resolve(root, outDir, "ssr"),
          emptyOutDir: true,
          manifest: false,
          sourcemap: true,
        },
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), serverRenderer()],
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
    // The seeded-bug oracles replay every generated path of a machine (checkout: 45,000) per
    // bug; Node's default heap (4 GB here) was once reached on a loaded machine. Two workers
    // of 6 GB fit the 23 GB the CI machines have.
    execArgv: ["--max-old-space-size=6144"],
  },
});
