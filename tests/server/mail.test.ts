import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { createMailSender, type MailSender } from "../../server/mail/sender.js";
import { queueMail } from "../../server/mail/outbox.js";
import {
  backends,
  expectProblem,
  startTestApp,
  TEST_SECRET,
  UNUSED_ADYEN,
  type TestApp,
  itOnlyOn,
} from "../support/test-app.js";

interface Received {
  from: string;
  to: string[];
  data: string;
}

/**
 * A tiny SMTP server on 127.0.0.1, speaking just enough of the protocol for nodemailer:
 * greeting, EHLO/HELO, MAIL FROM, RCPT TO, DATA up to `<CRLF>.<CRLF>`, RSET, NOOP, QUIT.
 */
async function startSmtp(opts: { acceptDelayMs?: number; rejectRecipient?: string } = {}) {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let mail: Received = { from: "", to: [], data: "" };
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    reply("220 smtp.test ESMTP ready");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mail = { from: "", to: [], data: "" };
          setTimeout(() => reply("250 2.0.0 queued"), opts.acceptDelayMs ?? 0);
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.split(/[ :]/)[0]!.toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 smtp.test");
        else if (verb === "MAIL") {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply("250 2.1.0 ok");
        } else if (verb === "RCPT") {
          const to = /<([^>]*)>/.exec(line)?.[1] ?? "";
          if (to === opts.rejectRecipient) reply("550 5.1.1 no such user");
          else {
            mail.to.push(to);
            reply("250 2.1.5 ok");
          }
        } else if (verb === "DATA") {
          inData = true;
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "RSET") {
          mail = { from: "", to: [], data: "" };
          reply("250 ok");
        } else if (verb === "NOOP") reply("250 ok");
        else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("502 5.5.2 not implemented");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: connecting to it is refused at once. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const quiet = { info() {}, warn() {}, error() {} };
const header = (data: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, "mi").exec(data)?.[1]?.trim();

describe.each(backends)("mail delivery on %s", (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const senders: MailSender[] = [];
  const sender = (smtpUrl: string | undefined, extra: { maxAttempts?: number } = {}) => {
    const s = createMailSender({
      db: t.db,
      smtpUrl,
      from: "Partner Portal <no-reply@portal.test>",
      log: quiet,
      backend,
      ...extra,
    });
    senders.push(s);
    return s;
  };
  const queue = (to: string, subject: string, text = "Hello") =>
    queueMail(t.db, { kind: "test", to, subject, text });
  const row = (id: number) =>
    t.db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp(backend);
    smtp = await startSmtp();
  });
  afterAll(async () => {
    for (const s of senders) await s.stop();
    await smtp?.close();
    await t?.close();
  });
  beforeEach(async () => {
    // Each test starts from an outbox with nothing left to send.
    await t.db
      .updateTable("mail_outbox")
      .set({ status: "sent" })
      .where("status", "=", "pending")
      .execute();
    smtp.received.length = 0;
  });

  it("sends pending mails through SMTP, oldest first, and marks them sent", async () => {
    const first = await queue("anna@partner.example", "First mail");
    const second = await queue("ben@partner.example", "Second mail", "See https://portal.test/x");
    const report = await sender(smtp.url).deliverPending(10);
    expect(report).toEqual({ sent: 2, failed: 0, retrying: 0 });
    expect(smtp.received.map((m) => m.to)).toEqual([
      ["anna@partner.example"],
      ["ben@partner.example"],
    ]);
    const [a, b] = smtp.received;
    expect(a!.from).toBe("no-reply@portal.test");
    expect(header(a!.data, "Subject")).toBe("First mail");
    expect(header(a!.data, "To")).toBe("anna@partner.example");
    expect(header(a!.data, "X-Outbox-Id")).toBe(String(first));
    expect(header(b!.data, "Subject")).toBe("Second mail");
    expect(b!.data).toContain("See https://portal.test/x");
    for (const id of [first, second]) {
      const r = await row(id);
      expect(r).toMatchObject({ status: "sent", attempts: 1, last_error: null });
      expect(r.sent_at).not.toBeNull();
    }
    // Sent mails are not sent again.
    expect(await sender(smtp.url).deliverPending(10)).toEqual({ sent: 0, failed: 0, retrying: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it("sends no more than the limit per round", async () => {
    const ids = [
      await queue("a@x.example", "1"),
      await queue("b@x.example", "2"),
      await queue("c@x.example", "3"),
    ];
    const s = sender(smtp.url);
    expect((await s.deliverPending(2)).sent).toBe(2);
    expect((await row(ids[2]!)).status).toBe("pending");
    expect((await s.deliverPending(2)).sent).toBe(1);
    expect((await row(ids[2]!)).status).toBe("sent");
  });

  it("leaves mails pending when no SMTP server is configured", async () => {
    const id = await queue("anna@partner.example", "Stays here");
    const s = sender(undefined);
    expect(await s.deliverPending(10)).toEqual({ sent: 0, failed: 0, retrying: 0 });
    s.start(10);
    await new Promise((r) => setTimeout(r, 50));
    await s.stop();
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 0, sent_at: null });
  });

  it("records failed attempts when the SMTP server is unreachable, then gives up", async () => {
    const first = await queue("anna@partner.example", "Unlucky");
    const second = await queue("ben@partner.example", "Waits its turn");
    const s = sender(`smtp://127.0.0.1:${await closedPort()}`, { maxAttempts: 3 });
    expect(await s.deliverPending(10)).toEqual({ sent: 0, failed: 0, retrying: 1 });
    const after1 = await row(first);
    expect(after1).toMatchObject({ status: "pending", attempts: 1, sent_at: null });
    expect(after1.last_error).toMatch(/ECONNREFUSED|ECONNECTION/);
    // An unreachable server stops the round: the next mail keeps its attempts.
    expect((await row(second)).attempts).toBe(0);
    await s.deliverPending(10);
    expect(await s.deliverPending(10)).toEqual({ sent: 0, failed: 1, retrying: 0 });
    expect(await row(first)).toMatchObject({ status: "failed", attempts: 3 });
    // Once the first has failed for good, the next one gets its turn.
    await s.deliverPending(10);
    expect((await row(second)).attempts).toBe(1);
  });

  it("fails a mail at once when the server rejects it permanently, and goes on with the next", async () => {
    const picky = await startSmtp({ rejectRecipient: "nobody@partner.example" });
    try {
      const bad = await queue("nobody@partner.example", "Bounces");
      const good = await queue("anna@partner.example", "Arrives");
      expect(await sender(picky.url).deliverPending(10)).toEqual({
        sent: 1,
        failed: 1,
        retrying: 0,
      });
      const r = await row(bad);
      expect(r).toMatchObject({ status: "failed", attempts: 1 });
      expect(r.last_error).toContain("550");
      expect((await row(good)).status).toBe("sent");
      expect(picky.received.map((m) => m.to)).toEqual([["anna@partner.example"]]);
    } finally {
      await picky.close();
    }
  });

  it("delivers in the background once started, until stopped", async () => {
    const s = sender(smtp.url);
    s.start(20);
    const id = await queue("anna@partner.example", "Background");
    for (let i = 0; i < 100 && (await row(id)).status !== "sent"; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await row(id)).status).toBe("sent");
    await s.stop();
    const later = await queue("anna@partner.example", "After stop");
    await new Promise((r) => setTimeout(r, 80));
    expect((await row(later)).status).toBe("pending");
  });

  itOnlyOn("postgres", backend)(
    "never sends one mail twice when several processes deliver at once",
    async () => {
      const slow = await startSmtp({ acceptDelayMs: 30 });
      try {
        const ids: number[] = [];
        for (let i = 0; i < 8; i++) ids.push(await queue(`p${i}@partner.example`, `Mail ${i}`));
        const reports = await Promise.all([
          sender(slow.url).deliverPending(20),
          sender(slow.url).deliverPending(20),
          sender(slow.url).deliverPending(20),
        ]);
        expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(8);
        const outboxIds = slow.received.map((m) => Number(header(m.data, "X-Outbox-Id")));
        expect(outboxIds.sort((a, b) => a - b)).toEqual(ids);
        // Work was shared, not done by one sender while the others waited.
        expect(reports.filter((r) => r.sent > 0).length).toBeGreaterThan(1);
      } finally {
        await slow.close();
      }
    },
  );
});

