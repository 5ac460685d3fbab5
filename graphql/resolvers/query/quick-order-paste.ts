import { withErrors } from "../../errors.js";
import { resultErrors, type QueryResolvers } from "../../generated/resolvers-types.js";
import { type RestQuickOrderCheck } from "../../rest/account-types.js";
import { toQuickOrderLines } from "./quick-order-lines.js";
import { paths } from "../../rest/paths.js";

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
  withErrors(resultErrors.QuickOrderPasteResult, async () => {
    const answer = await ctx.rest.request<RestQuickOrderCheck>({
      method: "POST",
      path: paths.quickOrderPaste,
      body: { text },
    });
    return { __typename: "QuickOrderPasted" as const, lines: toQuickOrderLines(answer) };
  });
