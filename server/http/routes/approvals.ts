import type { FastifyInstance } from "fastify";
import {
  approveOrder,
  awaitingApproval,
  buyersOf,
  lockPlacedOrder,
  rejectOrder,
} from "../../db/approvals.js";
import { personName } from "../../db/spending.js";
import { decisionRefusal, readRejectionReason } from "../../domain/spending-limits.js";
import { requireAbility } from "../../core/abilities.js";
import { collection, iri } from "../../core/iri.js";
import { orderResources } from "../../core/order-resource.js";
import { conflict, notFound, Problem } from "../../core/problem.js";
import { requirePrincipal } from "../auth.js";
import type { AppContext } from "../context.js";
import { languageOf } from "../problem.js";
import { BodyReader, paging } from "../validate.js";
import { showOrder } from "./order-common.js";

/** Nobody approves or rejects their own order (issue 21). 403: it is who asks, not what. */
const ownOrder = () => new Problem(403, "/problems/own-order", "approval.ownOrder");

/**
 * Order approval (issue 21, part 1; decision 043), ADMIN only: the company's orders awaiting
 * approval (the account area's "Approvals" and its badge: `hydra:totalItems`), and the
 * decision on one, exactly once.
 */
export function registerApprovals(app: FastifyInstance, { db, config }: AppContext) {
  const mail = { publicUrl: config.publicUrl, brandName: config.brandName };

  app.get("/api/v2/shop/approvals", async (request) => {
    const p = requirePrincipal(request);
    requireAbility(p, "account.approvals");
    const { page, itemsPerPage } = paging(request.query as Record<string, unknown>);
    const { rows, total } = await awaitingApproval(db, p.companyId, {
      limit: itemsPerPage,
      offset: (page - 1) * itemsPerPage,
    });
    const [orders, buyers] = await Promise.all([
      orderResources(db, rows, languageOf(request)),
      buyersOf(db, [...new Set(rows.map((r) => r.shop_user_id))]),
    ]);
    return collection(
      orders.map((order, n) => {
        const buyer = buyers.find((b) => b.id === rows[n]!.shop_user_id)!;
        return {
          "@type": "Approval",
          order,
          buyer: {
            "@id": iri.shopUser(buyer.id),
            email: buyer.email,
            name: personName(buyer),
            orderLimit: buyer.order_limit,
            monthlyLimit: buyer.monthly_limit,
          },
          // Nobody decides on their own order: the list says so rather than offering it.
          ownOrder: buyer.id === p.userId,
        };
      }),
      total,
    );
  });

  const decide = (kind: "approve" | "reject") =>
    app.post(`/api/v2/shop/approvals/:token/${kind}`, async (request) => {
      const p = requirePrincipal(request);
      requireAbility(p, "account.approvals");
      const { token } = request.params as { token: string };
      const r = new BodyReader(request.body, kind === "reject" ? ["reason"] : []);
      let reason = "";
      if (kind === "reject") {
        const read = readRejectionReason(r.raw("reason"));
        if (read.violation) r.add(read.violation);
        else reason = read.value;
      }
      r.done();
      await db.transaction().execute(async (tx) => {
        const order = await lockPlacedOrder(tx, token, p.companyId);
        if (!order) throw notFound();
        const refusal = decisionRefusal(
          { state: order.state, buyerId: order.shop_user_id },
          p.userId,
        );
        if (refusal === "own") throw ownOrder();
        if (refusal === "decided") throw conflict("approval.alreadyDecided");
        const decided =
          kind === "approve"
            ? await approveOrder(tx, order, p.userId, mail)
            : await rejectOrder(tx, order, p.userId, reason, mail);
        // The row was locked and awaited approval: only a broken lock gets here.
        if (!decided) throw conflict("approval.alreadyDecided");
      });
      return showOrder(db, request, token, p);
    });
  decide("approve");
  decide("reject");
}
