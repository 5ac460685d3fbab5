import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/paths.js";
import { callerId, toCompanyUser, withAccountErrors, type RestShopUser } from "../../team.js";

/** A COMMERCIAL colleague's spending limits (ADMIN only, never one's own row; decision 043). */
export const setSpendingLimits: NonNullable<MutationResolvers["setSpendingLimits"]> = (
  _p,
  args,
  ctx,
) =>
  withAccountErrors(resultErrors.SetSpendingLimitsResult, async () => {
    const user = await ctx.rest.request<RestShopUser>({
      method: "PUT",
      path: paths.spendingLimits(args.userId),
      body: { orderLimit: args.orderLimit ?? null, monthlyLimit: args.monthlyLimit ?? null },
    });
    return { __typename: "CompanyUser" as const, ...toCompanyUser(user, callerId(ctx)) };
  });
