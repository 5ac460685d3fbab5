import type { Kysely, Selectable } from "kysely";
import type { Transporter } from "nodemailer";
import type { Backend } from "../db/database.js";
import type { DB } from "../db/schema.js";

type OutboxRow = Selectable<DB["mail_outbox"]>;

/** The few logger methods the sender uses; Fastify's (pino) logger fits. */
export interface SenderLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailSenderOptions {
  db: Kysely<DB>;
  /** `smtp://user:pass@host:587` or `smtps://...`; undefined: nothing is sent, mails stay pending. */
  smtpUrl: string | undefined;
  from: string;
  log: SenderLog;
  /**
   * "postgres" (the default) holds a row lock (`for update skip locked`) on each mail while it
   * is sent, so several server processes never send one mail twice. "pglite" takes no lock:
   * only one process can open a PGlite database, and holding its single connection during an
   * SMTP exchange would stall every request meanwhile.
   */
  backend?: Backend;
  /** Attempts before a mail is marked failed (a permanent 5xx rejection fails it at once). */
  maxAttempts?: number;
  /** Longest pause between rounds while the SMTP server keeps failing. */
  maxBackoffMs?: number;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
  /** Mails that failed this time and stay pending for another attempt. */
  retrying: number;
}

export interface MailSender {
  /** Sends up to `limit` pending mails, oldest first. */
  deliverPending(limit?: number): Promise<DeliveryReport>;
  /** Delivers every `intervalMs` in the background, backing off while SMTP fails. */
  start(intervalMs?: number): void;
  /** Stops the loop, waits for a round in progress and closes the SMTP transport. */
  stop(): Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 8;
const ERROR_MAX = 1000;

/**
 * The outbox's delivery side. Mails are queued by `queueMail` in the transaction of the change
 * that caused them; this sends them afterwards through SMTP, so a slow or absent mail server
 * never fails or slows a request.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, smtpUrl, from, log } = options;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const maxBackoffMs = options.maxBackoffMs ?? 15 * 60_000;
  const lockRows = (options.backend ?? "postgres") === "postgres";
  // Short timeouts: a hanging mail server must not keep a row lock (or the loop) for minutes.
  // Settings in the URL's query (`?connectionTimeout=...`) win over these.
  // nodemailer (~15 MB) is loaded only where mail really goes out through SMTP.
  const transportLoad: Promise<Transporter> | undefined = smtpUrl
    ? import("nodemailer").then(({ createTransport }) =>
        createTransport({
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }),
      )
    : undefined;

  let round: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;

  /**
   * One mail: pick the oldest pending mail after `afterId`, send it, record the outcome.
   * On PostgreSQL this runs in a transaction holding the row's lock; rows another process
   * holds are skipped, not waited for.
   */
  async function deliverOne(afterId: number) {
    const work = async (q: Kysely<DB>) => {
      let query = q
        .selectFrom("mail_outbox")
        .selectAll()
        .where("status", "=", "pending")
        .where("id", ">", afterId)
        .orderBy("id")
        .limit(1);
      if (lockRows) query = query.forUpdate().skipLocked();
      const row = await query.executeTakeFirst();
      if (!row) return undefined;
      const outcome = await send(row);
      await record(q, row, outcome);
      return { row, outcome };
    };
    return lockRows ? db.transaction().execute(work) : work(db);
  }

  async function send(row: OutboxRow): Promise<{ error?: unknown }> {
    try {
      await (
        await transportLoad!
      ).sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body ? { html: row.html_body } : {}),
        headers: { "X-Outbox-Id": String(row.id), "X-Mail-Kind": row.kind },
      });
      return {};
    } catch (error) {
      return { error };
    }
  }

  async function record(q: Kysely<DB>, row: OutboxRow, outcome: { error?: unknown }) {
    const attempts = row.attempts + 1;
    if (outcome.error === undefined) {
      await q
        .updateTable("mail_outbox")
        .set({ status: "sent", attempts, sent_at: new Date(), last_error: null })
        .where("id", "=", row.id)
        .execute();
      return;
    }
    const giveUp = attempts >= maxAttempts || isPermanent(outcome.error);
    await q
      .updateTable("mail_outbox")
      .set({
        status: giveUp ? "failed" : "pending",
        attempts,
        last_error: describe(outcome.error).slice(0, ERROR_MAX),
      })
      .where("id", "=", row.id)
      .execute();
  }

  async function deliver(limit: number): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, failed: 0, retrying: 0 };
    if (!transportLoad) return report;
    let afterId = 0;
    for (let i = 0; i < limit; i++) {
      const done = await deliverOne(afterId);
      if (!done) break;
      afterId = done.row.id;
      const { error } = done.outcome;
      if (error === undefined) {
        report.sent++;
        continue;
      }
      const permanent = isPermanent(error);
      if (permanent || done.row.attempts + 1 >= maxAttempts) report.failed++;
      else report.retrying++;
      log.warn(
        { mailId: done.row.id, kind: done.row.kind, err: describe(error) },
        permanent ? "mail rejected" : "mail not sent",
      );
      // The server itself is unreachable or broken: trying the next mails now would only burn
      // their attempts too.
      if (!hasSmtpResponse(error)) break;
    }
    return report;
  }

  const sender: MailSender = {
    deliverPending(limit = 50) {
      // One round at a time in this process, whether from the loop or a direct call.
      const next = round.then(() => deliver(limit));
      round = next.catch(() => undefined);
      return next;
    },

    start(intervalMs = 10_000) {
      if (!transportLoad) {
        log.info({}, "SMTP_URL is not set: mails stay in the outbox");
        return;
      }
      if (!stopped) return;
      stopped = false;
      let delay = intervalMs;
      const tick = async () => {
        try {
          const r = await sender.deliverPending();
          if (r.sent > 0 || r.failed > 0) log.info({ ...r }, "mail delivery");
          delay = r.retrying > 0 && r.sent === 0 ? Math.min(delay * 2, maxBackoffMs) : intervalMs;
        } catch (error) {
          log.error({ err: describe(error) }, "mail delivery round failed");
          delay = Math.min(delay * 2, maxBackoffMs);
        }
        if (!stopped) schedule();
      };
      const schedule = () => {
        timer = setTimeout(() => void tick(), delay);
        // The loop alone must not keep the process alive (shutdown, tests).
        timer.unref();
      };
      schedule();
    },

    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await round;
      if (transportLoad) (await transportLoad).close();
    },
  };
  return sender;
}

function hasSmtpResponse(error: unknown): boolean {
  return typeof (error as { responseCode?: unknown })?.responseCode === "number";
}

/** A 5xx answer to the mail (unknown recipient, refused content) will not change on retry. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" && !error.message.includes(code)
      ? `${code}: ${error.message}`
      : error.message;
  }
  return String(error);
}
