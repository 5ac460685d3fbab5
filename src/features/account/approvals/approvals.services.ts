import { gateway } from "../../../lib/gateway";
import {
  ApprovalsDocument,
  ApproveOrderDocument,
  RejectOrderDocument,
  type ApprovalsQuery,
} from "../../../lib/gql/graphql";
import { call, successOf } from "../../../lib/gateway-result";

export type Approval = ApprovalsQuery["approvals"]["items"][number];

/** The company's orders awaiting approval and how many (the navigation's badge). */
export const loadApprovals = () => gateway(ApprovalsDocument, {}).then((d) => d.approvals);

/** A refused decision is thrown as a Refusal: the approval machine reads its `detail`. */
const withDetail = async (run: () => Promise<unknown>) => {
  await call(run);
};

export const approveOrder = (input: { token: string }) =>
  withDetail(async () => {
    const { approveOrder } = await gateway(ApproveOrderDocument, input);
    return successOf(approveOrder, "Order");
  });

export const rejectOrder = (input: { token: string; reason: string }) =>
  withDetail(async () => {
    const { rejectOrder } = await gateway(RejectOrderDocument, input);
    return successOf(rejectOrder, "Order");
  });
