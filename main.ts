import net from "node:net";
import { fileURLToPath } from "node:url";
import { buildPortal } from "./portal.js";
import { loadConfig } from "./server/config.js";
import { openDatabase } from "./server/db/open.js";
import { startHeldOrderExpiry } from "./server/jobs/held-order-expiry.js";
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

// Connections and requests seen, and requests being answered, counted on the raw server so the
// drain on SIGTERM can tell when the event loop has taken in everything that arrived.
let seen = 0;
let inFlight = 0;
app.server.on("connection", () => seen++);
app.server.on("request", (_request, response) => {
  seen++;
  inFlight++;
  response.once("close", () => inFlight--);
});

/**
 * Resolves once three ticks in a row saw no new connection or request and none in flight (or
 * after `limitMs`). A loop kept busy by one request at a time (PGlite) shows as activity.
 */
async function settle(limitMs: number) {
  const until = Date.now() + limitMs;
  let last = -1;
  for (let quiet = 0; quiet < 3 && Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    quiet = inFlight === 0 && seen === last ? quiet + 1 : 0;
    last = seen;
  }
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "draining requests and closing");
  // A stuck request must not keep a stopping instance alive forever.
  setTimeout(() => {
    app.log.error("requests still running 30 s after the signal; exiting");
    process.exit(1);
  }, 30_000).unref();
  // Connections the kernel accepted while the event loop was busy (PGlite keeps it busy) wait in
  // the listen backlog, and requests that arrived wait unread: closing the listener resets the
  // former, and Node's http close() resets the latter as "idle". So first let the loop take
  // them in until nothing is in flight for a moment, then stop listening (the open connections
  // stay), and settle once more for anything that came meanwhile.
  await settle(20_000);
  net.Server.prototype.close.call(app.server);
  await settle(5_000);
  // Now close what is left (idle keep-alive connections) and wait for the last answers.
  await app.close();
  await heldOrders.stop();
  await mailSender.stop();
  await database.close();
  process.exit(0);
}
// Orders left awaiting approval past HELD_ORDER_DAYS end, their stock given back (issue 32, B).
const heldOrders = startHeldOrderExpiry({
  db: database.db,
  days: config.heldOrders.days,
  mail: { publicUrl: config.publicUrl, brandName: config.brandName },
  log: app.log,
});
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: config.port, host: config.host });
mailSender.start(10_000);
app.log.info(`Partner Portal on http://localhost:${config.port} (${database.backend})`);
