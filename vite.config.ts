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

/** A module of one of these npm packages. */
const packages = (names: string[]) => new RegExp(`node_modules[\\\\/](${names.join("|")})[\\\\/]`);

/** Every page's framework: React, the router, the texts. */
const FRAMEWORK = packages([
  "react",
  "react-dom",
  "scheduler",
  "react-router",
  "cookie",
  "set-cookie-parser",
  "i18next",
  "react-i18next",
  "html-parse-stringify",
  "void-elements",
  "use-sync-external-store",
]);
/**
 * The libraries the pages are built with (Mantine and what it floats and locks scroll with,
 * XState, the GraphQL printer) and the app's own shared code. Not Adyen, Mermaid or the
 * spreadsheet library: they match no group and stay in their own lazy chunks.
 */
const LIBRARIES = packages([
  "@mantine",
  "@floating-ui",
  "clsx",
  "tslib",
  "xstate",
  "@xstate",
  "graphql",
  "react-number-format",
  "react-textarea-autosize",
  "react-transition-group",
  "react-remove-scroll",
  "react-remove-scroll-bar",
  "react-style-singleton",
  "use-callback-ref",
  "use-sidecar",
  "get-nonce",
  "tabbable",
]);
const SHARED = /[\\/](src[\\/](lib|components)|machines|rules)[\\/]/;
const grouped = (id: string) => (LIBRARIES.test(id) || SHARED.test(id)) && !id.includes("adyen");

/**
 * The browser's chunks in a few groups (decision 061) instead of one file per Mantine component
 * and hook: a first load on HTTP/1.1 with 150 ms round trips queued 40-85 small files. What six or
 * more pages use is one `common` chunk; what two to five pages share is grouped by the pages that
 * use it, small groups merged; each page's own code stays in its chunk. A group takes only the
 * modules it matches, not everything they import.
 */
const CHUNK_GROUPS = {
  includeDependenciesRecursively: false,
  groups: [
    { name: "framework", test: FRAMEWORK, priority: 30 },
    { name: "common", test: grouped, minShareCount: 6, priority: 20 },
    {
      name: "parts",
      test: grouped,
      minShareCount: 2,
      priority: 10,
      entriesAware: true,
      entriesAwareMergeThreshold: 20_000,
    },
  ],
};

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
  build: {
    outDir: "dist",
    sourcemap: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: CHUNK_GROUPS } },
  },
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
