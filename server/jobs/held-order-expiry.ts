import type { Kysely } from "kysely";
import { expireHeldOrders } from "../db/approvals.js";
import type { DB } from "../db/schema.js";
import type { MailContext } from "../db/spending.js";

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Ends the orders that have awaited approval longer than `days` (issue 32, finding B): once at
 * start, then every `intervalMs`. The timer never keeps the process alive; stop() waits for a
 * round in progress. Several processes may run it at once: each order ends once (row lock).
 */
export function startHeldOrderExpiry(opts: {
  db: Kysely<DB>;
  days: number;
  mail: MailContext;
  log: Log;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  const { db, days, mail, log, intervalMs = 15 * 60_000 } = opts;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const tick = () => {
    round = expireHeldOrders(db, days, mail)
      .then((n) => {
        if (n > 0) log.info({ expired: n, days }, "held orders expired");
      })
      .catch((error: unknown) =>
        log.error({ err: String(error) }, "held order expiry round failed"),
      )
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await round;
    },
  };
}
