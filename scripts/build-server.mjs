// `npm run build:server`: compiles the server (main.ts and everything it imports from this repository) to plain
// JavaScript in build/server/, so production runs without the TypeScript loader (tsx): less
// memory and nothing compiled at start. Packages stay external (node_modules). Files read at
// run time (locales, migrations, GraphQL schema, machine data, the web build) are found
// relative to each source file's own place, as when run from source.
import { readFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const ROOT = resolve(import.meta.dirname, "..");
// --outdir <dir>: another folder (the start test builds into a temporary one).
const { values } = parseArgs({ options: { outdir: { type: "string" } } });
const OUT = resolve(values.outdir ?? resolve(ROOT, "build/server"));

/** `import.meta.url` of each source file, as seen from the output folder. */
const sourceUrls = {
  name: "source-urls",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      const from = relative(OUT, args.path).split("\\").join("/");
      return {
        contents: text.replaceAll(
          "import.meta.url",
          `new URL(${JSON.stringify(from)}, import.meta.url).href`,
        ),
        loader: "ts",
        resolveDir: dirname(args.path),
      };
    });
  },
};

await build({
  entryPoints: [resolve(ROOT, "main.ts")],
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
  plugins: [sourceUrls],
});
console.log(`server built into ${relative(ROOT, OUT)}/`);
