import type { ExpressionBuilder, Kysely } from "kysely";
import type { DB } from "./schema.js";

/**
 * What a verified token is checked against on every request (server/http/auth.ts): the user
 * still enabled, in an enabled company, with the token's id not signed out; and signing a
 * token out.
 */

/** The filter "this token id was not signed out", for the queries that read the user. */
function notRevoked(jti: string) {
  return ({ not, exists, selectFrom }: ExpressionBuilder<DB, keyof DB>) =>
    not(exists(selectFrom("revoked_tokens").select("jti").where("jti", "=", jti)));
}

/**
 * The enabled shop user `id` of an enabled company, with what a principal carries (roles,
 * price list, currency) and the token version, unless the token `jti` was signed out; and the
 * catalogue version committed when it was read (decision 046), so that a catalogue answer held
 * in memory is checked without a statement of its own.
 */
export async function sessionShopUser(db: Kysely<DB>, id: number, jti: string) {
  // Every signed-in request runs this statement: it is built and compiled once per database
  // (building and compiling it was about 5% of a cached catalogue request's CPU, issue 22),
  // and only its two values change.
  let template = sessionTemplates.get(db);
  if (template === undefined) {
    template = sessionShopUserQuery(db, TEMPLATE_ID, TEMPLATE_JTI).compile();
    const values = template.parameters;
    if (!values.includes(TEMPLATE_ID) || !values.includes(TEMPLATE_JTI))
      throw new Error("the session statement does not take its id and jti as parameters");
    sessionTemplates.set(db, template);
  }
  const parameters = template.parameters.map((p) =>
    p === TEMPLATE_ID ? id : p === TEMPLATE_JTI ? jti : p,
  );
  const { rows } = await db.executeQuery<NonNullable<SessionRow>>({ ...template, parameters });
  return rows[0] as SessionRow;
}

/** Placeholders of the compiled session statement: values no request can send. */
const TEMPLATE_ID = -2_000_000_001;
const TEMPLATE_JTI = "\u0000session-template-jti";

type SessionShopUserQuery = ReturnType<typeof sessionShopUserQuery>;
type SessionRow = Awaited<ReturnType<SessionShopUserQuery["executeTakeFirst"]>>;
const sessionTemplates = new WeakMap<Kysely<DB>, ReturnType<SessionShopUserQuery["compile"]>>();

function sessionShopUserQuery(db: Kysely<DB>, id: number, jti: string) {
  return db
    .selectFrom("shop_users")
    .innerJoin("companies", "companies.id", "shop_users.company_id")
    .select([
      "shop_users.id",
      "shop_users.company_id",
      "shop_users.email",
      "shop_users.roles",
      "shop_users.token_version",
      "companies.price_list_code",
      "companies.currency_code",
    ])
    .select((eb) => eb.selectFrom("catalogue_version").select("version").as("catalogue_version"))
    .where("shop_users.id", "=", id)
    .where("shop_users.enabled", "=", true)
    .where("companies.enabled", "=", true)
    .where(notRevoked(jti));
}

/** As sessionShopUser, only the id and token version (a server-rendered page's session). */
export async function sessionShopUserVersion(db: Kysely<DB>, id: number, jti: string) {
  return db
    .selectFrom("shop_users")
    .innerJoin("companies", "companies.id", "shop_users.company_id")
    .select(["shop_users.id", "shop_users.token_version"])
    .where("shop_users.id", "=", id)
    .where("shop_users.enabled", "=", true)
    .where("companies.enabled", "=", true)
    .where(notRevoked(jti))
    .executeTakeFirst();
}

/** The enabled staff member `id`, unless the token `jti` was signed out. */
export async function sessionStaff(db: Kysely<DB>, id: number, jti: string) {
  return db
    .selectFrom("staff_users")
    .select(["id", "email"])
    .where("id", "=", id)
    .where("enabled", "=", true)
    .where(notRevoked(jti))
    .executeTakeFirst();
}

/**
 * Signs a token out for good: its id is kept until the token expires, and rows of tokens
 * that expired anyway are swept on the way.
 */
export async function revokeToken(db: Kysely<DB>, jti: string, expiresAt: number) {
  await db.deleteFrom("revoked_tokens").where("expires_at", "<", new Date()).execute();
  await db
    .insertInto("revoked_tokens")
    .values({ jti, expires_at: new Date(expiresAt) })
    .onConflict((oc) => oc.column("jti").doNothing())
    .execute();
}

/** The catalogue version committed now (decision 046): one row, one column. */
export async function catalogueVersion(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom("catalogue_version").select("version").executeTakeFirstOrThrow();
  return Number(row.version);
}
