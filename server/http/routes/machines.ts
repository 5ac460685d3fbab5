import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { requireStaff } from "../auth.js";
import type { AppContext } from "../context.js";
import { fromLoopback } from "../dev-access.js";
import { notFound } from "../../core/problem.js";

/**
 * The generated machine data (`npm run machines:docs` writes it beside the Markdown pages).
 * The server reads the file rather than the machines: server/ never imports machines/.
 */
const DATA_FILE = fileURLToPath(new URL("../../../docs/machines/machines.json", import.meta.url));

/**
 * Header the web app's development build sends. Only a server in development honours it, only
 * from this machine itself (loopback), and only with it does the route answer without a staff
 * token: a production server, a LAN client or a plain request still needs the staff token.
 */
export const DEV_BYPASS_HEADER = "x-machines-dev";

/**
 * `GET /api/v2/admin/machines`: every flow machine's diagram, states, events, guards and path
 * coverage, for the auditor view (`/machines`). Staff only: the behaviour of the portal is
 * not for partners or visitors to browse.
 */
export async function registerMachineRoutes(
  app: FastifyInstance,
  { config }: AppContext,
): Promise<void> {
  app.get("/api/v2/admin/machines", async (request, reply) => {
    const bypass =
      config.env === "development" &&
      request.headers[DEV_BYPASS_HEADER] === "1" &&
      fromLoopback(request);
    if (!bypass) requireStaff(request);
    let text: string;
    try {
      text = await readFile(DATA_FILE, "utf8");
    } catch {
      throw notFound();
    }
    return reply
      .header("cache-control", "no-store")
      .type("application/json; charset=utf-8")
      .send(text);
  });
}
