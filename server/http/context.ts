import type { Kysely } from "kysely";
import type { ServerConfig } from "../config.js";
import type { DB } from "../db/schema.js";

/** What every route module receives. */
export interface AppContext {
  db: Kysely<DB>;
  config: ServerConfig;
}
