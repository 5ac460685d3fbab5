import { createContext, useContext } from "react";

/**
 * The account navigation's "Approvals" badge (decision 043): how many orders of the company
 * await an ADMIN's decision, and a way for the section to refresh it after a decision.
 */
export interface ApprovalsBadge {
  count: number | null;
  reload: () => void;
}

export const ApprovalsBadgeContext = createContext<ApprovalsBadge>({
  count: null,
  reload: () => {},
});

export const useApprovalsBadge = () => useContext(ApprovalsBadgeContext);
