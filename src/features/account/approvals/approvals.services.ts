import { gateway } from "../../../lib/gateway";
import {
  ApprovalsDocument,
  ApproveOrderDocument,
  RejectOrderDocument,
  type ApprovalsQuery,
} from "../../../lib/gql/graphql";
import { call, successOf, type Failure } from "../me/gateway-results";

export type Approval = ApprovalsQuery["approvals"]["items"][number];

/** The company's orders awaiting approval and how many (the navigation's badge). */
export const loadApprovals = () => gateway(ApprovalsDocument, {}).then((d) => d.approvals);

/** The approval machine reads the server's words from `detail` (machines/approval.machine.ts). */
const withDetail = async (run: () => Promise<unknown>) => {
  try {
    await call(run);
  } catch (error) {
    throw { detail: (error as Failure).message };
  }
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
