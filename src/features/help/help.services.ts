import type { SupportRequest } from "../../../machines/support-form.machine";
import { restCall } from "../../lib/rest";

/**
 * Sends the support form as multipart form data straight to the REST endpoint `/form/support`:
 * file uploads bypass the GraphQL gateway, which only speaks JSON. The stored bearer token goes
 * along so the request reaches the company's sales agent. Resolves with the server's (already
 * translated) thank-you message, or null when it sent none.
 */
export async function sendSupportRequest(
  request: SupportRequest,
  file: File | null,
  language: string,
): Promise<string | null> {
  const body = new FormData();
  body.set("name", request.name);
  body.set("email", request.email);
  body.set("subject", request.subject);
  body.set("question", request.question);
  if (file) body.set("file", file, file.name);
  const response = await restCall("/form/support", { method: "POST", body, language });
  const answer = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof answer?.message === "string" && answer.message !== "" ? answer.message : null;
}
