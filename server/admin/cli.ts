import { loadConfig } from "../config.js";
import { openDatabase } from "../db/open.js";
import { hashPassword } from "../http/auth.js";

/**
 * `npm run admin -- <command>`: the back office from a terminal. This first version reads
 * companies, users and orders and resets passwords; approvals and order moves come with the
 * back-office API.
 */
const usage = `usage: npm run admin -- <command>
  companies                       list partner companies
  users [company-id]              list shop users
  orders [company-id] [--limit N] list recent orders (no carts)
  set-password <email> <password> set a shop user's password (at least 10 characters)`;

const [command, ...args] = process.argv.slice(2);
const config = loadConfig();
const { db, close } = await openDatabase(config);
try {
  switch (command) {
    case "companies": {
      const rows = await db
        .selectFrom("companies")
        .select(["id", "name", "currency_code", "minimal_order_value", "tax_number", "enabled"])
        .orderBy("id")
        .execute();
      console.table(rows);
      break;
    }
    case "users": {
      let q = db
        .selectFrom("shop_users")
        .select(["id", "company_id", "email", "first_name", "last_name", "roles", "enabled"])
        .orderBy("id");
      if (args[0]) q = q.where("company_id", "=", Number(args[0]));
      console.table((await q.execute()).map((u) => ({ ...u, roles: u.roles.join(",") })));
      break;
    }
    case "orders": {
      const limitAt = args.indexOf("--limit");
      const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : 20;
      const company = args[0] && args[0] !== "--limit" ? Number(args[0]) : undefined;
      let q = db
        .selectFrom("orders")
        .select([
          "number",
          "company_id",
          "state",
          "payment_state",
          "total",
          "currency_code",
          "checkout_completed_at",
        ])
        .where("state", "!=", "cart")
        .orderBy("checkout_completed_at", "desc")
        .limit(Number.isInteger(limit) && limit > 0 ? limit : 20);
      if (company) q = q.where("company_id", "=", company);
      console.table((await q.execute()).map((o) => ({ ...o, total: (o.total / 100).toFixed(2) })));
      break;
    }
    case "set-password": {
      const [email, password] = args;
      if (!email || !password || password.length < 10) {
        console.error("set-password needs an e-mail and a password of at least 10 characters");
        process.exitCode = 2;
        break;
      }
      const res = await db
        .updateTable("shop_users")
        .set({ password_hash: await hashPassword(password) })
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) {
        console.error(`No shop user with e-mail ${email}`);
        process.exitCode = 1;
      } else console.log(`Password changed for ${email}`);
      break;
    }
    default:
      console.log(usage);
      if (command && command !== "help") process.exitCode = 2;
  }
} finally {
  await close();
}
