import { withErrors } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { accountPaths, type RestQuickOrderCheck } from "../../rest/account-types.js";
import { toQuickOrderLines } from "./quick-order-lines.js";

/**
 * Pasted quick-order lines (issue 21, part 3), read and judged by the REST API: every line as
 * `quickOrderLines` answers it, its line number as the row. Too many lines, too much text or
 * none: a ValidationError in the caller's language.
 */
export const quickOrderPaste: NonNullable<QueryResolvers["quickOrderPaste"]> = (
  _parent,
  { text },
  ctx,
) =>
  withErrors(["ValidationError", "ForbiddenError"], async () => {
    const answer = await ctx.rest.request<RestQuickOrderCheck>({
      method: "POST",
      path: accountPaths.quickOrderPaste,
      body: { text },
    });
    return { __typename: "QuickOrderPasted" as const, lines: toQuickOrderLines(answer) };
  });
