import type { SignInCredentials, SignInOutcome } from "../../../machines/sign-in.machine";
import type { GatewayRequest } from "../../lib/graphql-client";
import { SignInDocument } from "../../lib/gql/graphql";

/**
 * The sign-in call of the sign-in machine: the gateway's union answer becomes the machine's
 * outcome; the server's message (already translated) is what the snackbar shows.
 */
export async function signIn(
  request: GatewayRequest,
  credentials: SignInCredentials,
): Promise<SignInOutcome> {
  const { signIn: result } = await request(SignInDocument, credentials);
  if (result.__typename === "SignInSuccess") {
    // The session itself is the HttpOnly cookie the answer set; the browser keeps who it is.
    return { ok: true, customerId: result.customerId };
  }
  return { ok: false, message: result.message || null, detail: null };
}
