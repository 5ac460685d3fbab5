import type { FastifyInstance, FastifyRequest } from "fastify";
import { newestOutboxMails } from "../../db/mail-outbox.js";
import { renderOutboxPage, type OutboxEntry } from "../../mail/dev-page.js";
import { staffPrincipalOf } from "../auth.js";
import type { AppContext } from "../context.js";
import { fromLoopback } from "../dev-access.js";
import { collection } from "../../core/iri.js";
import { notFound } from "../../core/problem.js";

const DEV_PAGE_SIZE = 50;

/**
 * `/dev/mail`: the newest outbox mails, so an invitation or reset link can be followed in
 * development without a mail server. They hold live tokens (a reset link is an account), so
 * production answers 404, and elsewhere only a request from this machine itself (loopback) or
 * a signed-in staff member (back-office token) sees them; anyone else gets the same 404.
 */
export function registerOutboxPages(app: FastifyInstance, { db, config }: AppContext) {
  const newest = async (request: FastifyRequest) => {
    if (config.env === "production") throw notFound();
    if (!fromLoopback(request)) {
      // A bad or foreign token is a 401 like anywhere else; no token or a shop token, 404.
      const staff = await staffPrincipalOf(request, db, config.jwtSecret);
      if (!staff) throw notFound();
    }
    const { rows, total } = await newestOutboxMails(db, DEV_PAGE_SIZE);
    const entries: OutboxEntry[] = rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.to_address,
      subject: m.subject,
      status: m.status,
      attempts: m.attempts,
      lastError: m.last_error,
      createdAt: new Date(m.created_at).toISOString(),
      sentAt: m.sent_at ? new Date(m.sent_at).toISOString() : null,
      text: m.text_body,
    }));
    return { entries, total };
  };

  app.get("/dev/mail", async (request, reply) => {
    const { entries, total } = await newest(request);
    return (
      reply
        .type("text/html; charset=utf-8")
        // Mails carry text others typed (names, companies): even if escaping ever slipped, no
        // script on this page would run.
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "no-store")
        .send(renderOutboxPage(entries, total))
    );
  });

  app.get("/dev/mail.json", async (request, reply) => {
    const { entries, total } = await newest(request);
    reply.header("cache-control", "no-store");
    return collection(entries, total);
  });
}
