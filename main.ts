import { fileURLToPath } from "node:url";
import { buildPortal } from "./portal.js";
import { loadConfig } from "./server/config.js";
import { openDatabase } from "./server/db/open.js";
import { createMailSender } from "./server/mail/sender.js";

/** `npm start`: one process serving the storefront, /graphql, the REST API and files on one port. */
const config = loadConfig();
const database = await openDatabase(config);
const app = await buildPortal({
  config,
  database,
  logger: true,
  staticDir: config.staticDir ?? fileURLToPath(new URL("./dist", import.meta.url)),
});
// Sends the outbox in the background; without SMTP_URL mails stay pending (readable at /dev/mail).
const mailSender = createMailSender({
  db: database.db,
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  log: app.log,
  backend: database.backend,
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "draining requests and closing");
  await app.close();
  await mailSender.stop();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: config.port, host: config.host });
mailSender.start(10_000);
app.log.info(`Partner Portal on http://localhost:${config.port} (${database.backend})`);
