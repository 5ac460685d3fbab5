import { loadConfig } from "../config.js";
import { openDatabase } from "./open.js";
import { seed } from "./seed/seed.js";

/** `npm run db:migrate` applies migrations; `npm run seed` replaces all data with the demo data. */
const command = process.argv[2];
const config = loadConfig();
const database = await openDatabase(config, { seedIfEmpty: false });
try {
  if (command === "seed") {
    await seed(database.db, { brandName: config.brandName });
    console.log(`Demo data written (${database.backend}).`);
  } else if (command === "migrate") {
    console.log(`Database is up to date (${database.backend}).`);
  } else {
    console.error("usage: cli.ts migrate|seed");
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
