import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { registerAddressBook } from "./addresses.js";
import { registerApprovals } from "./approvals.js";
import { registerEmailConfirmation } from "./email-changes.js";
import { registerMyInformation } from "./my-information.js";
import { registerTeamRegistration } from "./team-registration.js";
import { registerTeam } from "./team.js";

/**
 * The account area's calls (account spec 2-8): the address book, "My information" with the
 * password change, the company users of an ADMIN (with their spending limits), the orders
 * awaiting an ADMIN's approval and the team-member registration.
 */
export async function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerAddressBook(app, ctx);
  registerMyInformation(app, ctx);
  registerTeam(app, ctx);
  registerApprovals(app, ctx);
  registerTeamRegistration(app, ctx);
  registerEmailConfirmation(app, ctx);
}
