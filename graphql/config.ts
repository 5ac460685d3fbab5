import { z } from "zod";

/** The gateway's side of the configuration, parsed once (the server has its own). */
const schema = z.object({
  COMMERCE_API_URL: z.string().url().optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Where people reach the portal (the server's too): its origin may call /graphql. */
  PUBLIC_URL: z.string().url().optional(),
  /** Further origins (comma-separated) whose pages may call /graphql with credentials. */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? "")
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean);
      for (const o of list) {
        if (!/^https?:\/\/[^/\s]+$/.test(o))
          ctx.addIssue({ code: "custom", message: `not an origin (scheme://host[:port]): ${o}` });
      }
      return list;
    }),
});

export interface GatewayConfig {
  /** The REST API to front; unset: the commerce API of this same process. */
  commerceApiUrl: string | undefined;
  production: boolean;
  /**
   * Origins other than the portal's own whose pages may call /graphql from a browser (CORS
   * with credentials). The request's own origin (its Host) is always allowed.
   */
  corsOrigins?: string[];
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid gateway configuration:\n${lines.join("\n")}`);
  }
  return {
    commerceApiUrl: parsed.data.COMMERCE_API_URL?.replace(/\/$/, ""),
    production: parsed.data.NODE_ENV === "production",
    corsOrigins: [
      ...(parsed.data.PUBLIC_URL ? [new URL(parsed.data.PUBLIC_URL).origin] : []),
      ...parsed.data.CORS_ORIGINS,
    ],
  };
}
