import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { readUpload } from "../../files/uploads.js";
import type { AppContext } from "../../http/context.js";
import { languageOf } from "../../http/problem.js";
import { translate } from "../../core/i18n.js";
import { unprocessable } from "../../core/problem.js";
import {
  readSupportForm,
  SUPPORT_FIELDS,
  SUPPORT_MAX_CHARS,
  SUPPORT_MAX_FILE_BYTES,
} from "./form.js";
import { sendSupportRequest } from "./service.js";

/**
 * `POST /form/support`: the support form, for visitors and signed-in users alike (multipart,
 * one optional attachment). In its own plugin scope with @fastify/multipart, so every other
 * route keeps refusing non-JSON bodies.
 */
export async function registerSupportRoutes(app: FastifyInstance, { db, config }: AppContext) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      // The route's limits are passed to request.parts(); these only back them up.
      limits: { fileSize: SUPPORT_MAX_FILE_BYTES, files: 1, parts: 20, fields: 10 },
    });
    scope.post("/form/support", async (request, reply) => {
      const upload = await readUpload(request, {
        maxFileBytes: SUPPORT_MAX_FILE_BYTES,
        textFields: SUPPORT_FIELDS,
        maxFieldBytes: 32 * 1024,
        maxChars: SUPPORT_MAX_CHARS,
      });
      const { input, violations } = readSupportForm(upload);
      if (!input) throw unprocessable(violations);
      const principal = request.principal;
      await sendSupportRequest(
        db,
        config,
        {
          companyId: principal?.companyId ?? null,
          userId: principal?.userId ?? null,
          email: principal?.email ?? null,
        },
        input,
      );
      return reply.code(201).send({ message: translate(languageOf(request), "supportForm.sent") });
    });
  });
}
