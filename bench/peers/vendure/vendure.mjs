// Vendure 3.7 as the benchmark's peer: `node vendure.mjs populate` fills an empty database from
// @vendure/create's sample data (initial data + products CSV); `node vendure.mjs serve` runs
// the server with its job queue in the same process (like our single server process).
// Environment: DB_HOST, DB_PORT, DB_NAME, DB_USERNAME, PORT.
// Images are left out: the asset server plugin needs sharp, which downloads binaries.
import { createRequire } from "node:module";
import path from "node:path";

// No usage reports to Vendure's servers from a benchmark (nor an installation id file here).
process.env.VENDURE_DISABLE_TELEMETRY = "true";

// Vendure ships CommonJS; require keeps its module graph off the ESM loader.
const require = createRequire(import.meta.url);
const {
  bootstrap,
  DefaultJobQueuePlugin,
  DefaultLogger,
  DefaultSearchPlugin,
  dummyPaymentHandler,
  JobQueueService,
  LogLevel,
} = require("@vendure/core");

const assets = path.join(path.dirname(require.resolve("@vendure/create/package.json")), "assets");
const mode = process.argv[2];

const config = {
  apiOptions: { port: Number(process.env.PORT ?? 3000), hostname: "127.0.0.1" },
  authOptions: {
    tokenMethod: ["bearer", "cookie"],
    superadminCredentials: { identifier: "superadmin", password: "superadmin" },
    cookieOptions: { secret: "bench-cookie-secret" },
  },
  dbConnectionOptions: {
    type: "postgres",
    synchronize: mode === "populate",
    logging: false,
    host: process.env.DB_HOST ?? "127.0.0.1",
    port: Number(process.env.DB_PORT ?? 5432),
    database: process.env.DB_NAME ?? "vendure",
    username: process.env.DB_USERNAME ?? "postgres",
    password: "",
  },
  paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
  importExportOptions: { importAssetsDir: path.join(assets, "no-images") },
  logger: new DefaultLogger({ level: LogLevel.Error }),
  plugins: [
    DefaultJobQueuePlugin.init({ useDatabaseForBuffer: true }),
    DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: true }),
  ],
};

async function main() {
  if (mode === "populate") {
    const { populate } = require("@vendure/core/cli");
    const app = await populate(
      async () => {
        const app = await bootstrap(config);
        await app.get(JobQueueService).start();
        return app;
      },
      path.join(assets, "initial-data.json"),
      path.join(assets, "products.csv"),
    );
    await app.close();
    process.exit(0);
  }
  const app = await bootstrap(config);
  await app.get(JobQueueService).start();
  const stop = () => app.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
