import { existsSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { pgAvailable, startPgCluster } from "./pg-cluster.js";

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// Skipped rather than failed on machines without a PostgreSQL server install.
describe.skipIf(!pgAvailable())("startPgCluster", () => {
  it(
    "starts a usable loopback-only cluster and removes it on stop",
    { timeout: 60_000 },
    async () => {
      const cluster = await startPgCluster();
      try {
        expect(cluster.url).toBe(`postgres://postgres@127.0.0.1:${cluster.port}/postgres`);
        expect(existsSync(cluster.dataDir)).toBe(true);

        await withClient(cluster.url, async (client) => {
          await client.query("create database t1");
          const { rows } = await client.query<{ addr: string }>(
            "select inet_server_addr() as addr",
          );
          expect(rows[0]?.addr).toBe("127.0.0.1");
        });

        await withClient(cluster.urlFor("t1"), async (client) => {
          await client.query("create table items (id int primary key, name text not null)");
          await client.query("insert into items (id, name) values ($1, $2)", [1, "héllo"]);
          const { rows } = await client.query<{ id: number; name: string; db: string }>(
            "select id, name, current_database() as db from items",
          );
          expect(rows).toEqual([{ id: 1, name: "héllo", db: "t1" }]);
        });
      } finally {
        await cluster.stop();
      }

      expect(existsSync(cluster.dataDir)).toBe(false);
      // Second stop must be a no-op, not an error.
      await cluster.stop();

      const client = new pg.Client({
        connectionString: cluster.url,
        connectionTimeoutMillis: 2_000,
      });
      client.on("error", () => {});
      await expect(client.connect()).rejects.toThrow();
      await client.end().catch(() => {});
    },
  );
});