describe.each(backends)("development outbox page on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  it("lists the newest mails with escaped text and clickable links", async () => {
    await queueMail(t.db, {
      kind: "test",
      to: "eve@partner.example",
      subject: `<script>alert("x")</script> & "quotes"`,
      text:
        `Hi <b>Eve</b>,\nopen https://portal.test/register/abc?x=1&y=<2> now.\n` +
        `Not a link: javascript:alert(1) <img src=x onerror=alert(1)>\n` +
        `Link at the end: https://portal.test/forgotten-password/tok_en-1.`,
    });
    const res = await t.request("GET", "/dev/mail");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    const html = res.raw;
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("<img");
    expect(html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;",
    );
    expect(html).toContain("Hi &lt;b&gt;Eve&lt;/b&gt;");
    expect(html).toContain(
      `<a href="https://portal.test/register/abc?x=1&amp;y=" rel="noreferrer">https://portal.test/register/abc?x=1&amp;y=</a>&lt;2&gt; now.`,
    );
    expect(html).toContain(
      `<a href="https://portal.test/forgotten-password/tok_en-1" rel="noreferrer">https://portal.test/forgotten-password/tok_en-1</a>.`,
    );
    expect(html).not.toContain(`href="javascript`);
    expect(html).toContain("eve@partner.example");
    expect(html).toContain("pending");
  });

  it("shows the newest 50, newest first, as HTML and JSON", async () => {
    for (let i = 0; i < 55; i++) {
      await queueMail(t.db, {
        kind: "bulk",
        to: `n${i}@partner.example`,
        subject: `Bulk ${i}`,
        text: "x",
      });
    }
    const json = await t.request("GET", "/dev/mail.json");
    expect(json.status).toBe(200);
    const members = json.body["hydra:member"] as {
      subject: string;
      to: string;
      status: string;
      createdAt: string;
      text: string;
    }[];
    expect(members).toHaveLength(50);
    expect(json.body["hydra:totalItems"]).toBeGreaterThanOrEqual(56);
    expect(members[0]).toMatchObject({
      subject: "Bulk 54",
      to: "n54@partner.example",
      status: "pending",
      text: "x",
    });
    expect(new Date(members[0]!.createdAt).toISOString()).toBe(members[0]!.createdAt);
    expect(members[49]!.subject).toBe("Bulk 5");
    const html = (await t.request("GET", "/dev/mail")).raw;
    expect(html.match(/<article>/g)).toHaveLength(50);
    expect(html.indexOf("Bulk 54")).toBeLessThan(html.indexOf("Bulk 53"));
    expect(html).not.toContain("Bulk 4<");
  });

  it("does not exist in production", async () => {
    const config = loadConfig({
      NODE_ENV: "production",
      JWT_SECRET: TEST_SECRET,
      DATA_DIR: "/nonexistent",
      ...UNUSED_ADYEN,
    });
    const app = await buildApp({
      config,
      database: { db: t.db, backend, close: async () => {} },
    });
    try {
      for (const url of ["/dev/mail", "/dev/mail.json"]) {
        const res = await app.inject({ url, headers: { accept: "text/html" } });
        const body = res.json();
        expectProblem({ status: res.statusCode, headers: res.headers, body, raw: res.body }, 404);
        expect(res.body).not.toContain("partner.example");
      }
    } finally {
      await app.close();
    }
  });
});
