import type { FastifyInstance } from "fastify";
import { findStaffByEmail } from "../../../db/backoffice/staff.js";
import { revokeToken } from "../../../db/sessions.js";
import { signToken, STAFF_AUDIENCE } from "../../auth.js";
import type { AppContext } from "../../context.js";
import { BodyReader } from "../../validate.js";
import { ADMIN } from "./common.js";
import { verifyPassword } from "../../../core/password-hash.js";
import { unauthorized } from "../../../core/problem.js";

/** Staff sign-in and sign-out: the back office's bearer token. */
export function registerStaffToken(app: FastifyInstance, { db, config }: AppContext): void {
  app.post(`${ADMIN}/token`, async (request) => {
    const r = new BodyReader(request.body, ["email", "password"]);
    const email = r.string("email", { required: true, email: true });
    const password = r.raw("password");
    if (typeof password !== "string" || password === "")
      r.add({ propertyPath: "password", message: "field.required" });
    r.done();
    const staff = await findStaffByEmail(db, email!);
    const ok = await verifyPassword(password as string, staff?.password_hash ?? null);
    if (!staff || !ok || !staff.enabled) throw unauthorized("error.invalidCredentials");
    return { token: await signToken(config.jwtSecret, staff.id, STAFF_AUDIENCE) };
  });

  // Sign-out (issue 18): the staff token the request carries is revoked on the server until it
  // expires, so a copy of it (a shared machine, a forgotten tab) opens nothing any more. The
  // back office reads the bearer header only; without a valid one there is nothing to revoke.
  app.delete(`${ADMIN}/token`, async (request, reply) => {
    if (request.staff)
      await revokeToken(db, request.staff.token.jti, request.staff.token.expiresAt);
    return reply.code(204).send();
  });
}
